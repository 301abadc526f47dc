/**
 * `CmsClient#discover()`: reads the site index and reports namespaces, authentication and which
 * routes of the whole CMS table the site serves. Loaded on the first `discover()` with that
 * table, so a client that never discovers does not carry every route (internal/route-groups.ts).
 */
import { cmsRoutes } from '@viewlink/schemas';
import type { DiscoveryReport } from '../core/discovery-report.js';
import type { NamespaceName } from '../core/namespaces.js';
import type { RequestCallOptions } from '../core/route-request.js';
import type { CmsRequester, CmsRouteKey, CmsRoutes } from '../core/routes.js';
import type { ClientCore } from './client-core.js';
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
  const support = matchRoutes(cmsRoutes, routes, namespaces);
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
