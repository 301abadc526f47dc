import type { CmsClient } from '@viewlink/cms';

// A stock WordPress with Yoast SEO and WPForms: new CmsClient({ ..., compat: 'wordpress' })
declare const cms: CmsClient;

const suggestions = await cms.seo.ai.getSuggestions({
  type: 'seo-title',
  prompt_content: 'Brewing coffee at home',
  focus_keyphrase: 'coffee',
  language: 'en',
  platform: 'Google',
  editor: 'gutenberg',
});
await cms.forms.setupWizard.completeSetupWizard({ outcome: 'import' });

export { suggestions };
