/** Reusable blocks: writable fields, queries, record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
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
    template: described(z.optional(z.string()), 'Theme template file that renders it; empty for the default.'),
    meta: z.optional(
      z.strictObject({
        pattern_sync_status: z.optional(z.enum(['', 'partial', 'unsynced'])),
        footnotes: z.optional(z.string()),
      }),
    ),
    pattern_category: described(
      z.optional(z.array(z.int())),
      'Pattern category ids (WordPress 6.5.5 names this `wp_pattern_category`).',
    ),
  }),
);
/** Input type of a block body. */
export type { BlockWrite } from '../generated/types.js';
/** GET /cms/v2/blocks query. */
export const blocksQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...baseCollectionQuery,
    orderby: described(z._default(z.enum(CONTENT_ORDERBY), 'date'), 'Sort field, `date` by default.'),
    tax_relation: described(
      z.optional(z.enum(['AND', 'OR'])),
      'How the pattern category filters combine: `AND` or `OR`.',
    ),
    pattern_category: described(z.optional(termQuery), 'Only blocks in these pattern categories.'),
    pattern_category_exclude: described(z.optional(termExcludeQuery), 'Leave out blocks in these pattern categories.'),
  }),
);
/** Input type of the blocks query. */
export type { BlocksQuery } from '../generated/types.js';
/**
 * The `meta` of a reusable block as returned (`[]`, an empty PHP array, reads as `{}`). WordPress
 * 6.5.5 sends the sync status top-level as `wp_pattern_sync_status`; the client's
 * `compat: 'wordpress'` profile copies it here, where the spec has it.
 */
export const blockMeta = /* @__PURE__ */ lazy(() =>
  emptyArrayAsObject(
    z.looseObject({
      pattern_sync_status: described(
        z.optional(z.string()),
        '`partial` or `unsynced` for a pattern whose copies are independent; empty when synced.',
      ),
      footnotes: described(z.optional(z.string()), 'Footnotes of the content (JSON text).'),
    }),
  ),
);
/** Type of a block's `meta`. */
export type BlockMeta = T.BlockMeta;
/**
 * A reusable block as returned. WordPress 6.5.5 names the pattern fields `wp_pattern_category`
 * and `wp_pattern_sync_status` in responses (fixture block-create); both spellings parse, and the
 * client's `compat: 'wordpress'` profile adds the spec's names (`pattern_category`,
 * `meta.pattern_sync_status`) next to WordPress's.
 */
export const blockRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...contentRecordFields,
    // In embed context WordPress leaves no part of the title and sends an empty PHP array, `[]`.
    title: described(
      z.optional(emptyArrayAsObject(renderedField)),
      'The title: `rendered`, with `raw` in edit context (WordPress sends `[]` in embed context).',
    ),
    meta: described(z.optional(blockMeta), 'Registered meta fields: `pattern_sync_status`, `footnotes`.'),
    wp_pattern_category: described(
      z.optional(z.array(z.int())),
      'Pattern category ids, as WordPress 6.5.5 names them.',
    ),
    wp_pattern_sync_status: described(
      z.optional(z.string()),
      '`unsynced` for a pattern whose copies are independent; empty when synced.',
    ),
    pattern_category: described(z.optional(z.array(z.int())), 'Pattern category ids, as the spec names them.'),
  }),
);
/** Type of a block record. */
export type BlockRecord = T.Block;
