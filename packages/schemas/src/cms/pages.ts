/** Pages: writable fields, queries, record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { authorQuery, baseCollectionQuery, CONTENT_ORDERBY, parentQuery } from './common.js';
import { contentRecordFields, contentWritableFields } from './posts.js';

/** Writable page fields. */
export const pageWrite = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...contentWritableFields,
    meta: z.optional(z.strictObject({ footnotes: z.optional(z.string()) })),
    parent: described(z.optional(z.int()), 'Id of the parent page (0 for a top-level page).'),
    menu_order: described(z.optional(z.int()), 'Position among sibling pages.'),
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
    menu_order: described(z.optional(z.int()), 'Only pages with this menu order.'),
    orderby: described(
      z._default(z.enum([...CONTENT_ORDERBY, 'menu_order']), 'date'),
      'Sort field, `date` by default; `menu_order` sorts as menus do.',
    ),
  }),
);
/** Input type of the pages query. */
export type { PagesQuery } from '../generated/types.js';
/** A page as returned (unknown fields pass). */
export const pageRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...contentRecordFields,
    parent: described(z.optional(z.int()), 'Id of the parent page (0 for a top-level page).'),
    menu_order: described(z.optional(z.int()), 'Position among sibling pages.'),
  }),
);
/** Type of a page record. */
export type PageRecord = T.SitePage;
