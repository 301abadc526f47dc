/** Posts: writable fields, queries, record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import {
  authorQuery,
  baseCollectionQuery,
  CONTENT_ORDERBY,
  cmsOpenClosed,
  contentField,
  excerptField,
  listParam,
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
  author: described(z.optional(z.int()), 'User id of the author.'),
  featured_media: described(z.optional(z.int()), 'Media id of the featured image (0 for none).'),
  comment_status: described(z.optional(cmsOpenClosed), 'Whether comments are open: `open` or `closed`.'),
  ping_status: described(
    z.optional(cmsOpenClosed),
    'Whether pingbacks and trackbacks are accepted: `open` or `closed`.',
  ),
  template: described(z.optional(z.string()), 'Theme template file that renders it; empty for the default.'),
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
    format: described(z.optional(postFormat), 'Post format, e.g. `standard`, `aside`, `gallery`, `video`.'),
    sticky: described(z.optional(z.boolean()), 'Whether the post is pinned to the top of the front page.'),
    categories: described(z.optional(z.array(z.int())), 'Category ids the post belongs to.'),
    tags: described(z.optional(z.array(z.int())), 'Tag ids the post has.'),
  }),
);
/** Input type of a post body. */
export type { PostWrite } from '../generated/types.js';

/** GET /cms/v2/posts query. */
export const postsQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...baseCollectionQuery,
    ...authorQuery,
    orderby: described(z._default(z.enum(CONTENT_ORDERBY), 'date'), 'Sort field, `date` by default.'),
    tax_relation: described(
      z.optional(z.enum(['AND', 'OR'])),
      'How the category and tag filters combine: `AND` or `OR`.',
    ),
    categories: described(
      z.optional(termQuery),
      'Only posts in these categories (ids, or `{ terms, operator, include_children }`).',
    ),
    categories_exclude: described(z.optional(termExcludeQuery), 'Leave out posts in these categories.'),
    tags: described(z.optional(termQuery), 'Only posts with these tags (ids, or `{ terms, operator }`).'),
    tags_exclude: described(z.optional(termExcludeQuery), 'Leave out posts with these tags.'),
    sticky: described(z.optional(z.boolean()), 'Only sticky posts (true) or only non-sticky posts (false).'),
    ignore_sticky: described(
      z._default(z.boolean(), true),
      'Whether sticky posts keep their place in the order instead of coming first (true by default).',
    ),
    format: described(z.optional(listParam(postFormat)), 'Only posts of these formats.'),
  }),
);
/** Input type of the posts query. */
export type { PostsQuery } from '../generated/types.js';

/** Fields of posts, pages and blocks as returned (fixtures post-edit-context, posts-list-anon). */
export const contentRecordFields = /* @__PURE__ */ lazy(() => ({
  ...postLikeRecordFields,
  content: described(
    z.optional(contentField),
    'The content: `rendered` HTML, with `raw` and `block_version` in edit context.',
  ),
  excerpt: described(z.optional(excerptField), 'The excerpt: `rendered` HTML, with `raw` in edit context.'),
}));
/** A post as returned; `status` stays a string so statuses from plugins parse (unknown fields pass). */
export const postRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...contentRecordFields,
    sticky: described(z.optional(z.boolean()), 'Whether the post is pinned to the top of the front page.'),
    format: described(z.optional(z.string()), 'Post format, e.g. `standard`, `aside`, `gallery`, `video`.'),
    categories: described(z.optional(z.array(z.int())), 'Category ids the post belongs to.'),
    tags: described(z.optional(z.array(z.int())), 'Tag ids the post has.'),
  }),
);
/** Type of a post record. */
export type PostRecord = T.Post;
