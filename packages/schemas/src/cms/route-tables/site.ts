/** The site index routes (a table of its own module, so a bundler that splits code keeps it apart). */
import type * as T from '../../generated/types.js';
import { one } from '../../internal/cms-route-builders.js';
import { lazy } from '../../internal/lazy.js';
import { namespaceIndex, namespaceIndexQuery, siteIndex, siteIndexQuery } from '../site-index.js';

/** The site index and the cms/v2 namespace index (`GET /`, `GET /cms/v2`). Part of `cmsRoutes`. */
export const siteRoutes: T.SiteRoutes = /* @__PURE__ */ lazy(() => ({
  ...one('GET', '/', {
    operationId: 'getSiteIndex',
    summary: 'Site index: namespaces, routes, authentication.',
    query: siteIndexQuery,
    response: siteIndex,
    auth: 'none',
  }),
  ...one('GET', '/cms/v2', {
    operationId: 'getCmsNamespace',
    summary: 'cms/v2 namespace index.',
    namespace: 'cms',
    query: namespaceIndexQuery,
    response: namespaceIndex,
    auth: 'none',
  }),
}));
