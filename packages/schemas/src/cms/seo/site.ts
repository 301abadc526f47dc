/** seo/v1 site tools: head of a URL, file size, statistics, meta search, post lookup, video embeds. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { seoRoute, seoUnknown } from './common.js';

/** Query of `file_size`. */
export const seoFileSizeQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({ url: described(z.string(), 'URL of the file (an image of this site) to measure.') }),
);
/** Query of `get_head`: the URL of a page of this site. */
export const seoGetHeadQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({ url: described(z.string(), 'URL of a page of this site.') }),
);
/** Query of `available_posts`. */
export const seoAvailablePostsQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    search: described(z._default(z.string(), ''), 'Only posts matching this text; empty (every post) by default.'),
    postType: described(z._default(z.string(), 'page'), 'Post type to list, `page` by default.'),
  }),
);
/** Input type of {@link seoAvailablePostsQuery}. */
export type { SeoAvailablePostsQuery } from '../../generated/types.js';
/** Body of `POST video_embed_permission`. */
export const seoVideoEmbedBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    value: described(z._default(z.boolean(), true), 'true (the default) allows embedded videos, false refuses them.'),
  }),
);
/** Input type of {@link seoVideoEmbedBody}. */
export type { SeoVideoEmbedBody } from '../../generated/types.js';

/** Site tool routes. */
export const seoSiteRoutes: T.SeoSiteRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'GET /seo/v1/file_size': seoRoute({
      method: 'GET',
      path: '/seo/v1/file_size',
      operationId: 'seoFileSize',
      summary: 'Size of a file (an image) on this site, by URL.',
      query: seoFileSizeQuery,
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/statistics': seoRoute({
      method: 'GET',
      path: '/seo/v1/statistics',
      operationId: 'seoStatistics',
      summary: 'Counts of posts per SEO score.',
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/get_head': seoRoute({
      method: 'GET',
      path: '/seo/v1/get_head',
      operationId: 'seoGetHead',
      summary: 'SEO head (meta tags, schema) of a URL of this site.',
      query: seoGetHeadQuery,
      response: seoUnknown,
      // Public in the real plugin (headless sites read it without a login).
      auth: 'none',
    }),
    'GET /seo/v1/meta/search': seoRoute({
      method: 'GET',
      path: '/seo/v1/meta/search',
      operationId: 'seoMetaSearch',
      summary: 'Search the SEO meta of posts.',
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/available_posts': seoRoute({
      method: 'GET',
      path: '/seo/v1/available_posts',
      operationId: 'seoAvailablePosts',
      summary: 'Posts of a post type (pages by default) matching a search, for pickers.',
      query: seoAvailablePostsQuery,
      response: seoUnknown,
      auth: 'required',
    }),
    'GET /seo/v1/video_embed_permission': seoRoute({
      method: 'GET',
      path: '/seo/v1/video_embed_permission',
      operationId: 'seoGetVideoEmbedPermission',
      summary: 'Whether the current user allowed embedded videos.',
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/video_embed_permission': seoRoute({
      method: 'POST',
      path: '/seo/v1/video_embed_permission',
      operationId: 'seoSetVideoEmbedPermission',
      summary: 'Allow or refuse embedded videos.',
      body: seoVideoEmbedBody,
      response: seoUnknown,
      auth: 'required',
    }),
  }),
);
