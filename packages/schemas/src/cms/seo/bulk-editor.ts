/** seo/v1 bulk editor: list posts with their SEO fields and update search or social fields in bulk. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { described } from '../../internal/describe.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { listParam, perPageParam } from '../common.js';
import { seoRoute, seoUnknown } from './common.js';

/** Statuses the bulk editor lists (spec: default all four, same allowed values). */
export const SEO_BULK_EDITOR_STATUSES = ['publish', 'draft', 'pending', 'future'] as const;
/** A status the bulk editor lists. */
export const seoBulkEditorStatus = /* @__PURE__ */ lazy(() => z.enum(SEO_BULK_EDITOR_STATUSES));

/** Query of `GET bulk_editor/posts`: `per_page` 1-100 default 20, `page` >= 1 default 1. */
export const seoBulkEditorQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    content_type: described(z.string(), 'Content type (post type) whose posts to list, e.g. `post` or `page`.'),
    per_page: described(perPageParam(20), 'Posts per page, 1-100 (20 by default).'),
    page: described(z._default(z.int().check(z.minimum(1)), 1), 'Page of results, from 1 (1 by default).'),
    search: described(z._default(z.string(), ''), 'Only posts matching this text; empty (every post) by default.'),
    status: described(
      z._default(listParam(seoBulkEditorStatus), [...SEO_BULK_EDITOR_STATUSES]),
      'Only posts with these statuses: `publish`, `draft`, `pending`, `future` (all four by default).',
    ),
  }),
);
/** Input type of {@link seoBulkEditorQuery}. */
export type { SeoBulkEditorQuery } from '../../generated/types.js';

/**
 * One update of `bulk_editor/update_search`. The spec gives no item shape; the real plugin takes
 * `{ id, seo_title?, meta_description? }`. Those fields are typed, and other fields pass because
 * the plugin has renamed them between releases.
 */
export const seoBulkSearchItem = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: described(z.int().check(z.minimum(1)), 'Id of the post to update.'),
    seo_title: described(z.optional(z.string()), 'New SEO title: the title shown in search results.'),
    meta_description: described(z.optional(z.string()), 'New meta description: the snippet shown in search results.'),
  }),
);
/** One update of `bulk_editor/update_social`: the real plugin takes `{ id, social_title?, social_description? }`. */
export const seoBulkSocialItem = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: described(z.int().check(z.minimum(1)), 'Id of the post to update.'),
    social_title: described(z.optional(z.string()), 'New social title: the title shown when the post is shared.'),
    social_description: described(
      z.optional(z.string()),
      'New social description: the text shown when the post is shared.',
    ),
  }),
);
/** Body of `bulk_editor/update_search`: `items` is required. */
export const seoBulkSearchBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    items: described(z.array(seoBulkSearchItem), 'Search appearance updates, one per post.'),
  }),
);
/** Input type of {@link seoBulkSearchBody}. */
export type { SeoBulkSearchBody } from '../../generated/types.js';
/** Body of `bulk_editor/update_social`: `items` is required. */
export const seoBulkSocialBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    items: described(z.array(seoBulkSocialItem), 'Social appearance updates, one per post.'),
  }),
);
/** Input type of {@link seoBulkSocialBody}. */
export type { SeoBulkSocialBody } from '../../generated/types.js';

/** Bulk editor routes. */
export const seoBulkEditorRoutes: T.SeoBulkEditorRoutes = /* @__PURE__ */ lazy(() =>
  routeTable({
    'GET /seo/v1/bulk_editor/posts': seoRoute({
      method: 'GET',
      path: '/seo/v1/bulk_editor/posts',
      operationId: 'seoBulkEditorPosts',
      summary: 'Posts of a content type with their SEO fields, 20 a page by default, filtered by search and status.',
      query: seoBulkEditorQuery,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/bulk_editor/update_search': seoRoute({
      method: 'POST',
      path: '/seo/v1/bulk_editor/update_search',
      operationId: 'seoBulkEditorUpdateSearch',
      summary: 'Update the search appearance fields of many posts at once.',
      body: seoBulkSearchBody,
      response: seoUnknown,
      auth: 'required',
    }),
    'POST /seo/v1/bulk_editor/update_social': seoRoute({
      method: 'POST',
      path: '/seo/v1/bulk_editor/update_social',
      operationId: 'seoBulkEditorUpdateSocial',
      summary: 'Update the social appearance fields of many posts at once.',
      body: seoBulkSocialBody,
      response: seoUnknown,
      auth: 'required',
    }),
  }),
);
