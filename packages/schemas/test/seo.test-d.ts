import { describe, expectTypeOf, it } from 'vitest';
import type {
  SeoEditor,
  SeoIndexingResponse,
  SeoPlatform,
  SeoRoutes,
  SeoSetupStage,
  SeoSuggestionType,
} from '../src/cms/index.js';
import type { PerPage } from '../src/index.js';
import type { InputOf, OutputOf } from '../src/route.js';

type In<K extends keyof SeoRoutes, P extends 'params' | 'query' | 'body'> = InputOf<
  SeoRoutes[K][P & keyof SeoRoutes[K]]
>;
type Out<K extends keyof SeoRoutes, P extends 'params' | 'query' | 'body'> = OutputOf<
  SeoRoutes[K][P & keyof SeoRoutes[K]]
>;

type Suggestions = In<'POST /seo/v1/ai_generator/get_suggestions', 'body'>;
type Outline = In<'POST /seo/v1/ai_content_planner/get_outline', 'body'>;
type BulkQuery = In<'GET /seo/v1/bulk_editor/posts', 'query'>;
type SetupSteps = In<'POST /seo/v1/setup_steps_tracking', 'body'>;
type SiteRepresentation = In<'POST /seo/v1/configuration/site_representation', 'body'>;
type BulkSearch = In<'POST /seo/v1/bulk_editor/update_search', 'body'>;

const suggestions: Suggestions = {
  type: 'meta-description',
  prompt_content: 'c',
  focus_keyphrase: 'k',
  language: 'en',
  platform: 'Google',
  editor: 'gutenberg',
};
const outline: Outline = {
  post_type: 'post',
  language: 'en',
  editor: 'classic',
  title: 't',
  intent: 'i',
  explanation: 'e',
  keyphrase: 'k',
  meta_description: 'm',
  category: { name: '', id: -1 },
  recent_content: [{ title: 't', description: 'd' }],
};

describe('seo/v1 types', () => {
  it('pins the documented literal unions', () => {
    expectTypeOf<SeoSuggestionType>().toEqualTypeOf<
      | 'seo-title'
      | 'meta-description'
      | 'product-seo-title'
      | 'product-meta-description'
      | 'product-taxonomy-seo-title'
      | 'product-taxonomy-meta-description'
      | 'taxonomy-seo-title'
      | 'taxonomy-meta-description'
    >();
    expectTypeOf<Suggestions['type']>().toEqualTypeOf<SeoSuggestionType>();
    expectTypeOf<SeoSetupStage>().toEqualTypeOf<
      'install' | 'activate' | 'setup' | 'grantConsent' | 'successfullyConnected'
    >();
    expectTypeOf<SetupSteps['setup_widget_loaded']>().toEqualTypeOf<'yes' | 'no' | undefined>();
    expectTypeOf<SiteRepresentation['company_or_person']>().toEqualTypeOf<'company' | 'person'>();
    // One status or a list, as WordPress takes it (listParam).
    type BulkStatus = 'publish' | 'draft' | 'pending' | 'future';
    expectTypeOf<NonNullable<BulkQuery['status']>>().toEqualTypeOf<BulkStatus | BulkStatus[]>();
  });

  it('keeps platform and editor open while naming the known values', () => {
    expectTypeOf<SeoPlatform>().toEqualTypeOf<'Google' | 'Facebook' | 'Twitter' | (string & {})>();
    expectTypeOf<SeoEditor>().toEqualTypeOf<'classic' | 'elementor' | 'gutenberg' | (string & {})>();
    const other: Suggestions = { ...suggestions, platform: 'Mastodon', editor: 'divi' };
    // @ts-expect-error platform is a string
    const numeric: Suggestions = { ...suggestions, platform: 1 };
    void [other, numeric];
  });

  it('rejects bad enum values, unknown keys and missing required fields at compile time', () => {
    // @ts-expect-error not a suggestion type
    const badType: Suggestions = { ...suggestions, type: 'title' };
    // @ts-expect-error every get_suggestions field is required
    const missing: Suggestions = { type: 'seo-title', prompt_content: 'c', focus_keyphrase: 'k', language: 'en' };
    // @ts-expect-error recent_content items take no other properties
    const extraItem: Outline = { ...outline, recent_content: [{ title: 't', description: 'd', url: 'u' }] };
    // @ts-expect-error category needs both name and id
    const noId: Outline = { ...outline, category: { name: '' } };
    // @ts-expect-error yes or no
    const maybe: SetupSteps = { setup_widget_loaded: 'maybe' };
    // @ts-expect-error not a stage
    const stage: SetupSteps = { last_interaction_stage: 'done' };
    // @ts-expect-error company or person
    const both: SiteRepresentation = { company_or_person: 'both' };
    // @ts-expect-error not a bulk editor status
    const privateStatus: BulkQuery = { content_type: 'post', status: ['private'] };
    // @ts-expect-error content_type is required
    const noType: BulkQuery = { per_page: 10 };
    // @ts-expect-error per_page is a number
    const perPageString: BulkQuery = { content_type: 'post', per_page: '500' };
    // @ts-expect-error per_page is 1-100 (typed PerPage, checked at run time too: seo.test.ts)
    const perPage500: BulkQuery = { content_type: 'post', per_page: 500 };
    // @ts-expect-error bulk update items need the post id
    const noPostId: BulkSearch = { items: [{ seo_title: 'T' }] };
    // @ts-expect-error unknown key
    const typo: BulkQuery = { content_type: 'post', perPage: 10 };
    void [
      badType,
      missing,
      extraItem,
      noId,
      noPostId,
      maybe,
      stage,
      both,
      privateStatus,
      noType,
      perPageString,
      perPage500,
      typo,
    ];
  });

  it('makes defaults optional on input and present on output', () => {
    expectTypeOf<BulkQuery['per_page']>().toEqualTypeOf<PerPage | undefined>();
    type BulkOut = Out<'GET /seo/v1/bulk_editor/posts', 'query'>;
    expectTypeOf<BulkOut['per_page']>().toEqualTypeOf<PerPage>();
    expectTypeOf<BulkOut['search']>().toEqualTypeOf<string>();
    expectTypeOf<Out<'POST /seo/v1/introductions/{introduction_id}/seen', 'body'>>().toEqualTypeOf<{
      is_seen: boolean;
    }>();
  });

  it('types path params and responses', () => {
    expectTypeOf<In<'POST /seo/v1/import/{plugin}/{type}', 'params'>>().toEqualTypeOf<{
      plugin: string;
      type: string;
    }>();
    expectTypeOf<In<'POST /seo/v1/introductions/{introduction_id}/seen', 'params'>>().toEqualTypeOf<{
      introduction_id: string;
    }>();
    expectTypeOf<SeoIndexingResponse['next_url']>().toEqualTypeOf<string | false | undefined>();
    expectTypeOf<OutputOf<SeoRoutes['POST /seo/v1/ai_generator/get_suggestions']['response']>>().toEqualTypeOf<
      string[]
    >();
    expectTypeOf<OutputOf<SeoRoutes['GET /seo/v1/statistics']['response']>>().toEqualTypeOf<unknown>();
    expectTypeOf<SeoRoutes['GET /seo/v1/statistics']['auth']>().toEqualTypeOf<'required'>();
    expectTypeOf<SeoRoutes['GET /seo/v1/statistics']['namespace']>().toEqualTypeOf<'seo'>();
  });
});
