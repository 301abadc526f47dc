/** Media: writable fields, queries, edit and post-process bodies, record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';
import { stringMap } from '../internal/string-map.js';
import {
  authorQuery,
  baseCollectionQuery,
  CONTENT_ORDERBY,
  cmsOpenClosed,
  cmsWritableStatus,
  listParam,
  nullableDate,
  parentQuery,
  postLikeRecordFields,
  renderedField,
} from './common.js';

const rawOrString = /* @__PURE__ */ lazy(() => z.union([z.string(), z.strictObject({ raw: z.string() })]));
/** Writable media fields. */
export const mediaWrite = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    date: described(
      z.optional(nullableDate),
      "Publication date in the site's timezone (RFC 3339 with seconds); null to reset.",
    ),
    date_gmt: described(z.optional(nullableDate), 'Publication date in UTC (RFC 3339 with seconds); null to reset.'),
    slug: described(z.optional(z.string()), 'URL-friendly name of the attachment.'),
    status: described(z.optional(cmsWritableStatus), 'Publication status.'),
    title: described(z.optional(rawOrString), 'Title: a string, or `{ raw }`.'),
    author: described(z.optional(z.int()), 'User id of the uploader.'),
    featured_media: described(
      z.optional(z.int()),
      "Media id of the attachment's own featured image (audio and video).",
    ),
    comment_status: described(z.optional(cmsOpenClosed), 'Whether comments are open: `open` or `closed`.'),
    ping_status: described(
      z.optional(cmsOpenClosed),
      'Whether pingbacks and trackbacks are accepted: `open` or `closed`.',
    ),
    meta: described(z.optional(stringMap(z.unknown())), 'Meta fields.'),
    template: described(z.optional(z.string()), 'Theme template file that renders the attachment page.'),
    alt_text: described(
      z.optional(z.string()),
      'Alternative text shown when the image cannot be (screen readers, broken images).',
    ),
    caption: described(z.optional(rawOrString), 'Caption: a string, or `{ raw }`.'),
    description: described(z.optional(rawOrString), 'Description: a string, or `{ raw }`.'),
    post: described(z.optional(z.int()), 'Id of the post the file is attached to.'),
  }),
);
/** Input type of a media body. */
export type { MediaWrite } from '../generated/types.js';
/** A media type filter value. */
export const mediaType = /* @__PURE__ */ lazy(() => z.enum(['image', 'video', 'text', 'application', 'audio']));
/** GET /cms/v2/media query; status defaults to inherit. */
export const mediaQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...baseCollectionQuery,
    ...authorQuery,
    ...parentQuery,
    status: described(
      z._default(listParam(z.enum(['inherit', 'private', 'trash'])), ['inherit']),
      'Only attachments with these statuses, `inherit` by default.',
    ),
    orderby: described(z._default(z.enum(CONTENT_ORDERBY), 'date'), 'Sort field, `date` by default.'),
    // The spec takes lists (a newer WordPress); WordPress 6.5.5 takes one value: both are accepted.
    media_type: described(
      z.optional(listParam(mediaType)),
      'Only files of this kind (or these kinds): `image`, `video`, `text`, `application`, `audio`.',
    ),
    mime_type: described(
      z.optional(listParam(z.string())),
      'Only files of this MIME type (or these), e.g. `image/png`.',
    ),
  }),
);
/** Input type of the media query. */
export type { MediaQuery } from '../generated/types.js';

/** One edit modifier: flip, rotate or crop (crop values are percent of the image). */
export const mediaModifier = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('flip'),
      args: z.strictObject({ flip: z.strictObject({ horizontal: z.boolean(), vertical: z.boolean() }) }),
    }),
    z.strictObject({ type: z.literal('rotate'), args: z.strictObject({ angle: z.number() }) }),
    z.strictObject({
      type: z.literal('crop'),
      args: z.strictObject({ left: z.number(), top: z.number(), width: z.number(), height: z.number() }),
    }),
  ]),
);
const percent = /* @__PURE__ */ lazy(() => z.number().check(z.minimum(0), z.maximum(100)));
/** POST /cms/v2/media/{id}/edit body. */
export const mediaEditBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    src: described(z.url(), 'URL of the image being edited (its `source_url`).'),
    modifiers: described(
      z.optional(z.array(mediaModifier).check(z.minLength(1))),
      'Edits applied in order: flip, rotate, crop.',
    ),
    rotation: described(
      z.optional(z.int().check(z.gt(0), z.lt(360))),
      'Degrees to rotate clockwise, 1-359.\n@deprecated Use `modifiers`.',
    ),
    x: described(z.optional(percent), 'Left edge of the crop, percent of the width.\n@deprecated Use `modifiers`.'),
    y: described(z.optional(percent), 'Top edge of the crop, percent of the height.\n@deprecated Use `modifiers`.'),
    width: described(z.optional(percent), 'Crop width, percent of the image width.\n@deprecated Use `modifiers`.'),
    height: described(z.optional(percent), 'Crop height, percent of the image height.\n@deprecated Use `modifiers`.'),
    caption: described(z.optional(rawOrString), 'Caption: a string, or `{ raw }`.'),
    description: described(z.optional(rawOrString), 'Description: a string, or `{ raw }`.'),
    title: described(z.optional(rawOrString), 'Title: a string, or `{ raw }`.'),
    post: described(z.optional(z.int()), 'Id of the post the file is attached to.'),
    alt_text: described(
      z.optional(z.string()),
      'Alternative text shown when the image cannot be (screen readers, broken images).',
    ),
  }),
);
/** Input type of the media edit body. */
export type { MediaEditBody } from '../generated/types.js';
/** POST /cms/v2/media/{id}/post-process body. */
export const mediaPostProcessBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({ action: z.literal('create-image-subsizes') }),
);
/** A media record as returned (fixtures media-upload, media-edit-crop). */
export const mediaRecord = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...postLikeRecordFields,
    alt_text: described(
      z.optional(z.string()),
      'Alternative text shown when the image cannot be (screen readers, broken images).',
    ),
    caption: described(z.optional(renderedField), 'Caption: `rendered` HTML, with `raw` in edit context.'),
    description: described(z.optional(renderedField), 'Description: `rendered` HTML, with `raw` in edit context.'),
    media_type: described(z.optional(z.string()), '`image` or `file`.'),
    mime_type: described(z.optional(z.string()), 'MIME type of the file, e.g. `image/png`.'),
    // width, height, file, filesize, sizes, image_meta for images; other keys for audio/video.
    media_details: described(
      z.optional(z.union([stringMap(z.unknown()), z.array(z.unknown())])),
      'Details of the file: width, height, sizes and image_meta for images; other keys for audio and video.',
    ),
    post: described(z.optional(z.nullable(z.int())), 'Id of the post the file is attached to; null when unattached.'),
    source_url: described(z.optional(z.string()), 'URL of the original file.'),
    missing_image_sizes: described(
      z.optional(z.array(z.string())),
      'Image sizes not generated yet (create them with `postProcess`).',
    ),
  }),
);
/** Type of a media record. */
export type MediaRecord = T.Media;
