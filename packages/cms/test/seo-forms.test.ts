/** Every seo/v1 and forms/v1 route through the client's generated methods, against the CMS fake. */
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { formsRoutes, type RouteDef, seoRoutes } from '@viewlink/schemas';
import { describe, expect, it } from 'vitest';
import { FORMS_EXAMPLES, SEO_EXAMPLES } from '../../schemas/test/seo-forms-examples.js';
import { AuthenticationError, CmsClient, ValidationError } from '../src/index.js';
import { countingFetch, useMswServer } from './helpers.js';

const server = useMswServer();
const SITE = 'http://127.0.0.1:9913';

function client(auth = true) {
  server.use(...toMswHandlers(SITE, createMockService()));
  const fetch = countingFetch();
  const cms = new CmsClient({
    baseUrl: SITE,
    restRoot: `${SITE}/wp-json/`,
    ...(auth ? { auth: { username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' } } : {}),
    fetch,
  });
  return { cms, fetch };
}

/**
 * Loads `cms.seo` and `cms.forms` (their code and routes come in on the first call, so a page
 * that never calls them does not load them): a call of a name no group has loads them and is
 * refused, naming it.
 */
async function loadMethods(cms: CmsClient): Promise<void> {
  // A name the types do not have, read as a caller without types would.
  const nope = (features: object, group: string): Promise<unknown> =>
    Reflect.get(Reflect.get(features, group), 'nope')();
  await expect(nope(cms.seo, 'ai')).rejects.toThrow(new TypeError('seo.ai.nope is not a method'));
  await expect(nope(cms.forms, 'setupWizard')).rejects.toThrow(new TypeError('forms.setupWizard.nope is not a method'));
}

/** The generated method of a route: group by file, name from the operationId. */
function methodOf(cms: CmsClient, key: string): ((input?: unknown) => Promise<unknown>) | undefined {
  for (const group of [...Object.values(cms.seo), ...Object.values(cms.forms)] as Record<string, unknown>[]) {
    for (const method of Object.values(group)) {
      if ((method as { routeKey?: string }).routeKey === key) return method as (input?: unknown) => Promise<unknown>;
    }
  }
  return undefined;
}

const flat = (example: { params?: unknown; query?: unknown; body?: unknown } = {}) => ({
  ...(example.params as object),
  ...(example.query as object),
  ...(example.body as object),
});

describe('seo/v1 and forms/v1 methods', () => {
  const all = { ...seoRoutes, ...formsRoutes } as Record<string, RouteDef>;
  const examples = { ...SEO_EXAMPLES, ...FORMS_EXAMPLES };
  const callable = Object.keys(all).filter((key) => key !== 'GET /seo/v1' && key !== 'GET /forms/v1');

  it('has one method per route, grouped by feature', async () => {
    const { cms, fetch } = client();
    expect(typeof cms.seo.ai.getSuggestions).toBe('function');
    expect(typeof cms.seo.indexing.indexPosts).toBe('function');
    expect(typeof cms.forms.setupWizard.completeSetupWizard).toBe('function');
    // Before the first call the methods are stand-ins (nothing loaded, nothing to list).
    expect(Object.keys(cms.seo)).toEqual([]);
    await loadMethods(cms);
    expect(fetch.calls).toHaveLength(0);
    expect(Object.keys(cms.seo)).toContain('ai');
    for (const key of callable) expect(methodOf(cms, key), key).toBeTypeOf('function');
  });

  it('calls every route once with its example input; the fake validates it and answers each', async () => {
    const { cms, fetch } = client();
    await loadMethods(cms);
    for (const key of callable) {
      const method = methodOf(cms, key);
      // A 400 from the fake (input it refuses) or a response that breaks the schema would reject.
      await expect(method?.(flat(examples[key])), key).resolves.toBeDefined();
    }
    expect(fetch.calls).toHaveLength(callable.length);
    const routes = fetch.calls.map((c) => `${c.method} ${new URL(c.url).pathname.replace('/wp-json', '')}`);
    expect(routes).toContain('POST /seo/v1/ai_generator/get_suggestions');
    expect(routes).toContain('POST /forms/v1/setup-wizard/complete');
  });

  it('untyped responses come back as sent by the server', async () => {
    const { cms } = client();
    await expect(cms.seo.ai.consent({ consent: true })).resolves.toMatchObject({
      success: true,
      received: { body: { consent: true } },
    });
  });

  it('refuses documented limits before sending, naming the parameter', async () => {
    const { cms, fetch } = client();
    const suggestions = flat(SEO_EXAMPLES['POST /seo/v1/ai_generator/get_suggestions']);
    await expect(cms.seo.ai.getSuggestions({ ...suggestions, type: 'not-a-type' } as never)).rejects.toThrow(/type/);
    await expect(cms.seo.bulkEditor.posts({ content_type: 'post', per_page: 101 } as never)).rejects.toThrow(
      ValidationError,
    );
    await expect(cms.seo.import.import({ plugin: 'a/b', type: 'x' } as never)).rejects.toThrow(
      'plugin must be letters, digits, _ or - (e.g. `aioseo`)',
    );
    expect(fetch.calls).toHaveLength(0);
  });

  it('a route that needs a user answers 401 without credentials', async () => {
    const { cms } = client(false);
    await expect(cms.forms.setupWizard.completeSetupWizard({ outcome: 'import' } as never)).rejects.toBeInstanceOf(
      AuthenticationError,
    );
  });
});
