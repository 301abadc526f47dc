/** Pages: writable fields, queries, record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import { authorQuery, baseCollectionQuery, CONTENT_ORDERBY, parentQuery } from './common.js';
import { contentRecordFields, contentWritableFields } from './posts.js';

/** Writable page fields. */
export const pageWrite = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...contentWritableFields,
    meta: z.optional(z.strictObject({ footnotes: z.optional(z.string()) })),
    parent: z.optional(z.int()),
    menu_order: z.optional(z.int()),
  }),
);
/** Input type of a page body. */
export type { PageWrite } from '../generated/types.js';
/** GET /cms/v2/pages query. */
export const pagesQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...baseCollectionQuery,
    ...authorQuery,
    ...parentQuery,
    menu_order: z.optional(z.int()),
    orderby: z._default(z.enum([...CONTENT_ORDERBY, 'menu_order']), 'date'),
  }),
);
/** Input type of the pages query. */
export type { PagesQuery } from '../generated/types.js';
/** A page as returned (unknown fields pass). */
export const pageRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...contentRecordFields,
    parent: z.optional(z.int()),
    menu_order: z.optional(z.int()),
  }),
);
/** Type of a page record. */
export type PageRecord = T.SitePage;
