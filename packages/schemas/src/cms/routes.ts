/** The CMS route table: cms/v2, batch/v1, oembed/1.0 and GET /, merged with seo/v1 and forms/v1. */

import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import { routeTable } from '../route.js';
import { formsRoutes } from './forms/routes.js';
import { batchRoutes } from './route-tables/batch.js';
import { blockRoutes } from './route-tables/blocks.js';
import { mediaRoutes } from './route-tables/media.js';
import { menuItemRoutes } from './route-tables/menu-items.js';
import { oembedRoutes } from './route-tables/oembed.js';
import { pageRoutes } from './route-tables/pages.js';
import { postRoutes } from './route-tables/posts.js';
import { siteRoutes } from './route-tables/site.js';
import { templateRoutes } from './route-tables/templates.js';
import { seoRoutes } from './seo/routes.js';

// Each group's table is a module of its own: a bundler that splits code puts a module in one
// chunk, so a page that reads posts loads the posts table and none of the others.
export { batchRoutes } from './route-tables/batch.js';
export { blockRoutes } from './route-tables/blocks.js';
export { mediaRoutes } from './route-tables/media.js';
export { menuItemRoutes } from './route-tables/menu-items.js';
export { oembedRoutes } from './route-tables/oembed.js';
export { pageRoutes } from './route-tables/pages.js';
export { postRoutes } from './route-tables/posts.js';
export { siteRoutes } from './route-tables/site.js';
export { templateRoutes } from './route-tables/templates.js';

/** Every CMS route: cms/v2, batch/v1, oembed/1.0, GET /, seo/v1 and forms/v1. */
export const cmsRoutes: T.CmsRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    ...siteRoutes,
    ...batchRoutes,
    ...oembedRoutes,
    ...postRoutes,
    ...pageRoutes,
    ...mediaRoutes,
    ...menuItemRoutes,
    ...blockRoutes,
    ...templateRoutes,
    ...seoRoutes,
    ...formsRoutes,
  }),
);
/** Type of the CMS route table. */
export type { CmsRoutes } from '../generated/types.js';
