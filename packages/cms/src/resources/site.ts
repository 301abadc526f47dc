/** `client.site`: the site index (GET /) and what it says about the site's REST API. */
import type { RequestCallOptions } from '../core/route-request.js';
import { Resource } from '../internal/resource.js';
import type { Out, QueryOf } from '../internal/routes.js';

/** The site index: name, URLs, namespaces, authentication and every route. */
export type SiteIndex = Out<'GET /'>;
/** Query of `site.index()`: `context` (default view). */
export type SiteIndexQuery = NonNullable<QueryOf<'GET /'>>;

/** The site index. */
export class Site extends Resource {
  /** Gets the site index (GET / of the REST root). */
  async index(query?: SiteIndexQuery, options?: RequestCallOptions): Promise<SiteIndex> {
    return this.send<SiteIndex>('GET /', { query }, options);
  }
}
