/** Reusable blocks: writable fields, queries, record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import {
  baseCollectionQuery,
  CONTENT_ORDERBY,
  emptyArrayAsObject,
  postLikeWritableFields,
  renderedField,
  termExcludeQuery,
  termQuery,
} from './common.js';
import { contentRecordFields } from './posts.js';

/** Writable reusable block fields. */
export const blockWrite = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...postLikeWritableFields,
    template: z.optional(z.string()),
    meta: z.optional(
      z.strictObject({
        pattern_sync_status: z.optional(z.enum(['', 'partial', 'unsynced'])),
        footnotes: z.optional(z.string()),
      }),
    ),
    pattern_category: z.optional(z.array(z.int())),
  }),
);
/** Input type of a block body. */
export type { BlockWrite } from '../generated/types.js';
/** GET /cms/v2/blocks query. */
export const blocksQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...baseCollectionQuery,
    orderby: z._default(z.enum(CONTENT_ORDERBY), 'date'),
    tax_relation: z.optional(z.enum(['AND', 'OR'])),
    pattern_category: z.optional(termQuery),
    pattern_category_exclude: z.optional(termExcludeQuery),
  }),
);
/** Input type of the blocks query. */
export type { BlocksQuery } from '../generated/types.js';
/**
 * A reusable block as returned. WordPress 6.5.5 names the pattern fields `wp_pattern_category`
 * and `wp_pattern_sync_status` in responses (fixture block-create); both spellings parse.
 */
export const blockRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...contentRecordFields,
    // In embed context WordPress leaves no part of the title and sends an empty PHP array, `[]`.
    title: z.optional(emptyArrayAsObject(renderedField)),
    wp_pattern_category: z.optional(z.array(z.int())),
    wp_pattern_sync_status: z.optional(z.string()),
    pattern_category: z.optional(z.array(z.int())),
  }),
);
/** Type of a block record. */
export type BlockRecord = T.Block;
