/**
 * The linked resources WordPress embeds in a record read with `_embed` (fixture
 * posts-embed; WordPress 6.5.5 embeds each in its `embed` context). Checked loosely: each known
 * relation is a list of objects, unknown relations pass through (plugins add their own).
 */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { stringMap } from '../internal/string-map.js';
import { linksField, renderedField } from './common.js';

/** What WordPress embeds in place of a linked resource it may not show (e.g. `rest_forbidden`, 401). */
export const embedError = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    code: described(z.string(), 'Error code, e.g. `rest_forbidden`.'),
    message: described(z.optional(z.string()), 'Human-readable explanation.'),
    data: described(z.optional(z.unknown()), 'Details, usually `{ status }`.'),
  }),
);
/** An author as embedded (`author`): the user in embed context. */
export const embeddedUser = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: described(z.int(), 'Id of the embedded resource.'),
    name: described(z.optional(z.string()), 'Display name of the user.'),
    url: described(z.optional(z.string()), "The user's website."),
    description: described(z.optional(z.string()), "The user's biography."),
    link: described(z.optional(z.string()), 'URL of the resource on the site.'),
    slug: described(z.optional(z.string()), 'URL-friendly name.'),
    avatar_urls: described(
      z.optional(stringMap(z.string())),
      'Avatar image URLs, keyed by size in pixels (`24`, `48`, `96`).',
    ),
    _links: described(z.optional(linksField), 'Links to related resources (HAL).'),
  }),
);
/** A term as embedded (`wp:term`, one list per taxonomy): the term in embed context. */
export const embeddedTerm = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: described(z.int(), 'Id of the embedded resource.'),
    link: described(z.optional(z.string()), 'URL of the resource on the site.'),
    name: described(z.optional(z.string()), 'Name of the term.'),
    slug: described(z.optional(z.string()), 'URL-friendly name.'),
    taxonomy: described(z.optional(z.string()), 'Taxonomy of the term, e.g. `category` or `post_tag`.'),
    _links: described(z.optional(linksField), 'Links to related resources (HAL).'),
  }),
);
/** Fields every post-like record has in embed context (media, posts, pages). */
const embeddedRecordFields = /* @__PURE__ */ lazy(() => ({
  id: described(z.int(), 'Id of the embedded resource.'),
  date: described(z.optional(z.nullable(z.string())), "Publication date in the site's timezone."),
  slug: described(z.optional(z.string()), 'URL-friendly name.'),
  type: described(z.optional(z.string()), 'Type of the record, e.g. `post`, `page`, `attachment`.'),
  link: described(z.optional(z.string()), 'URL of the resource on the site.'),
  title: described(z.optional(renderedField), 'Title: `rendered` HTML.'),
  author: described(z.optional(z.int()), 'User id of the author.'),
  featured_media: described(z.optional(z.int()), 'Media id of the featured image (0 for none).'),
  _links: described(z.optional(linksField), 'Links to related resources (HAL).'),
}));
/** A media item as embedded (`wp:featuredmedia`): the attachment in embed context. */
export const embeddedMedia = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...embeddedRecordFields,
    caption: described(z.optional(renderedField), 'Caption: `rendered` HTML.'),
    alt_text: described(z.optional(z.string()), 'Alternative text of the image.'),
    media_type: described(z.optional(z.string()), '`image` or `file`.'),
    mime_type: described(z.optional(z.string()), 'MIME type of the file, e.g. `image/png`.'),
    media_details: described(
      z.optional(z.union([stringMap(z.unknown()), z.array(z.unknown())])),
      'Width, height, sizes and image_meta for images; other keys for audio and video.',
    ),
    source_url: described(z.optional(z.string()), 'URL of the original file.'),
  }),
);
/** A post or page as embedded (`up`, a page's parent): the record in embed context. */
export const embeddedPost = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...embeddedRecordFields,
    excerpt: described(z.optional(renderedField), 'Excerpt: `rendered` HTML.'),
  }),
);
/** A comment as embedded (`replies`). */
export const embeddedComment = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: described(z.int(), 'Id of the embedded resource.'),
    parent: described(z.optional(z.int()), 'Id of the comment this one replies to (0 for none).'),
    author: described(z.optional(z.int()), 'User id of the commenter (0 for a visitor).'),
    author_name: described(z.optional(z.string()), 'Display name of the commenter.'),
    author_url: described(z.optional(z.string()), "The commenter's website."),
    date: described(z.optional(z.string()), "When the comment was posted, in the site's timezone."),
    content: described(z.optional(renderedField), 'The comment: `rendered` HTML.'),
    link: described(z.optional(z.string()), 'URL of the resource on the site.'),
    type: described(z.optional(z.string()), 'Type of the comment, e.g. `comment`.'),
    _links: described(z.optional(linksField), 'Links to related resources (HAL).'),
  }),
);

/** Linked resources embedded in a record read with `_embed`: each relation a list, one entry per link. */
export const embedded = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    author: described(
      z.optional(z.array(z.union([embeddedUser, embedError]))),
      'The author (`author` link), or an error object when it may not be shown.',
    ),
    'wp:featuredmedia': described(
      z.optional(z.array(z.union([embeddedMedia, embedError]))),
      'The featured image (`wp:featuredmedia` link), or an error object.',
    ),
    'wp:term': described(
      z.optional(z.array(z.union([z.array(embeddedTerm), embedError]))),
      'Terms, one list per taxonomy (categories, tags...), or an error object.',
    ),
    replies: described(
      z.optional(z.array(z.union([z.array(embeddedComment), embedError]))),
      'Comments, one list per link, or an error object.',
    ),
    up: described(
      z.optional(z.array(z.union([embeddedPost, embedError]))),
      "The parent record (`up` link, e.g. a page's parent), or an error object.",
    ),
    'wp:menu-item-object': described(
      z.optional(z.array(z.union([embeddedPost, embeddedTerm, embedError]))),
      'The post, page or term a menu item links to, or an error object.',
    ),
  }),
);
/** Type of `_embedded`. */
export type EmbeddedRecord = T.Embedded;
