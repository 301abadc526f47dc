/** What `client.discover()` reports about a site. */
import type { NamespaceName } from './namespaces.js';

/** One route of our table and whether the site serves it. */
export interface DiscoveredRoute<K extends string = string> {
  /** Route-table key, e.g. `'POST /cms/v2/posts'`. */
  readonly key: K;
  /** The site serves this method on this path (after namespace mapping). */
  readonly supported: boolean;
  /** The site accepts it inside `/batch/v1`. */
  readonly batchable: boolean;
}

/** A site's REST API as seen through our route table. */
export interface DiscoveryReport<K extends string = string> {
  /** The REST root in use. */
  readonly restRoot: string;
  /** Site name, description, URL and home, as the index reports them. */
  readonly site: {
    readonly name?: string;
    readonly description?: string;
    readonly url?: string;
    readonly home?: string;
  };
  /** Namespaces the site serves, as served (e.g. `wp/v2`, `yoast/v1`). */
  readonly namespaces: readonly string[];
  /** Our logical namespaces and whether the site serves them under their configured names. */
  readonly namespaceSupport: {
    readonly [N in NamespaceName]: { readonly served: string; readonly available: boolean };
  };
  /** Logical namespaces the site lacks: e.g. `['seo']` means "this site lacks the seo/v1 plugin". */
  readonly missingNamespaces: readonly NamespaceName[];
  /** Authentication schemes advertised in the index. */
  readonly authentication: {
    /** Names of the advertised schemes, e.g. `['application-passwords']`. */
    readonly schemes: readonly string[];
    /** URL of the application-password authorization screen, when advertised. */
    readonly applicationPasswordsAuthorizeUrl: string | undefined;
  };
  /** Every route of the table with its support. */
  readonly routes: readonly DiscoveredRoute<K>[];
  /** Keys of the supported routes. */
  readonly supportedRoutes: readonly K[];
  /** Keys of the routes the site does not serve. */
  readonly unsupportedRoutes: readonly K[];
  /** Keys of the routes the site accepts in batches. */
  readonly batchableRoutes: readonly K[];
}
