/** Valid example inputs of every seo/v1 and forms/v1 route (shared by the schema tests and the CMS client's tests). */
import { SEO_NO_CATEGORY } from '../src/cms/index.js';

type Part = 'params' | 'query' | 'body';
/** Example parts of one route. */
export type Example = Partial<Record<Part, unknown>>;

export const long = (n: number) => 'x'.repeat(n);
export const recent = (n: number, item = { title: 't', description: 'd' }) =>
  Array.from({ length: n }, () => ({ ...item }));
export const OUTLINE = {
  post_type: 'post',
  language: 'en',
  editor: 'gutenberg',
  title: 'How to brew',
  intent: 'Educational',
  explanation: 'Steps',
  keyphrase: 'brew coffee',
  meta_description: 'Learn to brew.',
  category: SEO_NO_CATEGORY,
  recent_content: recent(2),
};
export const SUGGESTIONS = {
  type: 'seo-title',
  prompt_content: 'Coffee at home',
  focus_keyphrase: 'coffee',
  language: 'en',
  platform: 'Google',
  editor: 'classic',
};

// One valid input per route that takes any; routes without params, query or body need none.
export const SEO_EXAMPLES: Record<string, Example> = {
  'GET /seo/v1': { query: { namespace: 'seo/v1', context: 'view' } },
  'GET /seo/v1/file_size': { query: { url: 'http://example.test/wp-content/uploads/a.png' } },
  'POST /seo/v1/ai_generator/callback': {
    body: { access_jwt: 'a', refresh_jwt: 'r', code_challenge: 'c', user_id: 1 },
  },
  'POST /seo/v1/ai_generator/refresh_callback': {
    body: { access_jwt: 'a', refresh_jwt: 'r', code_challenge: 'c', user_id: 1 },
  },
  'POST /seo/v1/ai_generator/consent': { body: { consent: true } },
  'POST /seo/v1/ai_generator/get_suggestions': { body: SUGGESTIONS },
  'POST /seo/v1/ai_generator/get_usage': { body: { is_shop_product_entity: true } },
  'POST /seo/v1/ai_content_planner/banner_permanent_dismissal': { body: { is_dismissed: true } },
  'GET /seo/v1/ai_content_planner/get_suggestions': {
    query: { post_type: 'post', language: 'en', editor: 'elementor' },
  },
  'POST /seo/v1/ai_content_planner/get_outline': { body: OUTLINE },
  'GET /seo/v1/bulk_editor/posts': {
    query: { content_type: 'post', per_page: 50, page: 2, search: 'a', status: ['draft'] },
  },
  'POST /seo/v1/bulk_editor/update_search': { body: { items: [{ id: 1, seo_title: 'T', meta_description: 'D' }] } },
  'POST /seo/v1/bulk_editor/update_social': {
    body: { items: [{ id: 2, social_title: 'T', social_description: 'D' }, { id: 3 }] },
  },
  'POST /seo/v1/new-content-type-visibility/dismiss-post-type': { body: { postTypeName: 'book' } },
  'POST /seo/v1/new-content-type-visibility/dismiss-taxonomy': { body: { taxonomyName: 'genre' } },
  'POST /seo/v1/site_integration_configuration_permanent_dismissal': { body: { is_dismissed: false } },
  'GET /seo/v1/readability_scores': {
    query: { contentType: 'post', taxonomy: 'category', term: 3, troubleshooting: true },
  },
  'GET /seo/v1/seo_scores': { query: { contentType: 'page' } },
  'POST /seo/v1/setup_steps_tracking': {
    body: {
      setup_widget_loaded: 'yes',
      setup_widget_temporarily_dismissed: 'no',
      setup_widget_permanently_dismissed: 'no',
      first_interaction_stage: 'install',
      last_interaction_stage: 'successfullyConnected',
    },
  },
  'POST /seo/v1/introductions/{introduction_id}/seen': {
    params: { introduction_id: 'ai-brand_insights2' },
    body: { is_seen: false },
  },
  'POST /seo/v1/video_embed_permission': { body: { value: false } },
  'GET /seo/v1/available_posts': { query: { search: 'about', postType: 'post' } },
  'POST /seo/v1/alerts/dismiss': { body: { key: 'wpseo-upsell' } },
  'POST /seo/v1/configuration/site_representation': {
    body: {
      company_or_person: 'company',
      company_name: 'Acme',
      company_logo: 'http://example.test/logo.png',
      company_logo_id: 7,
      person_logo: '',
      person_logo_id: 0,
      company_or_person_user_id: 1,
      description: 'We make things',
    },
  },
  'POST /seo/v1/configuration/social_profiles': {
    body: { first_social_site: 'https://a.test/acme', second_social_site: '', other_social_urls: ['https://b.test'] },
  },
  'GET /seo/v1/configuration/check_capability': { query: { user_id: 2 } },
  'POST /seo/v1/configuration/enable_tracking': { body: { tracking: false } },
  'POST /seo/v1/configuration/save_configuration_state': { body: { finishedSteps: ['siteRepresentation'] } },
  'POST /seo/v1/import/{plugin}/{type}': { params: { plugin: 'aioseo', type: 'custom_archive-settings' } },
  'GET /seo/v1/get_head': { query: { url: 'http://example.test/about/' } },
  'POST /seo/v1/integrations/set_active': { body: { active: true, integration: 'semrush' } },
  'POST /seo/v1/keyword_tool/authenticate': { body: { code: 'oauth-code' } },
  'POST /seo/v1/keyword_tool/country_code': { body: { country_code: 'us' } },
  'GET /seo/v1/keyword_tool/related_keyphrases': { query: { keyphrase: 'coffee', country_code: 'us' } },
  'POST /seo/v1/rank_tracker/authenticate': { body: { code: 'oauth-code', websiteId: 42 } },
  'POST /seo/v1/rank_tracker/keyphrases/track': { body: { keyphrases: ['coffee'] } },
  'POST /seo/v1/rank_tracker/keyphrases': {
    body: { keyphrases: ['coffee'], permalink: 'http://example.test/a/', startAt: '2026-01-01' },
  },
  'POST /seo/v1/complete_task': { body: { options: { task: 'set-up-site' } } },
  'GET /seo/v1/get_tasks': { query: { options: { filter: 'open', limit: 5 } } },
  'POST /seo/v1/action_tracking': { body: { action: 'clicked-upsell' } },
};

// One valid input per route that takes any.
export const FORMS_EXAMPLES: Record<string, Example> = {
  'GET /forms/v1': { query: { namespace: 'forms/v1', context: 'view' } },
  'POST /forms/v1/setup-wizard/install-plugins': { body: { plugins: ['wpforms-lite', 'uncanny-automator'] } },
  'POST /forms/v1/setup-wizard/complete': { body: { outcome: 'import' } },
  'POST /forms/v1/setup-wizard/license/verify': { body: { key: 'abc123' } },
};
