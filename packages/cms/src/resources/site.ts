/** `client.site`: the site index (GET /) and what it says about the site's REST API. */
import { defineMethods } from '@viewlink/transport';
import type { RequestCallOptions } from '../core/route-request.js';
import type { CmsRouteKey, Out, QueryOf } from '../core/routes.js';
import type { CmsMethodDefinition, ResourceContext } from './resource.js';

/** The site index: name, URLs, namespaces, authentication and every route. */
export type SiteIndex = Out<'GET /'>;
/** Query of `site.index()`: `context` (default view). */
export type SiteIndexQuery = NonNullable<QueryOf<'GET /'>>;

/** The site methods. */
interface SiteMethods {
  readonly index: (query?: SiteIndexQuery, options?: RequestCallOptions) => Promise<SiteIndex>;
}

/** The site index. */
export class Site {
  /** Gets the site index (GET / of the REST root). */
  readonly index: SiteMethods['index'];

  /** @internal */
  constructor(context: ResourceContext) {
    this.index = defineMethods<SiteMethods, CmsRouteKey, CmsMethodDefinition>(
      { index: { route: 'GET /', args: ['query'] } },
      context.invoke,
      'site',
    ).index;
  }
}
