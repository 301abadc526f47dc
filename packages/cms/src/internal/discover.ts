/**
 * `CmsClient#discover()`: reads the site index and reports namespaces, authentication and which
 * routes of the whole CMS table the site serves. Loaded on the first `discover()`, which loads
 * every route group (internal/route-groups.ts), so a client that never discovers carries neither.
 */
import type { DiscoveryReport } from '../core/discovery-report.js';
import type { NamespaceName } from '../core/namespaces.js';
import type { RequestCallOptions } from '../core/route-request.js';
import type { CmsRequester, CmsRouteKey, CmsRoutes } from '../core/routes.js';
import type { ClientCore } from './client-core.js';
import { inTableOrder } from './group-of.js';
import { type IndexRoute, matchRoutes } from './route-support.js';

/** The discovery report of the site `core` talks to; `restRoot` resolves (or returns) its REST root. */
export async function discover(
  core: ClientCore<CmsRoutes, CmsRequester>,
  restRoot: (signal?: AbortSignal) => Promise<URL>,
  options?: RequestCallOptions,
): Promise<DiscoveryReport<CmsRouteKey>> {
  const namespaces = core.namespaces;
  const { data } = await core.requester.raw<Record<string, unknown>>({ method: 'GET', path: '/' }, options);
  const index = typeof data === 'object' && data !== null ? data : {};
  const served = Array.isArray(index.namespaces)
    ? index.namespaces.filter((n): n is string => typeof n === 'string')
    : [];
  const routes = (typeof index.routes === 'object' && index.routes !== null ? index.routes : {}) as Record<
    string,
    IndexRoute
  >;
  // Every group, loaded; the report lists the routes in the CMS table's order.
  await core.requester.load();
  const table = core.requester.table;
  // The same keys and routes, reordered: the whole table once every group is loaded.
  const ordered = Object.fromEntries(
    inTableOrder(Object.keys(table)).map((key) => [key, table[key as CmsRouteKey]]),
  ) as CmsRoutes;
  const support = matchRoutes(ordered, routes, namespaces);
  // Every name, from the client's map (it fills in each): no second import of the defaults.
  const names = Object.keys(namespaces.map) as NamespaceName[];
  const namespaceSupport = Object.fromEntries(
    names.map((name) => {
      const value = namespaces.served(name);
      // batch/v1 is not listed as a namespace by WordPress; its route is.
      const available = served.includes(value) || `/${value}` in routes;
      return [name, { served: value, available }];
    }),
  ) as DiscoveryReport['namespaceSupport'];
  const auth = (
    typeof index.authentication === 'object' && index.authentication !== null ? index.authentication : {}
  ) as Record<string, { endpoints?: { authorization?: unknown } }>;
  const authorize = auth['application-passwords']?.endpoints?.authorization;
  const entries = (Object.keys(support) as CmsRouteKey[]).map((key) => ({ key, ...support[key] }));
  // The site's texts, each only when the index gives a string.
  const site: { -readonly [Name in keyof DiscoveryReport['site']]: string } = {};
  for (const name of ['name', 'description', 'url', 'home'] as const) {
    const value = index[name];
    if (typeof value === 'string') site[name] = value;
  }
  return {
    restRoot: (await restRoot()).href,
    site,
    namespaces: served,
    namespaceSupport,
    missingNamespaces: names.filter((name) => !namespaceSupport[name].available),
    authentication: {
      schemes: Object.keys(auth),
      applicationPasswordsAuthorizeUrl: typeof authorize === 'string' ? authorize : undefined,
    },
    routes: entries,
    supportedRoutes: entries.filter((e) => e.supported).map((e) => e.key),
    unsupportedRoutes: entries.filter((e) => !e.supported).map((e) => e.key),
    batchableRoutes: entries.filter((e) => e.batchable).map((e) => e.key),
  };
}
