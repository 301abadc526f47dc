/**
 * WordPress's global read parameters on the CMS fake, applied the way WordPress 6.5.5's REST
 * server applies them to every GET answer (after the route's own handler): `context=embed`
 * keeps each record's embed fields, `_fields` keeps the fields asked for (dotted names keep a
 * part), and `_embed` adds `_embedded` (author, featured media, terms, a page's parent,
 * replies), which WordPress 6.5.5 sends only when `_links` is among `_fields`. The contract
 * suite (packages/cms/test/contract/shape.contract.test.ts) compares it with WordPress.
 */
import type { Handle } from '../../../core/router.js';
import type { CmsFakeUser } from '../auth.js';

/** Fields WordPress 6.5.5 sends in embed context, per collection (none listed: the handler's own record). */
const EMBED_FIELDS: Record<string, readonly string[]> = {
  posts: ['id', 'date', 'slug', 'type', 'link', 'title', 'author', 'excerpt', 'featured_media'],
  pages: ['id', 'date', 'slug', 'type', 'link', 'title', 'author', 'excerpt', 'featured_media'],
  media: [
    'id',
    'date',
    'slug',
    'type',
    'link',
    'title',
    'author',
    'featured_media',
    'alt_text',
    'caption',
    'media_type',
    'mime_type',
    'media_details',
    'source_url',
  ],
  revisions: ['author', 'date', 'id', 'parent', 'slug', 'title', 'excerpt'],
  'menu-items': [
    'title',
    'id',
    'type_label',
    'type',
    'status',
    'parent',
    'attr_title',
    'classes',
    'description',
    'menu_order',
    'object',
    'object_id',
    'target',
    'url',
    'xfn',
    'invalid',
  ],
};
/** Parts of `{ raw, rendered }` fields WordPress keeps in embed context. */
const EMBED_PARTS = new Set(['rendered', 'protected']);
/** WordPress's default category, the one term every post of the fake is in. */
const TERM_CATEGORY = { id: 1, name: 'Uncategorized', slug: 'uncategorized', taxonomy: 'category' };

type Json = Record<string, unknown>;

/** Which records a GET path answers: `posts`, `pages`, `media`, `menu-items`, `revisions`, or none. */
function collectionOf(path: string): string | undefined {
  const match =
    /^\/cms\/v2\/(posts|pages|media|menu-items|blocks)(?:\/\d+)?(\/(?:revisions|autosaves)(?:\/\d+)?)?$/.exec(path);
  if (!match) return undefined;
  return match[2] ? (match[1] === 'blocks' ? 'block-revisions' : 'revisions') : match[1];
}

function list(value: string | null): string[] | undefined {
  if (value === null) return undefined;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Keeps the fields `fields` names (a dotted name keeps that part), as rest_filter_response_fields does. */
function pick(record: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const name of fields) {
    const [head = '', ...rest] = name.split('.');
    if (!(head in record)) continue;
    if (rest.length === 0) {
      out[head] = record[head];
      continue;
    }
    const value = record[head];
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const part = pick(value as Json, [rest.join('.')]);
    if (Object.keys(part).length === 0) continue;
    out[head] = { ...((out[head] as Json | undefined) ?? {}), ...part };
  }
  return out;
}

function embedContext(record: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const name of [...fields, '_links']) {
    if (!(name in record)) continue;
    const value = record[name];
    out[name] =
      name !== '_links' && value !== null && typeof value === 'object' && !Array.isArray(value) && 'rendered' in value
        ? Object.fromEntries(Object.entries(value as Json).filter(([key]) => EMBED_PARTS.has(key)))
        : value;
  }
  return out;
}

/** Options of {@link withReadShaping}. */
interface ReadShapingOptions {
  /** The fake's users (embedded as `author`). */
  readonly users: readonly CmsFakeUser[];
  /** The public REST root for a request (links of embedded users and terms). */
  readonly rootFor: (request: Request) => string;
}

/** Wraps the CMS fake's handle so GET answers follow `context=embed`, `_fields` and `_embed`. */
export function withReadShaping(handle: Handle, options: ReadShapingOptions): Handle {
  const shaped: Handle = async (request) => {
    const response = await handle(request);
    if (request.method !== 'GET' || !response.ok) return response;
    const url = new URL(request.url);
    const collection = collectionOf(decodeURI(url.pathname));
    const fields = list(url.searchParams.get('_fields'));
    const embed = url.searchParams.has('_embed') ? (list(url.searchParams.get('_embed')) ?? []) : undefined;
    const embedFields = collection ? EMBED_FIELDS[collection] : undefined;
    const reduce = url.searchParams.get('context') === 'embed' && embedFields !== undefined;
    if (!reduce && fields === undefined && embed === undefined) return response;
    if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
    const body = (await response.json()) as unknown;
    const shape = async (record: Json): Promise<Json> => {
      let out = reduce && embedFields ? embedContext(record, embedFields) : record;
      const withLinks = fields === undefined || fields.includes('_links');
      if (fields !== undefined) out = pick(out, fields);
      if (embed !== undefined && collection && withLinks) {
        const embedded = await embeddedOf(record, collection, embed, request, options);
        if (Object.keys(embedded).length > 0) out = { ...out, _embedded: embedded };
      }
      return out;
    };
    const answer = Array.isArray(body)
      ? await Promise.all(body.map((record) => shape(record as Json)))
      : body !== null && typeof body === 'object'
        ? await shape(body as Json)
        : body;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(answer), { status: response.status, headers });
  };
  return shaped;

  /** The records WordPress embeds for `record`, as embed-context reads of the fake itself. */
  async function embeddedOf(
    record: Json,
    collection: string,
    relations: readonly string[],
    request: Request,
    { users, rootFor }: ReadShapingOptions,
  ): Promise<Json> {
    const wants = (relation: string) => relations.length === 0 || relations.includes(relation);
    const root = rootFor(request);
    const site = root.replace(/\/wp-json$/, '');
    const read = async (path: string): Promise<unknown> => {
      // Through the shaping handle: the embedded record is read in embed context, as WordPress does.
      const answer = await shaped(
        new Request(new URL(`${path}${path.includes('?') ? '&' : '?'}context=embed`, request.url), {
          headers: request.headers,
        }),
      );
      return answer.json();
    };
    const out: Json = {};
    const postLike = collection === 'posts' || collection === 'pages' || collection === 'media';
    if (postLike && wants('author') && typeof record.author === 'number') {
      const user = users.find((u) => u.id === record.author);
      if (user)
        out.author = [
          {
            id: user.id,
            name: user.username,
            url: site,
            description: '',
            link: `${site}/author/${user.username}/`,
            slug: user.username,
            avatar_urls: {},
            _links: { self: [{ href: `${root}/cms/v2/users/${user.id}` }] },
          },
        ];
    }
    if (collection === 'pages' && wants('up') && typeof record.parent === 'number' && record.parent > 0)
      out.up = [await read(`/cms/v2/pages/${record.parent}`)];
    if ((collection === 'posts' || collection === 'pages') && wants('wp:featuredmedia')) {
      if (typeof record.featured_media === 'number' && record.featured_media > 0)
        out['wp:featuredmedia'] = [await read(`/cms/v2/media/${record.featured_media}`)];
    }
    if (collection === 'posts' && wants('wp:term')) {
      // The fake has no taxonomies: every post is in WordPress's default category, with no tags.
      const category = {
        ...TERM_CATEGORY,
        link: `${site}/category/uncategorized/`,
        _links: { self: [{ href: `${root}/cms/v2/categories/1` }] },
      };
      out['wp:term'] = [[category], []];
    }
    if (postLike && wants('replies') && record.comment_status === 'open') out.replies = [[]];
    return out;
  }
}
