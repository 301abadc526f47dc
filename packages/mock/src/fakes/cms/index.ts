/**
 * Stateful fake of the CMS REST interface. First slice: the site index and namespace
 * indexes, derived from the route table; the CMS client issue grows it (records per type,
 * trash, revisions, autosaves, uploads, pagination, batch).
 */
import { cmsRoutes, type RouteDef } from '@viewlink/schemas';
import type { Issue } from '@viewlink/transport/errors';
import { createRouter, type Handle, type Implementations, json, type Router } from '../../core/router.js';
import { batchRoutes } from './batch.js';
import { seoFormsRoutes } from './seo-forms.js';

/** Options of {@link createCmsFake}. */
export interface CmsFakeOptions {
  /**
   * Public URL of the REST root, used in the site index and `Link` header. Default: the
   * request's origin + `/wp-json`, where {@link createMockService} mounts the fake.
   */
  readonly restRoot?: string;
  /** Site name in the index. Default `Viewlink Mock Site`. */
  readonly name?: string;
}

/** A running CMS fake. */
export interface CmsFake {
  /** Answers one request; paths are relative to the REST root (e.g. `/cms/v2/posts`). */
  readonly handle: Handle;
  readonly router: Router;
  readonly table: typeof cmsRoutes;
}

/** The WordPress error envelope `{ code, message, data: { status, ... } }`. */
export function cmsError(status: number, code: string, message: string, data: Record<string, unknown> = {}): Response {
  return json({ code, message, data: { status, ...data } }, status);
}

/** `/cms/v2/posts/{id}` → `/cms/v2/posts/(?P<id>[^/]+)`, the way WordPress names routes. */
function wordpressRoutePattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, '(?P<$1>[^/]+)');
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

/** Creates a CMS fake with its own state. */
export function createCmsFake(options: CmsFakeOptions = {}): CmsFake {
  const rootFor = (request: Request) =>
    (options.restRoot ?? `${new URL(request.url).origin}/wp-json`).replace(/\/$/, '');
  const allRoutes = Object.values(cmsRoutes) as RouteDef[];
  const namespaces = [...new Set(allRoutes.map((r) => namespaceOf(r.path)).filter((n): n is string => !!n))];
  const link = (restRoot: string) => ({ link: `<${restRoot}/>; rel="https://api.w.org/"` });

  const implementations: Implementations<typeof cmsRoutes> = {
    ...seoFormsRoutes(),
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
    invalid: (_route, part, issues: Issue[]) => {
      if (part === 'body' && issues.length === 1 && issues[0]?.path.length === 0)
        return cmsError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
      const params: Record<string, string> = {};
      for (const issue of issues) params[String(issue.path[0] ?? part)] = issue.message;
      return cmsError(400, 'rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, { params });
    },
    notFound: () => cmsError(404, 'rest_no_route', 'No route was found matching the URL and request method.'),
  });

  Object.assign(implementations, batchRoutes(router.handle));
  return { handle: router.handle, router, table: cmsRoutes };
}
