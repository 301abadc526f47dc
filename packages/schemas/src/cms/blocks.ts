/** Reusable blocks: writable fields, queries, record. */
import * as z from 'zod/mini';
// Records repeat by the hundred in a page: parse them with zod's compiled object parser.
import { jitLooseObject } from '../internal/jit-object.js';
import {
  baseCollectionQuery,
  CONTENT_ORDERBY,
  cmsWritableStatus,
  contentField,
  excerptField,
  nullableDate,
  postLikeRecordFields,
  termExcludeQuery,
  termQuery,
} from './common.js';

/** Writable reusable block fields. */
export const blockWrite = z.strictObject({
  date: z.optional(nullableDate),
  date_gmt: z.optional(nullableDate),
  slug: z.optional(z.string()),
  status: z.optional(cmsWritableStatus),
  password: z.optional(z.string()),
  title: z.optional(z.union([z.string(), z.strictObject({ raw: z.string() })])),
  content: z.optional(z.union([z.string(), z.strictObject({ raw: z.string() })])),
  excerpt: z.optional(z.union([z.string(), z.strictObject({ raw: z.string() })])),
  template: z.optional(z.string()),
  meta: z.optional(
    z.strictObject({
      pattern_sync_status: z.optional(z.enum(['', 'partial', 'unsynced'])),
      footnotes: z.optional(z.string()),
    }),
  ),
  pattern_category: z.optional(z.array(z.int())),
});
/** Input type of a block body. */
export type BlockWrite = z.input<typeof blockWrite>;
/** GET /cms/v2/blocks query. */
export const blocksQuery = z.strictObject({
  ...baseCollectionQuery,
  orderby: z._default(z.enum(CONTENT_ORDERBY), 'date'),
  tax_relation: z.optional(z.enum(['AND', 'OR'])),
  pattern_category: z.optional(termQuery),
  pattern_category_exclude: z.optional(termExcludeQuery),
});
/** Input type of the blocks query. */
export type BlocksQuery = z.input<typeof blocksQuery>;
/**
 * A reusable block as returned. WordPress 6.5.5 names the pattern fields `wp_pattern_category`
 * and `wp_pattern_sync_status` in responses (fixture block-create); both spellings parse.
 */
export const blockRecord = jitLooseObject({
  ...postLikeRecordFields,
  content: z.optional(contentField),
  excerpt: z.optional(excerptField),
  wp_pattern_category: z.optional(z.array(z.int())),
  wp_pattern_sync_status: z.optional(z.string()),
  pattern_category: z.optional(z.array(z.int())),
});
/** Type of a block record. */
export type BlockRecord = z.infer<typeof blockRecord>;
