/** seo/v1 bulk editor: list posts with their SEO fields and update search or social fields in bulk. */
import * as z from 'zod/mini';
import { routeTable } from '../../route.js';
import { seoRoute, seoUnknown } from './common.js';

/** Statuses the bulk editor lists (spec: default all four, same allowed values). */
export const SEO_BULK_EDITOR_STATUSES = ['publish', 'draft', 'pending', 'future'] as const;
/** A status the bulk editor lists. */
export const seoBulkEditorStatus = z.enum(SEO_BULK_EDITOR_STATUSES);

/** Query of `GET bulk_editor/posts`: `per_page` 1-100 default 20, `page` >= 1 default 1. */
export const seoBulkEditorQuery = z.strictObject({
  content_type: z.string(),
  per_page: z._default(z.int().check(z.minimum(1), z.maximum(100)), 20),
  page: z._default(z.int().check(z.minimum(1)), 1),
  search: z._default(z.string(), ''),
  status: z._default(z.array(seoBulkEditorStatus), [...SEO_BULK_EDITOR_STATUSES]),
});
/** Input type of {@link seoBulkEditorQuery}. */
export type SeoBulkEditorQuery = z.input<typeof seoBulkEditorQuery>;

/**
 * Body of `bulk_editor/update_search` and `update_social`: `items` is required; the spec does
 * not give the item shape, so items are any JSON value.
 */
export const seoBulkEditorUpdateBody = z.strictObject({ items: z.array(z.unknown()) });
/** Input type of {@link seoBulkEditorUpdateBody}. */
export type SeoBulkEditorUpdateBody = z.input<typeof seoBulkEditorUpdateBody>;

/** Bulk editor routes. */
export const seoBulkEditorRoutes = routeTable({
  'GET /seo/v1/bulk_editor/posts': seoRoute({
    method: 'GET',
    path: '/seo/v1/bulk_editor/posts',
    operationId: 'seoBulkEditorPosts',
    summary: 'List posts of a content type with their SEO fields.',
    query: seoBulkEditorQuery,
    response: seoUnknown,
    auth: 'required',
  }),
  'POST /seo/v1/bulk_editor/update_search': seoRoute({
    method: 'POST',
    path: '/seo/v1/bulk_editor/update_search',
    operationId: 'seoBulkEditorUpdateSearch',
    summary: 'Update search appearance fields of many posts.',
    body: seoBulkEditorUpdateBody,
    response: seoUnknown,
    auth: 'required',
  }),
  'POST /seo/v1/bulk_editor/update_social': seoRoute({
    method: 'POST',
    path: '/seo/v1/bulk_editor/update_social',
    operationId: 'seoBulkEditorUpdateSocial',
    summary: 'Update social appearance fields of many posts.',
    body: seoBulkEditorUpdateBody,
    response: seoUnknown,
    auth: 'required',
  }),
});
