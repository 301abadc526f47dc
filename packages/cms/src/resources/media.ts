/** `client.media`: the media library: uploads, edits (flip, rotate, crop) and image post-processing. */

import type { ContextQuery, MediaQuery } from '@viewlink/schemas';
import { defineMethods, type MethodDefinitions } from '@viewlink/transport';
import type { RequestCallOptions } from '../core/route-request.js';
import type { BodyOf, CmsRouteKey, Out } from '../core/routes.js';
import type { RenderedEdit, RenderedView, ShapeKey, ShapeParams } from '../core/shape.js';
import type { UploadFileInfo, UploadSource } from '../core/uploads.js';
import { ContentResource } from './content.js';
import type { CmsMethodDefinition, ResourceContext } from './resource.js';

/** A media item (attachment) as the server returns it. */
export type Media = Out<'GET /cms/v2/media/{id}'>;
/** Fields of a media item only the edit context sends. */
type MediaEditOnly = 'password' | 'permalink_template' | 'generated_slug' | 'missing_image_sizes';
/** A media item as the view context (the default) sends it: rendered HTML, no `raw` parts or edit-only fields. */
export interface MediaView extends Omit<Media, MediaEditOnly | 'guid' | 'title' | 'caption' | 'description'> {
  /** Globally unique identifier of the item. */
  guid?: RenderedView | undefined;
  /** Title as HTML. */
  title?: RenderedView | undefined;
  /** Caption as HTML. */
  caption?: RenderedView | undefined;
  /** Description as HTML. */
  description?: RenderedView | undefined;
}
/** A media item as the edit context sends it: `raw` parts and the edit-only fields (`missing_image_sizes`...). */
export interface MediaEdit extends Media {
  /** Globally unique identifier: `raw` and `rendered`. */
  guid?: RenderedEdit | undefined;
  /** Title: `raw` and `rendered`. */
  title?: RenderedEdit | undefined;
  /** Caption: `raw` and `rendered`. */
  caption?: RenderedEdit | undefined;
  /** Description: `raw` and `rendered`. */
  description?: RenderedEdit | undefined;
}
/** A media item as the embed context sends it (WordPress 6.5.5): no dates but `date`, no status, description or parent. */
export interface MediaEmbed
  extends Pick<
    MediaView,
    | 'id'
    | 'date'
    | 'slug'
    | 'type'
    | 'link'
    | 'title'
    | 'author'
    | 'featured_media'
    | 'alt_text'
    | 'caption'
    | 'media_type'
    | 'mime_type'
    | 'media_details'
    | 'source_url'
    | '_links'
  > {}
/** `MediaListQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface MediaListFilters extends Omit<MediaQuery, ShapeKey> {}
/** Query of `media.list`: paging, search, dates, authors, parents, statuses, media and MIME types; `context`, `_fields`, `_embed`. */
export interface MediaListQuery extends MediaListFilters, ShapeParams<MediaShapes> {}
/** `MediaGetQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface MediaGetFilters extends Omit<ContextQuery, ShapeKey> {}
/** Query of `media.get`: `context`, `_fields`, `_embed`. */
export interface MediaGetQuery extends MediaGetFilters, ShapeParams<MediaShapes> {}
/** Media items in each context, their embeddable relations and read queries (see `Shaped`). */
export interface MediaShapes {
  /** A media item in view context. */
  readonly view: MediaView;
  /** A media item in edit context. */
  readonly edit: MediaEdit;
  /** A media item in embed context. */
  readonly embed: MediaEmbed;
  /** Relations `_embed` embeds for a media item. */
  readonly relations: 'author' | 'replies';
  /** Query of `list` without `context`, `_fields` and `_embed`. */
  readonly listFilters: MediaListFilters;
  /** Query of `get` without `context`, `_fields` and `_embed`. */
  readonly getFilters: MediaGetFilters;
}
/** Writable fields of a media update (alt text, caption, description, title, post, ...). */
export type MediaUpdateParams = BodyOf<'PUT /cms/v2/media/{id}'>;
/** Body of `media.edit`: `src` and `modifiers` (flip, rotate, crop), or the deprecated rotation/x/y/width/height. */
export type MediaEditParams = BodyOf<'POST /cms/v2/media/{id}/edit'>;
/** Body of `media.postProcess`. */
export type MediaPostProcessParams = BodyOf<'POST /cms/v2/media/{id}/post-process'>;

/** Options of `media.upload`: the file's name and MIME type, plus per-call options. */
export interface MediaUploadOptions extends UploadFileInfo, RequestCallOptions {}

/** `media.upload`. */
export interface UploadMedia {
  /**
   * Uploads a file: a Blob/File, bytes (`Uint8Array`, `ArrayBuffer`), a Web `ReadableStream` or
   * a Node `Readable`. Sent raw with `Content-Disposition: attachment; filename="..."` and the
   * MIME type. Never retried (a POST; streams can be read once). Set fields such as `alt_text`
   * afterwards with `media.update`.
   * @throws ValidationError naming `filename` or `contentType` when they cannot be determined.
   */
  (file: UploadSource, options?: MediaUploadOptions): Promise<Media>;
}

/** `media.edit`. */
export interface EditMedia {
  /**
   * Edits an image: `modifiers` (at least one) of `flip`, `rotate` or `crop`, applied to `src`
   * (the attachment's URL). WordPress saves the result as a new attachment and returns it.
   * The deprecated `rotation`, `x`, `y`, `width`, `height` are still accepted, with a warning.
   * @throws ValidationError naming `modifiers` when it is empty, before anything is sent.
   */
  (id: number, body: MediaEditParams, options?: RequestCallOptions): Promise<Out<'POST /cms/v2/media/{id}/edit'>>;
}

/** `media.postProcess`. */
export interface PostProcessMedia {
  /** Runs post-upload processing, e.g. `{ action: 'create-image-subsizes' }` after an interrupted upload. */
  (
    id: number,
    body: MediaPostProcessParams,
    options?: RequestCallOptions,
  ): Promise<Out<'POST /cms/v2/media/{id}/post-process'>>;
}

/** The methods media have besides the content ones. */
interface MediaMethods {
  readonly upload: UploadMedia;
  readonly edit: EditMedia;
  readonly postProcess: PostProcessMedia;
}

/** The media methods of their own, as data; the steps of upload and edit load with their first call. */
const MEDIA_METHODS: MethodDefinitions<MediaMethods, CmsRouteKey, CmsMethodDefinition> = {
  upload: {
    route: 'POST /cms/v2/media',
    args: ['body'],
    optionNames: ['filename', 'contentType'] satisfies (keyof UploadFileInfo)[],
    run: async (call, support) => (await import('../internal/media-steps.js')).upload(call, support),
  },
  edit: {
    route: 'POST /cms/v2/media/{id}/edit',
    args: ['params.id', 'body'],
    run: async (call, support) => (await import('../internal/media-steps.js')).edit(call, support),
  },
  postProcess: { route: 'POST /cms/v2/media/{id}/post-process', args: ['params.id', 'body'] },
};

/**
 * Media: list, get, upload, update, delete, edit, post-process. A stock WordPress refuses to
 * trash media unless `MEDIA_TRASH` is on: delete with `{ force: true }`.
 */
export class MediaResource extends ContentResource<'media', MediaShapes> {
  /** Uploads a file (never retried); set fields such as `alt_text` afterwards with `update`. */
  readonly upload: UploadMedia;
  /** Edits an image (`modifiers`: flip, rotate, crop); WordPress saves the result as a new attachment. */
  readonly edit: EditMedia;
  /** Runs post-upload processing, e.g. `{ action: 'create-image-subsizes' }`. */
  readonly postProcess: PostProcessMedia;

  /** @internal */
  constructor(context: ResourceContext) {
    super(context, 'media');
    const methods = defineMethods<MediaMethods, CmsRouteKey, CmsMethodDefinition>(
      MEDIA_METHODS,
      context.invoke,
      'media',
    );
    this.upload = methods.upload;
    this.edit = methods.edit;
    this.postProcess = methods.postProcess;
  }
}
