/** Posts: writable fields, queries, record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import {
  authorQuery,
  baseCollectionQuery,
  CONTENT_ORDERBY,
  cmsOpenClosed,
  contentField,
  excerptField,
  postLikeRecordFields,
  postLikeWritableFields,
  termExcludeQuery,
  termQuery,
} from './common.js';

/** Post formats. */
export const postFormat = /* @__PURE__ */ lazy(() =>
  z.enum(['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio']),
);
/** Fields writable on posts and pages alike. */
export const contentWritableFields = /* @__PURE__ */ lazy(() => ({
  ...postLikeWritableFields,
  author: z.optional(z.int()),
  featured_media: z.optional(z.int()),
  comment_status: z.optional(cmsOpenClosed),
  ping_status: z.optional(cmsOpenClosed),
  template: z.optional(z.string()),
}));
/** Writable post fields (create/update body). */
export const postWrite = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...contentWritableFields,
    meta: z.optional(
      z.strictObject({
        _seo_focuskw: z.optional(z.string()),
        _seo_title: z.optional(z.string()),
        _seo_metadesc: z.optional(z.string()),
        footnotes: z.optional(z.string()),
      }),
    ),
    format: z.optional(postFormat),
    sticky: z.optional(z.boolean()),
    categories: z.optional(z.array(z.int())),
    tags: z.optional(z.array(z.int())),
  }),
);
/** Input type of a post body. */
export type { PostWrite } from '../generated/types.js';

/** GET /cms/v2/posts query. */
export const postsQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...baseCollectionQuery,
    ...authorQuery,
    orderby: z._default(z.enum(CONTENT_ORDERBY), 'date'),
    tax_relation: z.optional(z.enum(['AND', 'OR'])),
    categories: z.optional(termQuery),
    categories_exclude: z.optional(termExcludeQuery),
    tags: z.optional(termQuery),
    tags_exclude: z.optional(termExcludeQuery),
    sticky: z.optional(z.boolean()),
    ignore_sticky: z._default(z.boolean(), true),
    format: z.optional(z.array(postFormat)),
  }),
);
/** Input type of the posts query. */
export type { PostsQuery } from '../generated/types.js';

/** Fields of posts, pages and blocks as returned (fixtures post-edit-context, posts-list-anon). */
export const contentRecordFields = /* @__PURE__ */ lazy(() => ({
  ...postLikeRecordFields,
  content: z.optional(contentField),
  excerpt: z.optional(excerptField),
}));
/** A post as returned; `status` stays a string so statuses from plugins parse (unknown fields pass). */
export const postRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...contentRecordFields,
    sticky: z.optional(z.boolean()),
    format: z.optional(z.string()),
    categories: z.optional(z.array(z.int())),
    tags: z.optional(z.array(z.int())),
  }),
);
/** Type of a post record. */
export type PostRecord = T.Post;
