/** seo/v1 bulk editor: list posts with their SEO fields and update search or social fields in bulk. */

import * as z from 'zod/mini';
import type * as T from '../../generated/types.js';
import { lazy } from '../../internal/lazy.js';
import { routeTable } from '../../route.js';
import { perPageParam } from '../common.js';
import { seoRoute, seoUnknown } from './common.js';

/** Statuses the bulk editor lists (spec: default all four, same allowed values). */
export const SEO_BULK_EDITOR_STATUSES = ['publish', 'draft', 'pending', 'future'] as const;
/** A status the bulk editor lists. */
export const seoBulkEditorStatus = /* @__PURE__ */ lazy(() => z.enum(SEO_BULK_EDITOR_STATUSES));

/** Query of `GET bulk_editor/posts`: `per_page` 1-100 default 20, `page` >= 1 default 1. */
export const seoBulkEditorQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    content_type: z.string(),
    per_page: perPageParam(20),
    page: z._default(z.int().check(z.minimum(1)), 1),
    search: z._default(z.string(), ''),
    status: z._default(z.array(seoBulkEditorStatus), [...SEO_BULK_EDITOR_STATUSES]),
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
    id: z.int().check(z.minimum(1)),
    seo_title: z.optional(z.string()),
    meta_description: z.optional(z.string()),
  }),
);
/** One update of `bulk_editor/update_social`: the real plugin takes `{ id, social_title?, social_description? }`. */
export const seoBulkSocialItem = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.int().check(z.minimum(1)),
    social_title: z.optional(z.string()),
    social_description: z.optional(z.string()),
  }),
);
/** Body of `bulk_editor/update_search`: `items` is required. */
export const seoBulkSearchBody = /* @__PURE__ */ lazy(() => z.strictObject({ items: z.array(seoBulkSearchItem) }));
/** Input type of {@link seoBulkSearchBody}. */
export type { SeoBulkSearchBody } from '../../generated/types.js';
/** Body of `bulk_editor/update_social`: `items` is required. */
export const seoBulkSocialBody = /* @__PURE__ */ lazy(() => z.strictObject({ items: z.array(seoBulkSocialItem) }));
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
