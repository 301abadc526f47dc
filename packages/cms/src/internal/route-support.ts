/** Matches the routes a site index advertises against a route table. */
import type { RouteTable } from '@viewlink/schemas';
import type { Namespaces } from '../core/namespaces.js';

/** One endpoint of a route in the site index. */
interface IndexEndpoint {
  readonly methods?: readonly string[];
  readonly allow_batch?: { readonly v1?: boolean } | boolean;
}

/** One route of the site index. */
export interface IndexRoute {
  readonly namespace?: string;
  readonly methods?: readonly string[];
  readonly endpoints?: readonly IndexEndpoint[];
}

/** Support of one table route on a site. */
interface RouteSupport {
  /** Supported: the site serves this method on this path. */
  readonly supported: boolean;
  /** The site accepts it inside `/batch/v1` (`allow_batch.v1`). */
  readonly batchable: boolean;
}

const SAMPLE_VALUES: Readonly<Record<string, string>> = { template_id: 'twentytwentyfour//index' };

/** Converts a PHP (PCRE) route pattern such as `/wp/v2/posts/(?P<id>[\d]+)` into a RegExp. */
function phpRouteToRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(`^${pattern.replace(/\(\?P</g, '(?<')}$`);
  } catch {
    return undefined;
  }
}

/** Fills a table path with sample values so it can be tested against the site's patterns. */
function samplePath(path: string): string {
  return path.replace(/\{([a-z_]+)\}/gi, (_, name: string) => SAMPLE_VALUES[name] ?? '1');
}

function batchable(endpoint: IndexEndpoint): boolean {
  const flag = endpoint.allow_batch;
  return typeof flag === 'object' && flag !== null ? flag.v1 === true : false;
}

/** For every key of `table`: does the site serve it, and may it be batched? */
export function matchRoutes<T extends RouteTable>(
  table: T,
  routes: Readonly<Record<string, IndexRoute>>,
  namespaces: Namespaces,
): Record<keyof T & string, RouteSupport> {
  const compiled = Object.entries(routes)
    .map(([pattern, route]) => ({ regex: phpRouteToRegExp(pattern), route }))
    .filter((entry): entry is { regex: RegExp; route: IndexRoute } => entry.regex !== undefined);
  const out = {} as Record<keyof T & string, RouteSupport>;
  for (const [key, def] of Object.entries(table) as [keyof T & string, T[keyof T]][]) {
    const served = samplePath(namespaces.servedPathOf(def));
    let support: RouteSupport = { supported: false, batchable: false };
    for (const { regex, route } of compiled) {
      if (!regex.test(served)) continue;
      const endpoint = route.endpoints?.find((e) => e.methods?.includes(def.method));
      const methodOk = endpoint !== undefined || (route.methods?.includes(def.method) ?? false);
      if (!methodOk) continue;
      // WordPress flags GET endpoints `allow_batch` too, but /batch/v1 refuses GET sub-requests.
      support = { supported: true, batchable: def.method !== 'GET' && endpoint !== undefined && batchable(endpoint) };
      break;
    }
    out[key] = support;
  }
  return out;
}
