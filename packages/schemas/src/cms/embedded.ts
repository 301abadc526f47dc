/**
 * The linked resources WordPress embeds in a record read with `_embed` (fixture
 * posts-embed; WordPress 6.5.5 embeds each in its `embed` context). Checked loosely: each known
 * relation is a list of objects, unknown relations pass through (plugins add their own).
 */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import { linksField, renderedField } from './common.js';

/** What WordPress embeds in place of a linked resource it may not show (e.g. `rest_forbidden`, 401). */
export const embedError = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    code: z.string(),
    message: z.optional(z.string()),
    data: z.optional(z.unknown()),
  }),
);
/** An author as embedded (`author`): the user in embed context. */
export const embeddedUser = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.int(),
    name: z.optional(z.string()),
    url: z.optional(z.string()),
    description: z.optional(z.string()),
    link: z.optional(z.string()),
    slug: z.optional(z.string()),
    avatar_urls: z.optional(z.record(z.string(), z.string())),
    _links: z.optional(linksField),
  }),
);
/** A term as embedded (`wp:term`, one list per taxonomy): the term in embed context. */
export const embeddedTerm = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.int(),
    link: z.optional(z.string()),
    name: z.optional(z.string()),
    slug: z.optional(z.string()),
    taxonomy: z.optional(z.string()),
    _links: z.optional(linksField),
  }),
);
/** A media item as embedded (`wp:featuredmedia`): the attachment in embed context. */
export const embeddedMedia = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.int(),
    date: z.optional(z.nullable(z.string())),
    slug: z.optional(z.string()),
    type: z.optional(z.string()),
    link: z.optional(z.string()),
    title: z.optional(renderedField),
    author: z.optional(z.int()),
    featured_media: z.optional(z.int()),
    caption: z.optional(renderedField),
    alt_text: z.optional(z.string()),
    media_type: z.optional(z.string()),
    mime_type: z.optional(z.string()),
    media_details: z.optional(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())])),
    source_url: z.optional(z.string()),
    _links: z.optional(linksField),
  }),
);
/** A post or page as embedded (`up`, a page's parent): the record in embed context. */
export const embeddedPost = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.int(),
    date: z.optional(z.nullable(z.string())),
    slug: z.optional(z.string()),
    type: z.optional(z.string()),
    link: z.optional(z.string()),
    title: z.optional(renderedField),
    author: z.optional(z.int()),
    excerpt: z.optional(renderedField),
    featured_media: z.optional(z.int()),
    _links: z.optional(linksField),
  }),
);
/** A comment as embedded (`replies`). */
export const embeddedComment = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.int(),
    parent: z.optional(z.int()),
    author: z.optional(z.int()),
    author_name: z.optional(z.string()),
    author_url: z.optional(z.string()),
    date: z.optional(z.string()),
    content: z.optional(renderedField),
    link: z.optional(z.string()),
    type: z.optional(z.string()),
    _links: z.optional(linksField),
  }),
);

/** Linked resources embedded in a record read with `_embed`: each relation a list, one entry per link. */
export const embedded = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    author: z.optional(z.array(z.union([embeddedUser, embedError]))),
    'wp:featuredmedia': z.optional(z.array(z.union([embeddedMedia, embedError]))),
    'wp:term': z.optional(z.array(z.union([z.array(embeddedTerm), embedError]))),
    replies: z.optional(z.array(z.union([z.array(embeddedComment), embedError]))),
    up: z.optional(z.array(z.union([embeddedPost, embedError]))),
    'wp:menu-item-object': z.optional(z.array(z.union([embeddedPost, embeddedTerm, embedError]))),
  }),
);
/** Type of `_embedded`. */
export type EmbeddedRecord = T.Embedded;
