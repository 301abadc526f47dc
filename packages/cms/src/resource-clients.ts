/**
 * One-resource clients: `PostsClient` and `PagesClient`, for code that uses posts (or pages) and
 * nothing else, such as a headless site's browser bundle. Same methods, options and errors as
 * `CmsClient#posts` and `CmsClient#pages`, over those routes only, so the other routes' schemas,
 * seo/forms and the batch machinery stay out of the bundle (docs/decisions/cms.md, "Browser bundle").
 */
import { pageRoutes, postRoutes, type RouteTable } from '@viewlink/schemas';
import { type RouteRule, WORDPRESS_PAGE_RULES, WORDPRESS_POST_RULES } from './core/compat.js';
import type { CmsClientOptions } from './core/options.js';
import { RouteCaller } from './core/route-request.js';
import { createClientCore } from './internal/client-core.js';
import { Pages } from './resources/pages.js';
import { Posts } from './resources/posts.js';
import type { ResourceContext } from './resources/resource.js';

/**
 * The context of a resource whose client knows only `table`, a slice of the CMS routes (its
 * methods name only those), and only the `compat: 'wordpress'` rules of those routes.
 */
function sliceContext(
  name: 'PostsClient' | 'PagesClient',
  options: CmsClientOptions,
  table: RouteTable,
  rules: readonly RouteRule[],
): ResourceContext {
  return { invoke: createClientCore(options, { name, table, Requester: RouteCaller, rules }).invoke };
}

/**
 * A client of posts alone: `list`, `get`, `create`, `update`, `delete`, `revisions` and
 * `autosaves`, exactly as `CmsClient#posts`.
 *
 * ```ts
 * const posts = new PostsClient({ baseUrl: location.origin });
 * const page = await posts.list({ per_page: 10 });
 * const post = await posts.get(page.items[0].id);
 * ```
 * @throws ConfigurationError on unusable options (bad URL, Basic auth over plain http, bad namespace).
 */
export class PostsClient extends Posts {
  constructor(options: CmsClientOptions) {
    super(sliceContext('PostsClient', options, postRoutes, WORDPRESS_POST_RULES));
  }
}

/**
 * A client of pages alone: `list`, `get`, `create`, `update`, `delete`, `revisions` and
 * `autosaves`, exactly as `CmsClient#pages`.
 * @throws ConfigurationError on unusable options (bad URL, Basic auth over plain http, bad namespace).
 */
export class PagesClient extends Pages {
  constructor(options: CmsClientOptions) {
    super(sliceContext('PagesClient', options, pageRoutes, WORDPRESS_PAGE_RULES));
  }
}
