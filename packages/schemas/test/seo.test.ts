import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  cmsRoutes,
  SEO_KNOWN_EDITORS,
  SEO_KNOWN_PLATFORMS,
  SEO_NO_CATEGORY,
  SEO_SUGGESTION_TYPES,
  seoAiErrorBody,
  seoEditor,
  seoIndexingResponse,
  seoPlatform,
  seoRoutes,
  seoUnknown,
} from '../src/cms/index.js';
import { expandPath, pathPattern, type RouteDef } from '../src/route.js';
import { long, OUTLINE, recent, SEO_EXAMPLES, SUGGESTIONS } from './seo-forms-examples.js';
import { keysOfRow, specRows } from './seo-forms-spec.js';

type Part = 'params' | 'query' | 'body';
const routes = seoRoutes as Record<string, RouteDef>;

const EXAMPLES = SEO_EXAMPLES;

/** The example input of a route's part (fails the test when there is none). */
const exampleOf = (key: string, part: Part) => {
  const example = EXAMPLES[key]?.[part];
  if (!example) throw new Error(`no ${part} example for ${key}`);
  return example as Record<string, unknown>;
};
const parse = (key: string, part: Part, value: unknown) => {
  const schema = routes[key]?.[part];
  if (!schema) throw new Error(`${key} has no ${part} schema`);
  return z.safeParse(schema, value);
};
/** Paths of the issues of a failed parse (unknown keys are reported with their names). */
const issuePaths = (key: string, part: Part, value: unknown) => {
  const result = parse(key, part, value);
  expect(result.success, `${key} ${part} should refuse ${JSON.stringify(value).slice(0, 80)}`).toBe(false);
  return (result.error?.issues ?? []).map((i) => [...i.path, ...('keys' in i ? (i.keys as string[]) : [])].join('.'));
};

describe('seo/v1 routes against the spec table', () => {
  const rows = specRows('seo/v1 routes');

  it('has one route per method and path of every row', () => {
    // Spec "### seo/v1 routes": 45 rows. Rows naming several paths or methods expand: callback and
    // refresh_callback (+1), bust_subscription_cache ; ai/free_sparks (+1), update_search ; update_social (+1),
    // readability_scores ; seo_scores (+1), GET, POST video_embed_permission (+1), 7 indexing + 2 link-indexing
    // (+8), 3 rank_tracker GETs (+2), GET, POST workouts (+1): 45 + 16 = 61 routes.
    expect(rows).toHaveLength(45);
    expect(Object.keys(seoRoutes)).toHaveLength(61);
    expect(new Set(rows.flatMap(keysOfRow))).toEqual(new Set(Object.keys(seoRoutes)));
  });

  it('is merged into cmsRoutes', () => {
    for (const key of Object.keys(seoRoutes)) expect(cmsRoutes).toHaveProperty([key]);
  });

  it('marks every route as seo, not on stock WordPress, not batchable, with unique operationIds', () => {
    const all = Object.values(cmsRoutes as Record<string, RouteDef>).map((r) => r.operationId);
    expect(new Set(all).size).toBe(all.length);
    for (const r of Object.values(routes)) {
      expect(r.namespace, r.path).toBe('seo');
      expect(r.notOnWordPress, r.path).toBe(true);
      expect(r.batchable, r.path).toBeUndefined();
      expect(r.operationId).toMatch(/^(seo|getSeo)[A-Z]/);
    }
  });

  it('needs a login everywhere except the namespace index, the AI callbacks and get_head', () => {
    const open = Object.entries(routes)
      .filter(([, r]) => r.auth !== 'required')
      .map(([key, r]) => `${key} ${r.auth}`);
    expect(open.sort()).toEqual([
      'GET /seo/v1 none',
      'GET /seo/v1/get_head none',
      'POST /seo/v1/ai_generator/callback none',
      'POST /seo/v1/ai_generator/refresh_callback none',
    ]);
  });

  it('puts GET and DELETE parameters in the query and POST parameters in the body', () => {
    for (const r of Object.values(routes)) {
      if (r.method === 'POST') expect(r.query, r.path).toBeUndefined();
      else expect(r.body, r.path).toBeUndefined();
    }
  });
});

describe('seo/v1 inputs', () => {
  it('accepts the example of every route and has an example for every route that takes input', () => {
    for (const [key, r] of Object.entries(routes)) {
      const example = EXAMPLES[key] ?? {};
      for (const part of ['params', 'query', 'body'] as const) {
        if (!r[part]) {
          expect(example[part], `${key} takes no ${part}`).toBeUndefined();
          continue;
        }
        const value = example[part] ?? {};
        // A schema with a required field must have an example of its own.
        const result = parse(key, part, value);
        expect(result.error?.issues, `${key} ${part}`).toBeUndefined();
      }
    }
  });

  it('refuses unknown keys in every params, query and body schema, naming them', () => {
    for (const [key, r] of Object.entries(routes)) {
      for (const part of ['params', 'query', 'body'] as const) {
        if (!r[part]) continue;
        const value = { ...((EXAMPLES[key]?.[part] as object | undefined) ?? {}), not_a_param: 1 };
        expect(issuePaths(key, part, value), `${key} ${part}`).toContain('not_a_param');
      }
    }
  });

  it('refuses each missing required field, naming it', () => {
    const required: Array<[string, Part, string[]]> = [
      ['GET /seo/v1/file_size', 'query', ['url']],
      ['POST /seo/v1/ai_generator/callback', 'body', ['access_jwt', 'refresh_jwt', 'code_challenge', 'user_id']],
      ['POST /seo/v1/ai_generator/consent', 'body', ['consent']],
      ['POST /seo/v1/ai_generator/get_suggestions', 'body', Object.keys(SUGGESTIONS)],
      ['POST /seo/v1/ai_content_planner/banner_permanent_dismissal', 'body', ['is_dismissed']],
      ['GET /seo/v1/ai_content_planner/get_suggestions', 'query', ['post_type', 'language', 'editor']],
      ['POST /seo/v1/ai_content_planner/get_outline', 'body', Object.keys(OUTLINE)],
      ['GET /seo/v1/bulk_editor/posts', 'query', ['content_type']],
      ['POST /seo/v1/bulk_editor/update_search', 'body', ['items']],
      ['POST /seo/v1/site_integration_configuration_permanent_dismissal', 'body', ['is_dismissed']],
      ['GET /seo/v1/readability_scores', 'query', ['contentType']],
      ['POST /seo/v1/alerts/dismiss', 'body', ['key']],
      ['POST /seo/v1/configuration/site_representation', 'body', ['company_or_person']],
      ['GET /seo/v1/configuration/check_capability', 'query', ['user_id']],
      ['POST /seo/v1/configuration/enable_tracking', 'body', ['tracking']],
      ['POST /seo/v1/configuration/save_configuration_state', 'body', ['finishedSteps']],
      ['GET /seo/v1/get_head', 'query', ['url']],
      ['POST /seo/v1/integrations/set_active', 'body', ['active', 'integration']],
      ['POST /seo/v1/keyword_tool/authenticate', 'body', ['code']],
      ['POST /seo/v1/keyword_tool/country_code', 'body', ['country_code']],
      ['GET /seo/v1/keyword_tool/related_keyphrases', 'query', ['keyphrase', 'country_code']],
      ['POST /seo/v1/rank_tracker/authenticate', 'body', ['code', 'websiteId']],
      ['POST /seo/v1/rank_tracker/keyphrases/track', 'body', ['keyphrases']],
      ['POST /seo/v1/complete_task', 'body', ['options']],
      ['POST /seo/v1/action_tracking', 'body', ['action']],
    ];
    for (const [key, part, fields] of required) {
      for (const field of fields) {
        const { [field]: _, ...rest } = exampleOf(key, part);
        expect(issuePaths(key, part, rest), `${key} without ${field}`).toContain(field);
      }
    }
    expect(issuePaths('POST /seo/v1/complete_task', 'body', { options: {} })).toContain('options.task');
    expect(
      issuePaths('POST /seo/v1/ai_content_planner/get_outline', 'body', { ...OUTLINE, category: { name: '' } }),
    ).toContain('category.id');
  });

  it('refuses every documented enum and type violation, naming the field', () => {
    const bad: Array<[string, Part, Record<string, unknown>, string]> = [
      ['POST /seo/v1/ai_generator/get_suggestions', 'body', { ...SUGGESTIONS, type: 'title' }, 'type'],
      ['POST /seo/v1/ai_generator/get_suggestions', 'body', { ...SUGGESTIONS, platform: 3 }, 'platform'],
      ['POST /seo/v1/ai_generator/get_suggestions', 'body', { ...SUGGESTIONS, editor: null }, 'editor'],
      [
        'POST /seo/v1/ai_generator/callback',
        'body',
        { ...exampleOf('POST /seo/v1/ai_generator/callback', 'body'), user_id: '1' },
        'user_id',
      ],
      ['POST /seo/v1/ai_generator/get_usage', 'body', { is_shop_product_entity: 'yes' }, 'is_shop_product_entity'],
      ['GET /seo/v1/bulk_editor/posts', 'query', { content_type: 'post', status: ['private'] }, 'status.0'],
      ['POST /seo/v1/setup_steps_tracking', 'body', { setup_widget_loaded: 'maybe' }, 'setup_widget_loaded'],
      [
        'POST /seo/v1/setup_steps_tracking',
        'body',
        { setup_widget_temporarily_dismissed: true },
        'setup_widget_temporarily_dismissed',
      ],
      [
        'POST /seo/v1/setup_steps_tracking',
        'body',
        { setup_widget_permanently_dismissed: 'YES' },
        'setup_widget_permanently_dismissed',
      ],
      ['POST /seo/v1/setup_steps_tracking', 'body', { first_interaction_stage: 'done' }, 'first_interaction_stage'],
      [
        'POST /seo/v1/setup_steps_tracking',
        'body',
        { last_interaction_stage: 'grantconsent' },
        'last_interaction_stage',
      ],
      ['POST /seo/v1/configuration/site_representation', 'body', { company_or_person: 'both' }, 'company_or_person'],
      [
        'POST /seo/v1/configuration/site_representation',
        'body',
        { company_or_person: 'person', person_logo_id: 1.5 },
        'person_logo_id',
      ],
      ['POST /seo/v1/rank_tracker/authenticate', 'body', { code: 'c', websiteId: '42' }, 'websiteId'],
      ['POST /seo/v1/video_embed_permission', 'body', { value: 'true' }, 'value'],
      ['POST /seo/v1/introductions/{introduction_id}/seen', 'body', { is_seen: 1 }, 'is_seen'],
      ['GET /seo/v1/readability_scores', 'query', { contentType: 'post', term: 'x' }, 'term'],
      ['GET /seo/v1/get_tasks', 'query', { options: { limit: 1.5 } }, 'options.limit'],
      [
        'POST /seo/v1/configuration/social_profiles',
        'body',
        { other_social_urls: 'https://a.test' },
        'other_social_urls',
      ],
      ['POST /seo/v1/bulk_editor/update_search', 'body', { items: [{ seo_title: 'T' }] }, 'items.0.id'],
      ['POST /seo/v1/bulk_editor/update_search', 'body', { items: [{ id: 0 }] }, 'items.0.id'],
      [
        'POST /seo/v1/bulk_editor/update_search',
        'body',
        { items: [{ id: 1, meta_description: 5 }] },
        'items.0.meta_description',
      ],
      [
        'POST /seo/v1/bulk_editor/update_social',
        'body',
        { items: [{ id: 1, social_title: null }] },
        'items.0.social_title',
      ],
    ];
    for (const [key, part, value, field] of bad)
      expect(issuePaths(key, part, value), `${key} ${field}`).toContain(field);
  });

  it('takes every get_suggestions type', () => {
    expect(SEO_SUGGESTION_TYPES).toHaveLength(8);
    for (const type of SEO_SUGGESTION_TYPES)
      expect(parse('POST /seo/v1/ai_generator/get_suggestions', 'body', { ...SUGGESTIONS, type }).success).toBe(true);
  });
});

describe('seo/v1 limits', () => {
  const outline = 'POST /seo/v1/ai_content_planner/get_outline';
  it('recent_content: at most 100 items', () => {
    expect(parse(outline, 'body', { ...OUTLINE, recent_content: recent(100) }).success).toBe(true);
    expect(parse(outline, 'body', { ...OUTLINE, recent_content: [] }).success).toBe(true);
    expect(issuePaths(outline, 'body', { ...OUTLINE, recent_content: recent(101) })).toEqual(['recent_content']);
  });
  it('recent_content: title at most 500, description at most 1,000 characters', () => {
    const at = (title: string, description: string) => ({ ...OUTLINE, recent_content: [{ title, description }] });
    expect(parse(outline, 'body', at(long(500), long(1000))).success).toBe(true);
    expect(issuePaths(outline, 'body', at(long(501), 'd'))).toEqual(['recent_content.0.title']);
    expect(issuePaths(outline, 'body', at('t', long(1001)))).toEqual(['recent_content.0.description']);
  });
  it('recent_content: items take no other properties and need both', () => {
    const extra = { ...OUTLINE, recent_content: [{ title: 't', description: 'd', url: 'http://x' }] };
    expect(issuePaths(outline, 'body', extra)).toEqual(['recent_content.0.url']);
    expect(issuePaths(outline, 'body', { ...OUTLINE, recent_content: [{ title: 't' }] })).toEqual([
      'recent_content.0.description',
    ]);
  });
  it('category: `{ name: "", id: -1 }` means none and passes', () => {
    expect(SEO_NO_CATEGORY).toEqual({ name: '', id: -1 });
    expect(parse(outline, 'body', { ...OUTLINE, category: { name: 'News', id: 4 } }).success).toBe(true);
    expect(issuePaths(outline, 'body', { ...OUTLINE, category: { name: 'News', id: '4' } })).toEqual(['category.id']);
  });

  const bulk = 'GET /seo/v1/bulk_editor/posts';
  it('bulk editor per_page 1-100 and page >= 1, integers', () => {
    for (const per_page of [1, 100])
      expect(parse(bulk, 'query', { content_type: 'post', per_page }).success).toBe(true);
    for (const per_page of [0, 101, 500, 2.5])
      expect(issuePaths(bulk, 'query', { content_type: 'post', per_page })).toEqual(['per_page']);
    for (const page of [0, -1, 1.5])
      expect(issuePaths(bulk, 'query', { content_type: 'post', page })).toEqual(['page']);
  });
});

describe('seo/v1 bulk editor items', () => {
  it('type the known fields of the real plugin and let other fields through (the plugin renames them)', () => {
    const result = parse('POST /seo/v1/bulk_editor/update_search', 'body', { items: [{ id: 1, title: 'old name' }] });
    expect(result.data).toEqual({ items: [{ id: 1, title: 'old name' }] });
  });
});

describe('seo/v1 defaults', () => {
  const out = (key: string, part: Part, value: unknown) => {
    const result = parse(key, part, value);
    expect(result.error?.issues).toBeUndefined();
    return result.data;
  };
  it('bulk editor: per_page 20, page 1, search empty, status publish/draft/pending/future', () => {
    expect(out('GET /seo/v1/bulk_editor/posts', 'query', { content_type: 'post' })).toEqual({
      content_type: 'post',
      per_page: 20,
      page: 1,
      search: '',
      status: ['publish', 'draft', 'pending', 'future'],
    });
  });
  it('the other documented defaults', () => {
    expect(out('POST /seo/v1/ai_generator/get_usage', 'body', {})).toEqual({ is_shop_product_entity: false });
    expect(out('POST /seo/v1/introductions/{introduction_id}/seen', 'body', {})).toEqual({ is_seen: true });
    expect(out('POST /seo/v1/video_embed_permission', 'body', {})).toEqual({ value: true });
    expect(out('GET /seo/v1/available_posts', 'query', {})).toEqual({ search: '', postType: 'page' });
    expect(out('GET /seo/v1/seo_scores', 'query', { contentType: 'post' })).toEqual({
      contentType: 'post',
      taxonomy: '',
    });
    expect(out('GET /seo/v1', 'query', {})).toEqual({ context: 'view' });
  });
});

describe('seo/v1 path patterns', () => {
  const seen = 'POST /seo/v1/introductions/{introduction_id}/seen';
  const imp = 'POST /seo/v1/import/{plugin}/{type}';
  it('introduction_id: letters, digits, underscore, hyphen', () => {
    for (const id of ['ai-fix-assessments', 'Google_docs2', '1'])
      expect(parse(seen, 'params', { introduction_id: id }).success).toBe(true);
    for (const id of ['', 'a b', 'a/b', 'a.b', 'ünïcode', 'a%20b'])
      expect(issuePaths(seen, 'params', { introduction_id: id })).toEqual(['introduction_id']);
  });
  it('import {plugin}/{type}: letters, digits, underscore, hyphen, each', () => {
    expect(issuePaths(imp, 'params', { plugin: 'a.b', type: 'posts' })).toEqual(['plugin']);
    expect(issuePaths(imp, 'params', { plugin: 'aioseo', type: 'x/y' })).toEqual(['type']);
    expect(issuePaths(imp, 'params', { plugin: 'aioseo' })).toEqual(['type']);
  });
  it('a valid path expands and matches back to the same params', () => {
    const path = routes[imp]?.path ?? '';
    const url = expandPath(path, { plugin: 'aioseo', type: 'cleanup' });
    expect(url).toBe('/seo/v1/import/aioseo/cleanup');
    const groups = pathPattern(path).exec(url)?.groups;
    expect(parse(imp, 'params', { ...groups }).success).toBe(true);
    // A matched but malformed segment is refused by the params schema, not sent.
    const odd = pathPattern(routes[seen]?.path ?? '').exec('/seo/v1/introductions/a.b/seen')?.groups;
    expect(parse(seen, 'params', { ...odd }).success).toBe(false);
  });
});

describe('seo/v1 loosely named values', () => {
  it('platform and editor accept the known values of the real plugin and stay open', () => {
    expect(SEO_KNOWN_PLATFORMS).toEqual(['Google', 'Facebook', 'Twitter']);
    expect(SEO_KNOWN_EDITORS).toEqual(['classic', 'elementor', 'gutenberg']);
    for (const v of [...SEO_KNOWN_PLATFORMS, 'Mastodon']) expect(z.safeParse(seoPlatform, v).success).toBe(true);
    for (const v of [...SEO_KNOWN_EDITORS, 'divi']) expect(z.safeParse(seoEditor, v).success).toBe(true);
    expect(z.safeParse(seoPlatform, 1).success).toBe(false);
  });
  it('lists the known values in the JSON Schema (and so in OpenAPI)', () => {
    const json = JSON.stringify(z.toJSONSchema(seoPlatform));
    for (const v of SEO_KNOWN_PLATFORMS) expect(json).toContain(`"${v}"`);
  });
});

describe('seo/v1 responses', () => {
  it('parse any body where the spec shows none, and keep unknown fields where the shape is known', () => {
    for (const [key, r] of Object.entries(routes)) {
      if (r.response === seoUnknown)
        for (const body of [{ success: true, extra: [1] }, 'ok', [1], true, null])
          expect(z.safeParse(r.response, body).success, key).toBe(true);
    }
    expect(z.parse(seoIndexingResponse, { objects: [], next_url: false, total: 3 })).toEqual({
      objects: [],
      next_url: false,
      total: 3,
    });
    expect(z.safeParse(seoIndexingResponse, { next_url: 'http://x/seo/v1/indexing/posts' }).success).toBe(true);
    expect(z.safeParse(seoIndexingResponse, { next_url: true }).success).toBe(false);
    const outline = routes['POST /seo/v1/ai_content_planner/get_outline']?.response;
    const body = { outline: [{ subheading_text: null, content_notes: ['intro'], level: 2 }], model: 'x' };
    expect(z.parse(outline!, body)).toEqual(body);
    const ideas = routes['GET /seo/v1/ai_content_planner/get_suggestions']?.response;
    expect(
      z.safeParse(ideas!, { suggestions: [{ title: 't', category: { name: '', id: -1 }, score: 1 }] }).success,
    ).toBe(true);
    expect(
      z.parse(seoAiErrorBody, {
        message: 'Payment required',
        errorIdentifier: 'PAYMENT_REQUIRED',
        missingLicenses: ['ai'],
      }),
    ).toMatchObject({ errorIdentifier: 'PAYMENT_REQUIRED' });
    expect(z.safeParse(seoAiErrorBody, 'Failed to get suggestions.').success).toBe(true);
    expect(z.safeParse(seoAiErrorBody, { errorIdentifier: 'X' }).success).toBe(false);
    const suggestions = routes['POST /seo/v1/ai_generator/get_suggestions']?.response;
    expect(z.parse(suggestions!, ['A title', 'Another'])).toEqual(['A title', 'Another']);
  });
});
