/** The pages routes (a table of its own module, so a bundler that splits code keeps it apart). */
import type * as T from '../../generated/types.js';
import { revisioned } from '../../internal/cms-route-builders.js';
import { lazy } from '../../internal/lazy.js';
import { pageRecord, pagesQuery, pageWrite } from '../pages.js';

/** The pages routes alone, for a client of pages only (`PagesClient`). Part of `cmsRoutes`. */
export const pageRoutes: T.PageRoutes = /* @__PURE__ */ lazy(() =>
  revisioned('/cms/v2/pages', {
    name: 'Page',
    plural: 'Pages',
    query: pagesQuery,
    write: pageWrite,
    record: pageRecord,
  }),
);
