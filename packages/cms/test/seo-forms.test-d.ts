import { describe, expectTypeOf, it } from 'vitest';
import type { CmsClient } from '../src/index.js';

declare const cms: CmsClient;

describe('seo/v1 and forms/v1 method types', () => {
  it('methods are named from the operationIds and grouped by feature', () => {
    expectTypeOf(cms.seo.ai.getSuggestions).toBeFunction();
    expectTypeOf(cms.seo.bulkEditor.posts).toBeFunction();
    expectTypeOf(cms.forms.setupWizard.completeSetupWizard).toBeFunction();
  });

  it('inputs are typed by the route: enums and unknown keys do not compile', () => {
    void cms.seo.ai.getSuggestions({
      // @ts-expect-error 'nope' is not a suggestion type
      type: 'nope',
      prompt_content: 'x',
      focus_keyphrase: 'k',
      language: 'en',
      platform: 'Google',
      editor: 'classic',
    });
    // @ts-expect-error consent is required
    void cms.seo.ai.consent({});
    // @ts-expect-error unknown key
    void cms.forms.setupWizard.completeSetupWizard({ outcome: 'import', extra: 1 });
  });
});
