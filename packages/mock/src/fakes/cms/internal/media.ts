/**
 * Media: uploads from a raw body (`Content-Disposition` file name + `Content-Type`), the PNG's
 * real width and height, `edit` into a NEW attachment (crop in percent, rotate, flip) and
 * `post-process`, as WordPress 6.5.5 answers (fixtures media-*). List, get, update and delete
 * come from the content routes; media refuse trash (no MEDIA_TRASH) like menu items.
 */
import type { RouteDef } from '@viewlink/schemas';
import { json, type RouteImplementation } from '../../../core/router.js';
import { canEdit } from '../auth.js';
import { cmsError, WP_HEADERS } from '../wp-errors.js';
import { type ContentContext, contentRoutes } from './content.js';
import { type ContentType, present } from './records.js';
import type { CmsRecord } from './store.js';

/** The attachment content type. */
const MEDIA_TYPE: ContentType = {
  type: 'attachment',
  restBase: 'media',
  trash: false,
  defaults: { alt_text: '', caption: { raw: '', rendered: '' }, description: { raw: '', rendered: '' }, post: null },
};

/** Width and height from a PNG's IHDR chunk, or undefined for other bytes. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes[0] !== 0x89 || bytes[1] !== 0x50) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * The upload's file name as WordPress 6.5.5 reads it (`get_filename_from_disposition`): the
 * `filename` parameter only (never `filename*`), the header split at `;`, the quotes trimmed
 * without unescaping, and the value's bytes taken as UTF-8 (a header arrives one character per byte).
 */
function fileNameOf(request: Request): string | undefined {
  const header = request.headers.get('content-disposition') ?? '';
  let name: string | undefined;
  for (const part of header.split(';').slice(1)) {
    const equals = part.indexOf('=');
    if (equals < 0 || part.slice(0, equals).trim() !== 'filename') continue;
    const value = part.slice(equals + 1).trim();
    name = value.length > 1 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  if (!name) return undefined;
  return new TextDecoder().decode(Uint8Array.from(name, (c) => c.charCodeAt(0) & 0xff));
}

function mediaTypeOf(mime: string): string {
  return mime.startsWith('image/') ? 'image' : 'file';
}

type Args = { readonly params: { id: number }; readonly body: Record<string, unknown>; readonly request: Request };

/** Route implementations for `/cms/v2/media...`, keyed like `cmsRoutes`. */
export function mediaRoutes(ctx: ContentContext): Record<string, RouteImplementation<RouteDef>> {
  const routes: Record<string, unknown> = { ...contentRoutes(ctx, MEDIA_TYPE) };
  const site = (request: Request) => ctx.rootFor(request).replace(/\/wp-json$/, '');
  const show = (request: Request, record: CmsRecord) => present(record, 'edit', ctx.rootFor(request), MEDIA_TYPE);
  const find = (id: number) => {
    const record = ctx.store.records.get(id);
    return record?.type === 'attachment' ? record : undefined;
  };

  const attach = (
    request: Request,
    file: string,
    mime: string,
    size: { width: number; height: number } | undefined,
    bytes: number,
    author: number,
  ) => {
    const id = ctx.store.nextId();
    const now = ctx.store.now();
    const month = now.slice(0, 7).replace('-', '/');
    const url = `${site(request)}/wp-content/uploads/${month}/${file}`;
    const slug = file.replace(/\.[^.]+$/, '').toLowerCase();
    const record: CmsRecord = {
      id,
      date: now,
      date_gmt: now,
      guid: { rendered: url, raw: url },
      modified: now,
      modified_gmt: now,
      slug,
      status: 'inherit',
      type: 'attachment',
      link: `${site(request)}/${slug}/`,
      title: { raw: slug, rendered: slug },
      author,
      featured_media: 0,
      comment_status: 'open',
      ping_status: 'closed',
      template: '',
      meta: [],
      permalink_template: `${site(request)}/?attachment_id=${id}`,
      generated_slug: slug,
      description: { raw: '', rendered: '' },
      caption: { raw: '', rendered: '' },
      alt_text: '',
      media_type: mediaTypeOf(mime),
      mime_type: mime,
      media_details: { ...(size ?? {}), file: `${month}/${file}`, filesize: bytes, sizes: {} },
      post: null,
      source_url: url,
      missing_image_sizes: [],
    };
    ctx.store.records.set(id, record);
    return record;
  };

  routes['POST /cms/v2/media'] = async ({ request }: Args) => {
    const user = ctx.userOf(request);
    if (!canEdit(user))
      return cmsError(
        user ? 403 : 401,
        'rest_cannot_create',
        'Sorry, you are not allowed to create posts as this user.',
      );
    if (!request.headers.get('content-disposition'))
      return cmsError(400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.');
    const file = fileNameOf(request);
    if (!file)
      return cmsError(
        400,
        'rest_upload_invalid_disposition',
        'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.',
      );
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.length === 0) return cmsError(400, 'rest_upload_no_data', 'No data supplied.');
    const mime = (request.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]?.trim() ?? '';
    const record = attach(request, file, mime, pngSize(bytes), bytes.length, user.id);
    return json(show(request, record), 201, WP_HEADERS);
  };

  routes['POST /cms/v2/media/{id}/edit'] = ({ params, body, request }: Args) => {
    const original = find(params.id);
    if (!original) return cmsError(404, 'rest_post_invalid_id', 'Invalid post ID.');
    const user = ctx.userOf(request);
    if (!canEdit(user))
      return cmsError(
        user ? 403 : 401,
        'rest_cannot_edit_image',
        'Sorry, you are not allowed to upload media on this site.',
      );
    const details = original.media_details as { width?: number; height?: number; filesize?: number };
    let width = details.width ?? 0;
    let height = details.height ?? 0;
    const modifiers = (body.modifiers as Array<{ type: string; args: Record<string, number> }> | undefined) ?? [];
    if (body.rotation !== undefined) modifiers.push({ type: 'rotate', args: { angle: Number(body.rotation) } });
    if (body.width !== undefined && body.height !== undefined)
      modifiers.push({
        type: 'crop',
        args: {
          left: Number(body.x ?? 0),
          top: Number(body.y ?? 0),
          width: Number(body.width),
          height: Number(body.height),
        },
      });
    for (const modifier of modifiers) {
      if (modifier.type === 'crop') {
        width = Math.round((width * (modifier.args.width ?? 100)) / 100);
        height = Math.round((height * (modifier.args.height ?? 100)) / 100);
      } else if (modifier.type === 'rotate' && Math.abs(modifier.args.angle ?? 0) % 180 === 90) {
        [width, height] = [height, width];
      }
    }
    const source = String(original.source_url);
    const file = source.slice(source.lastIndexOf('/') + 1).replace(/(\.[^.]+)$/, `-edited$1`);
    const record = attach(request, file, String(original.mime_type), { width, height }, details.filesize ?? 0, user.id);
    return json(show(request, record), 201, WP_HEADERS);
  };

  routes['POST /cms/v2/media/{id}/post-process'] = ({ params, request }: Args) => {
    const record = find(params.id);
    if (!record) return cmsError(404, 'rest_post_invalid_id', 'Invalid post ID.');
    const user = ctx.userOf(request);
    if (!canEdit(user))
      return cmsError(user ? 403 : 401, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
    return json(show(request, record), 200, WP_HEADERS);
  };
  return routes as Record<string, RouteImplementation<RouteDef>>;
}
