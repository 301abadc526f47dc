/** The posts routes (a table of its own module, so a bundler that splits code keeps it apart). */
import type * as T from '../../generated/types.js';
import { revisioned } from '../../internal/cms-route-builders.js';
import { lazy } from '../../internal/lazy.js';
import { postRecord, postsQuery, postWrite } from '../posts.js';

/**
 * The posts routes alone, so a client of posts only (`PostsClient`) bundles none of the other
 * routes' schemas. Part of `cmsRoutes`.
 */
export const postRoutes: T.PostRoutes = /* @__PURE__ */ lazy(() =>
  revisioned('/cms/v2/posts', {
    name: 'Post',
    plural: 'Posts',
    query: postsQuery,
    write: postWrite,
    record: postRecord,
  }),
);
