/**
 * Stateful fake of the CMS REST interface, answering like WordPress 6.5.5: the site index and
 * namespace indexes (derived from the route table), posts, pages, blocks and menu items with
 * trash, revisions and autosaves (content.ts), pagination headers, application-password users
 * and WordPress's error envelopes. The contract suite (packages/cms/test/contract) compares it
 * with a real WordPress.
 */
import { cmsRoutes, type RouteDef } from '@viewlink/schemas';
import { echoingCredentials } from '../../core/internal/echo.js';
import { checkFakeOptions } from '../../core/internal/fake-options.js';
import { createRouter, type Handle, type Implementations, json, type Router } from '../../core/router.js';
import { type CmsFakeUser, type CmsRole, DEFAULT_CMS_USERS, userOf } from './auth.js';
import { batchRoutes } from './internal/batch.js';
import { CONTENT_TYPES, contentRoutes, sanitizeStatuses } from './internal/content.js';
import { mediaRoutes } from './internal/media.js';
import { oembedRoutes } from './internal/oembed.js';
import { CMS_FAKE_OPTION_NAMES } from './internal/option-names.js';
import { withReadShaping } from './internal/read-shaping.js';
import { seoFormsRoutes } from './internal/seo-forms.js';
import { type CmsStore, createCmsStore } from './internal/store.js';
import { templateRoutes } from './internal/templates.js';
import { withUsersMe } from './internal/users-me.js';
import { checkCmsUsers } from './internal/users-option.js';
import type { CmsFakeOptions } from './options.js';
import { cmsError, emptyTermQuery, invalidParams, WP_HEADERS } from './wp-errors.js';

/** A running CMS fake. */
export interface CmsFake {
  /** Answers one request; paths are relative to the REST root (e.g. `/cms/v2/posts`). */
  readonly handle: Handle;
  /** The router of the CMS routes (`match` finds the route a method and path would hit). */
  readonly router: Router;
  /** The route table it serves: `cmsRoutes` from `@viewlink/schemas`. */
  readonly table: typeof cmsRoutes;
  /** The fake's records, revisions and autosaves (for assertions and seeding). */
  readonly store: CmsStore;
  /**
   * Empties the fake as it was created (records, media, revisions, ids start again at 1). Read
   * `store` through the fake after it: a `store` taken before still holds the old records.
   */
  reset(): void;
}

export type { CmsFakeOptions } from './options.js';
export type { CmsFakeUser, CmsRole };
export { cmsError, DEFAULT_CMS_USERS };

/** The patterns WordPress 6.5.5 writes for path parameters in its site index. */
const PARAM_PATTERNS: Record<string, string> = {
  id: '[\\d]+',
  parent: '[\\d]+',
  template_id: '([^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)[\\/\\w%-]+',
};

/** `/cms/v2/posts/{id}` → `/cms/v2/posts/(?P<id>[\d]+)`, the way WordPress names routes. */
function wordpressRoutePattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => `(?P<${name}>${PARAM_PATTERNS[name] ?? '[^/]+'})`);
}

function namespaceOf(path: string): string | undefined {
  const [first, second] = path.split('/').filter(Boolean);
  return first && second ? `${first}/${second}` : undefined;
}

function indexRoutes(routes: readonly RouteDef[]) {
  const byPath = new Map<
    string,
    { namespace: string; methods: string[]; endpoints: { methods: string[]; allow_batch?: { v1: boolean } }[] }
  >();
  for (const route of routes) {
    const key = wordpressRoutePattern(route.path);
    const entry = byPath.get(key) ?? { namespace: namespaceOf(route.path) ?? '', methods: [], endpoints: [] };
    entry.methods.push(route.method);
    entry.endpoints.push({ methods: [route.method], ...(route.batchable ? { allow_batch: { v1: true } } : {}) });
    byPath.set(key, entry);
  }
  return Object.fromEntries(byPath);
}

/**
 * Creates a CMS fake with its own state.
 * @throws ConfigurationError (of `@viewlink/transport`) for options that are not an object or an
 *   option name it does not take: `createCmsFake(): restroot is an unknown option (known: ...)`,
 *   and for a `users` entry without a positive integer `id`, a `username`, an `applicationPassword`
 *   or a known `role` (or repeating another's id or username): `createCmsFake(): \`users[2].id\` must be ...`.
 */
export function createCmsFake(options: CmsFakeOptions = {}): CmsFake {
  checkFakeOptions(options, CMS_FAKE_OPTION_NAMES, 'createCmsFake()');
  checkCmsUsers(options.users, 'createCmsFake()');
  // reset() swaps in a fresh fake built from the same options; the object the test holds stays.
  let current = buildCmsFake(options);
  return {
    handle: (request) => current.handle(request),
    get router() {
      return current.router;
    },
    table: cmsRoutes,
    get store() {
      return current.store;
    },
    reset: () => {
      current = buildCmsFake(options);
    },
  };
}

/** One state of a CMS fake, built from its options (again at each reset). */
function buildCmsFake(options: CmsFakeOptions): Omit<CmsFake, 'reset'> {
  const rootFor = (request: Request) =>
    (options.restRoot ?? `${new URL(request.url).origin}/wp-json`).replace(/\/$/, '');
  const allRoutes = Object.values(cmsRoutes) as RouteDef[];
  const namespaces = [...new Set(allRoutes.map((r) => namespaceOf(r.path)).filter((n): n is string => !!n))];
  const link = (restRoot: string) => ({ ...WP_HEADERS, link: `<${restRoot}/>; rel="https://api.w.org/"` });
  const store = createCmsStore(options.now);
  const users = options.users ?? DEFAULT_CMS_USERS;
  const content = { store, rootFor, userOf: (request: Request) => userOf(request, users) };

  const implementations: Implementations<typeof cmsRoutes> = {
    ...Object.assign({}, ...CONTENT_TYPES.map((kind) => contentRoutes(content, kind))),
    ...templateRoutes(content),
    ...seoFormsRoutes(content.userOf),
    ...mediaRoutes(content),
    ...oembedRoutes(content, options.name ?? 'Viewlink Mock Site'),
    'GET /': ({ request }) => {
      const restRoot = rootFor(request);
      const site = restRoot.replace(/\/wp-json$/, '');
      return json(
        {
          name: options.name ?? 'Viewlink Mock Site',
          description: '',
          url: site,
          home: site,
          gmt_offset: '0',
          timezone_string: '',
          namespaces,
          authentication: {
            'application-passwords': { endpoints: { authorization: `${site}/wp-admin/authorize-application.php` } },
          },
          routes: indexRoutes(allRoutes),
        },
        200,
        link(restRoot),
      );
    },
  };
  for (const namespace of namespaces) {
    const key = `GET /${namespace}` as keyof typeof cmsRoutes;
    if (!(key in cmsRoutes)) continue;
    (implementations as Record<string, unknown>)[key] = ({ request }: { request: Request }) =>
      json(
        { namespace, routes: indexRoutes(allRoutes.filter((r) => namespaceOf(r.path) === namespace)) },
        200,
        link(rootFor(request)),
      );
  }

  const router = createRouter({
    table: cmsRoutes,
    implementations,
    invalid: (route, part, issues, _request, input) => invalidParams(route, part, issues, input),
    ignoreUnknownQuery: true,
    sanitizeQuery: sanitizeStatuses,
    // `categories=` is refused before anything else is read, as WordPress's `oneOf` check refuses it.
    before: (request, route) => (route ? emptyTermQuery(route, new URL(request.url).searchParams) : undefined),
    // Form and multipart bodies (PHP's curl, Python's urllib), `a[0]=` lists, JSON only under a JSON type.
    wire: 'wordpress',
    notFound: () => cmsError(404, 'rest_no_route', 'No route was found matching the URL and request method.'),
    // WordPress itself answers 404 `rest_no_route` here; a 405 with `Allow` says more (docs/decisions/cms-fake.md).
    methodNotAllowed: (method) =>
      cmsError(405, 'rest_no_route', `No route was found matching the URL and request method ${method}.`),
    malformed: () => cmsError(400, 'rest_invalid_url', 'The URL path is not valid percent-encoding.'),
    // `json_decode('null')` gives WordPress no parameters: the same as an empty body.
    nullBody: 'empty',
  });

  Object.assign(implementations, batchRoutes(router));
  // `context=embed`, `_fields` and `_embed` apply to every GET answer, as WordPress's REST server applies them.
  const reads = withReadShaping(withUsersMe(router.handle, content.userOf, rootFor), { users, rootFor });
  const handle = options.echoCredentials ? echoingCredentials(reads, 'wordpress') : reads;
  return { handle, router, table: cmsRoutes, store };
}
