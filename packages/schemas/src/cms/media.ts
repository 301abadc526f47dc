/** Media: writable fields, queries, edit and post-process bodies, record. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';
import {
  authorQuery,
  baseCollectionQuery,
  CONTENT_ORDERBY,
  cmsOpenClosed,
  cmsWritableStatus,
  nullableDate,
  parentQuery,
  postLikeRecordFields,
  renderedField,
} from './common.js';

const rawOrString = /* @__PURE__ */ lazy(() => z.union([z.string(), z.strictObject({ raw: z.string() })]));
/** Writable media fields. */
export const mediaWrite = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    date: z.optional(nullableDate),
    date_gmt: z.optional(nullableDate),
    slug: z.optional(z.string()),
    status: z.optional(cmsWritableStatus),
    title: z.optional(rawOrString),
    author: z.optional(z.int()),
    featured_media: z.optional(z.int()),
    comment_status: z.optional(cmsOpenClosed),
    ping_status: z.optional(cmsOpenClosed),
    meta: z.optional(z.record(z.string(), z.unknown())),
    template: z.optional(z.string()),
    alt_text: z.optional(z.string()),
    caption: z.optional(rawOrString),
    description: z.optional(rawOrString),
    post: z.optional(z.int()),
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
    status: z._default(z.array(z.enum(['inherit', 'private', 'trash'])), ['inherit']),
    orderby: z._default(z.enum(CONTENT_ORDERBY), 'date'),
    // The spec takes lists (a newer WordPress); WordPress 6.5.5 takes one value: both are accepted.
    media_type: z.optional(z.union([mediaType, z.array(mediaType)])),
    mime_type: z.optional(z.union([z.string(), z.array(z.string())])),
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
    src: z.url(),
    modifiers: z.optional(z.array(mediaModifier).check(z.minLength(1))),
    /** @deprecated use modifiers */
    rotation: z.optional(z.int().check(z.gt(0), z.lt(360))),
    /** @deprecated use modifiers */
    x: z.optional(percent),
    /** @deprecated use modifiers */
    y: z.optional(percent),
    /** @deprecated use modifiers */
    width: z.optional(percent),
    /** @deprecated use modifiers */
    height: z.optional(percent),
    caption: z.optional(rawOrString),
    description: z.optional(rawOrString),
    title: z.optional(rawOrString),
    post: z.optional(z.int()),
    alt_text: z.optional(z.string()),
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
    alt_text: z.optional(z.string()),
    caption: z.optional(renderedField),
    description: z.optional(renderedField),
    media_type: z.optional(z.string()),
    mime_type: z.optional(z.string()),
    // width, height, file, filesize, sizes, image_meta for images; other keys for audio/video.
    media_details: z.optional(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())])),
    post: z.optional(z.nullable(z.int())),
    source_url: z.optional(z.string()),
    missing_image_sizes: z.optional(z.array(z.string())),
  }),
);
/** Type of a media record. */
export type MediaRecord = T.Media;
