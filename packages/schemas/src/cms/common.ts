/** Shared CMS building blocks: enums, pagination, term queries, id params. */

import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';

/** Response detail level. */
export const cmsContext = /* @__PURE__ */ lazy(() => z.enum(['view', 'embed', 'edit']));
/** Statuses a record may be written with. */
export const cmsWritableStatus = /* @__PURE__ */ lazy(() =>
  z.enum(['publish', 'future', 'draft', 'pending', 'private']),
);
/** Statuses accepted only as query filters (plus the writable ones). */
export const cmsStatusFilter = /* @__PURE__ */ lazy(() =>
  z.enum([
    'publish',
    'future',
    'draft',
    'pending',
    'private',
    'trash',
    'auto-draft',
    'inherit',
    'request-pending',
    'request-confirmed',
    'request-failed',
    'request-completed',
    'any',
  ]),
);
/** open / closed for comment_status and ping_status. */
export const cmsOpenClosed = /* @__PURE__ */ lazy(() => z.enum(['open', 'closed']));
/** Sort direction. */
export const cmsOrder = /* @__PURE__ */ lazy(() => z.enum(['asc', 'desc']));
/** Type of CmsContext. */
/** Type of CmsWritableStatus. */
/** Type of CmsStatusFilter. */
export type { CmsContext, CmsStatusFilter, CmsWritableStatus } from '../generated/types.js';

const int = () => z.int();
/** A positive integer id, built fresh so each path parameter gets its own `described(positiveId(), '...')`. */
const positiveId = () => z.int().check(z.minimum(1));
/** Positive integer id (path params are numbers on the caller side). */
export const cmsId = /* @__PURE__ */ lazy(() => z.int().check(z.minimum(1)));
/** The `context` query parameter (default `view`), built fresh per query schema. */
export const contextParam = () =>
  described(
    z._default(cmsContext, 'view'),
    'Which fields come back: `view` (default), `embed` (fewer) or `edit` (with `raw` values; needs a login that may edit).',
  );
/** `{id}` path params. */
export const idParams = /* @__PURE__ */ lazy(() =>
  z.strictObject({ id: described(positiveId(), 'Id of the record.') }),
);
/** `{parent}` path params. */
export const parentParams = /* @__PURE__ */ lazy(() =>
  z.strictObject({ parent: described(positiveId(), 'Id of the record the revisions or autosaves belong to.') }),
);
/** `{parent}/{id}` path params. */
export const parentIdParams = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    parent: described(positiveId(), 'Id of the record the revision or autosave belongs to.'),
    id: described(positiveId(), 'Id of the revision or autosave.'),
  }),
);

/** Template id: one or two segments (`theme//slug`), none of `: < > * ? " |`. */
export const TEMPLATE_ID_PATTERN = /^[^/:<>*?"|]+(?:\/\/?[^/:<>*?"|]+)?$/;
/**
 * WordPress 6.5.5's route pattern for a template id, anchored: a head without `/ : < > * ? " |`,
 * then word characters, `%`, `-` or `/` (so at least two characters, and `.`, `!`, spaces or
 * non-ASCII letters only in the head). WordPress matches it against the route it reads from the
 * URL, which is percent-decoded (`rest_route` goes through `parse_str`), so a client checks the
 * id as written, before encoding: `twentytwentyfour//ünï` has no route (404 `rest_no_route`).
 */
export const WP_TEMPLATE_ROUTE_PATTERN = /^(?:[^/:<>*?"|]+(?:\/[^/:<>*?"|]+)?)[/\w%-]+$/;
/** A template id as the client sends it in a path: each segment URI-encoded, the slashes kept. */
export function encodeTemplateId(id: string): string {
  return id.split('/').map(encodeURIComponent).join('/');
}
/** A template id string: the spec's shape, and an id WordPress's route pattern matches (checked before encoding). */
export const templateId = /* @__PURE__ */ lazy(() =>
  described(
    z.string().check(
      // Messages read after the parameter (`template_id must be ...`); the shape first, alone.
      z.regex(TEMPLATE_ID_PATTERN, {
        message: `must be one or two segments like 'twentytwentyfour//index', without : < > * ? " |`,
        abort: true,
      }),
      z.refine((id) => WP_TEMPLATE_ROUTE_PATTERN.test(id), {
        message:
          'must be an id WordPress has a route for: at least two characters, and after the theme only ASCII letters, digits, _, %, - and / (no spaces, dots or non-ASCII letters in the slug)',
      }),
    ),
    'Template id, `theme//slug` (e.g. `twentytwentyfour//home`).',
  ),
);
/** `{template_id}` path params. */
export const templateIdParams = /* @__PURE__ */ lazy(() => z.strictObject({ template_id: templateId }));
/** `{template_id}/revisions/{id}` path params (revision id is digits). */
export const templateRevisionParams = /* @__PURE__ */ lazy(() =>
  z.strictObject({ template_id: templateId, id: described(positiveId(), 'Id of the revision (a number).') }),
);

/**
 * WordPress's `date-time` format (rest_parse_date): RFC 3339 with seconds, `T`, `t` or a space
 * between date and time, optional fraction, optional `Z` (capital) or `±hh[:mm]` offset. Month 01-12,
 * day 01-31, hour 00-23, minute and second 00-59 (PHP's strtotime refuses the rest).
 */
export const WP_DATE_TIME_PATTERN =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[Tt ](?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-]\d{2}(?::\d{2})?)?$/;
/** A date-time as WordPress takes it in filters and bodies, e.g. `2024-01-02T03:04:05` or `...Z`. */
export const cmsDateTime = /* @__PURE__ */ lazy(() =>
  z
    .string()
    .check(z.regex(WP_DATE_TIME_PATTERN, 'must be a date-time with seconds, e.g. 2024-01-02T03:04:05 (RFC 3339)')),
);

/**
 * A JSON object that PHP sends as `[]` when it is empty (an empty PHP array encodes as a JSON
 * list): the empty list reads as `{}`, any other list is refused.
 */
export function emptyArrayAsObject<S extends z.ZodMiniType>(object: S) {
  return z.pipe(z.transform(emptyArrayToObject), object);
}

/** Reads an empty list as `{}` (one function, so scripts/build-openapi.ts can tell this pipe by it). */
export function emptyArrayToObject(value: unknown): unknown {
  return Array.isArray(value) && value.length === 0 ? {} : value;
}

/**
 * Reads one value as a one-item list (`'draft'` as `['draft']`), as WordPress reads a scalar
 * given for an array argument; lists and anything else (null, objects) pass as they are, for the
 * list schema after it to judge. One function, so scripts/build-types.ts can tell {@link listParam} by it.
 */
export function scalarAsList(value: unknown): unknown {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [value] : value;
}

/**
 * An array query parameter: a list of `element`, or one value read as a one-item list, as
 * WordPress 6.5.5 takes `status=draft` for `status=draft,publish` (rest_sanitize_array). Callers
 * write `status: 'draft'` or `status: ['draft', 'publish']`; the parsed query, and so the request,
 * always holds a list. A string is never split at commas here: `slug: 'a,b'` is the one slug `a,b`.
 */
export function listParam<const E extends z.ZodMiniType>(element: E) {
  return z.pipe(
    z.transform(scalarAsList as (value: z.input<E> | z.input<E>[]) => z.input<E>[]),
    z.array(element, 'must be one value or an array of them'),
  );
}

/** A term id: said so when refused, since a slug or a name is the likely mistake. */
const termId = () => z.int('must be a term id (an integer)');
/** Term query of an include parameter: ids, or `{ terms, operator, include_children }`. */
export const termQuery = /* @__PURE__ */ lazy(() =>
  z.union(
    [
      listParam(termId()),
      z.strictObject({
        terms: described(z._default(listParam(termId()), []), 'Term ids.'),
        operator: described(
          z._default(z.enum(['AND', 'OR']), 'OR'),
          '`OR` (default): records with any of the terms; `AND`: records with all of them.',
        ),
        include_children: described(
          z._default(z.boolean(), false),
          'Whether records in child terms match too (false by default).',
        ),
      }),
    ],
    'must be a term id, a list of term ids, or { terms, operator, include_children }',
  ),
);
/** Term query of an `_exclude` parameter: no `operator` (WordPress ignores it there). */
export const termExcludeQuery = /* @__PURE__ */ lazy(() =>
  z.union(
    [
      listParam(termId()),
      z.strictObject({
        terms: described(z._default(listParam(termId()), []), 'Term ids.'),
        include_children: described(
          z._default(z.boolean(), false),
          'Whether records in child terms are left out too (false by default).',
        ),
      }),
    ],
    'must be a term id, a list of term ids, or { terms, include_children }',
  ),
);
/** Input type of a term query. */
/** Input type of an exclude term query. */
export type { TermExcludeQuery, TermQuery } from '../generated/types.js';

/** `page`: >= 1, default 1. */
export const pageParam = /* @__PURE__ */ lazy(() =>
  described(z._default(z.int().check(z.minimum(1)), 1), 'Page number, from 1 (1 by default).'),
);
/**
 * A number schema typed as the narrower `N` its checks admit (zod infers `number` from a range).
 * The overload states what the checks guarantee at run time; the implementation returns the schema.
 */
function admitting<N extends number>(schema: z.ZodMiniType<number, number>): z.ZodMiniType<N, N>;
function admitting(schema: z.ZodMiniType<number, number>): z.ZodMiniType<number, number> {
  return schema;
}
/** `per_page`: an integer 1-100, typed {@link T.PerPage} so a number outside fails to compile too. */
export const perPageInt = (): z.ZodMiniType<T.PerPage, T.PerPage> =>
  admitting<T.PerPage>(z.int().check(z.minimum(1), z.maximum(100)));
/** `per_page` 1-100 with a given default. */
export const perPageParam = (def: T.PerPage) => z._default(perPageInt(), def);
/** Columns searchable with `search_columns`. */
export const searchColumns = /* @__PURE__ */ lazy(() => z.enum(['post_title', 'post_content', 'post_excerpt']));
/** orderby values shared by posts, pages, media, blocks. */
export const CONTENT_ORDERBY = [
  'author',
  'date',
  'id',
  'include',
  'modified',
  'parent',
  'relevance',
  'slug',
  'include_slugs',
  'title',
] as const;

/**
 * Field names of `_fields`: the record fields to return (WordPress leaves the rest out), e.g.
 * `['id', 'title']`; dotted names reach into an object field (`title.rendered`).
 */
export const fieldsParam = /* @__PURE__ */ lazy(() =>
  z.array(
    z
      .string()
      .check(
        z.regex(/^[A-Za-z0-9_:-]+(?:\.[A-Za-z0-9_:-]+)*$/, 'must be a field name such as `title` or `title.rendered`'),
      ),
  ),
);
/**
 * Value of `_embed`: `true` embeds every embeddable linked resource (author, featured media, terms...) in
 * `_embedded`; a list of link relations embeds only those, e.g. `['author', 'wp:term']`.
 */
export const embedParam = /* @__PURE__ */ lazy(() =>
  z.union([
    z.literal(true),
    z.array(z.string().check(z.regex(/^[^\s,]+$/, 'must be a link relation such as `author`'))),
  ]),
);
/** `_fields` and `_embed`, taken by every read of a record or collection (WordPress's global parameters). */
export const shapeQuery = /* @__PURE__ */ lazy(() => ({
  _fields: described(z.optional(fieldsParam), 'Fields to return, e.g. `["id", "title"]`; the others are left out.'),
  _embed: described(
    z.optional(embedParam),
    'Embed linked resources in `_embedded`: `true` for all, or a list of link relations.',
  ),
}));

/** Query fields common to content collections. */
export const baseCollectionQuery = /* @__PURE__ */ lazy(() => ({
  context: contextParam(),
  ...shapeQuery,
  page: pageParam,
  per_page: described(perPageParam(10), 'Records per page, 1-100 (10 by default).'),
  search: described(z.optional(z.string()), 'Only records matching this text.'),
  after: described(z.optional(cmsDateTime), 'Only records published after this date (RFC 3339 with seconds).'),
  before: described(z.optional(cmsDateTime), 'Only records published before this date (RFC 3339 with seconds).'),
  modified_after: described(z.optional(cmsDateTime), 'Only records modified after this date (RFC 3339 with seconds).'),
  modified_before: described(
    z.optional(cmsDateTime),
    'Only records modified before this date (RFC 3339 with seconds).',
  ),
  exclude: described(z._default(listParam(int()), []), 'Leave out these ids.'),
  include: described(z._default(listParam(int()), []), 'Only these ids.'),
  search_semantics: described(
    z.optional(z.enum(['exact'])),
    "`exact` matches the search text as a whole (a newer WordPress; refused by `compat: 'wordpress'`).",
  ),
  offset: described(z.optional(z.int().check(z.minimum(0))), 'Skip this many records (instead of `page`).'),
  order: described(z._default(cmsOrder, 'desc'), 'Sort direction, `desc` by default.'),
  search_columns: described(
    z._default(listParam(searchColumns), []),
    'Columns the search looks in: `post_title`, `post_content`, `post_excerpt` (all by default).',
  ),
  slug: described(z.optional(listParam(z.string())), 'Only records with these slugs.'),
  status: described(
    z._default(listParam(cmsStatusFilter), ['publish']),
    'Only records with these statuses, `publish` by default (others need a login).',
  ),
}));
/** author / author_exclude (posts, pages, media). */
export const authorQuery = /* @__PURE__ */ lazy(() => ({
  author: described(z._default(listParam(int()), []), 'Only records by these authors (user ids).'),
  author_exclude: described(z._default(listParam(int()), []), 'Leave out records by these authors.'),
}));
/** parent / parent_exclude (pages, media). */
export const parentQuery = /* @__PURE__ */ lazy(() => ({
  parent: described(z._default(listParam(int()), []), 'Only records with these parents (ids).'),
  parent_exclude: described(z._default(listParam(int()), []), 'Leave out records with these parents.'),
}));

/** Item GET query: `context`, `_fields`, `_embed`. */
export const contextQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    context: contextParam(),
    ...shapeQuery,
  }),
);
/** Item GET query for posts, pages, blocks. */
export const itemQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    context: contextParam(),
    ...shapeQuery,
    excerpt_length: described(
      z.optional(z.int().check(z.minimum(1))),
      "Longest excerpt in words (a newer WordPress; refused by `compat: 'wordpress'`).",
    ),
    password: described(z.optional(z.string()), 'The password of a password-protected record, to read its content.'),
  }),
);
/** DELETE query: force=false trashes, true deletes. */
export const deleteQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    force: described(
      z._default(z.boolean(), false),
      'false (default) moves the record to the trash; true deletes it for good.',
    ),
  }),
);
/** DELETE on a revision: revisions cannot be trashed, so force must be true. */
export const forceDeleteQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({ force: described(z.literal(true), 'Must be true: revisions cannot be trashed.') }),
);

/** `{ raw, rendered }` field as sent by the server. */
export const renderedField = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    raw: described(z.optional(z.string()), 'As stored, before filters (edit context only).'),
    rendered: described(z.optional(z.string()), 'HTML as displayed.'),
  }),
);
/** `content` as sent: raw (edit context), rendered, `protected` (password) and `block_version`. */
export const contentField = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    raw: described(z.optional(z.string()), 'The content as stored (block markup), in edit context.'),
    rendered: described(z.optional(z.string()), 'The content as HTML.'),
    protected: described(z.optional(z.boolean()), 'Whether the content is password protected.'),
    block_version: described(z.optional(z.int()), 'Version of the block format the content uses, in edit context.'),
  }),
);
/** `excerpt` as sent: raw, rendered and `protected`. */
export const excerptField = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    raw: described(z.optional(z.string()), 'The excerpt as stored, in edit context.'),
    rendered: described(z.optional(z.string()), 'The excerpt as HTML.'),
    protected: described(z.optional(z.boolean()), 'Whether the excerpt is password protected.'),
  }),
);
/** `meta` as sent: an object, or `[]` (a PHP empty array) when no key is registered. */
export const metaField = /* @__PURE__ */ lazy(() => z.union([z.looseObject({}), z.array(z.unknown())]));
/**
 * HAL-style `_links` (relation to link objects); left open. An empty loose object, not a record:
 * same type, but no per-key checks (measured about a third of a post's validation time).
 */
export const linksField = /* @__PURE__ */ lazy(() => z.looseObject({}));
/**
 * Fields WordPress returns on every post-like record (posts, pages, media, blocks), all
 * optional because `context` and `_fields` trim them; only `id` is always present.
 */
export const postLikeRecordFields = /* @__PURE__ */ lazy(() => ({
  id: described(z.int(), 'Unique identifier of the record.'),
  date: described(
    z.optional(z.nullable(z.string())),
    "Publication date in the site's timezone (`null` for a draft not yet dated).",
  ),
  date_gmt: described(z.optional(z.nullable(z.string())), 'Publication date, as GMT.'),
  guid: described(
    z.optional(renderedField),
    'Globally unique identifier of the record (`rendered`; `raw` in the edit context).',
  ),
  modified: described(z.optional(z.string()), "Last modification date, in the site's timezone."),
  modified_gmt: described(z.optional(z.string()), 'Last modification date, as GMT.'),
  password: described(z.optional(z.string()), 'Password protecting the content (edit context).'),
  slug: described(z.optional(z.string()), 'Alphanumeric identifier unique to its type, used in the URL.'),
  status: described(
    z.optional(z.string()),
    'Named status: `publish`, `future`, `draft`, `pending`, `private`, or one a plugin registers.',
  ),
  type: described(z.optional(z.string()), 'Type of the record (`post`, `page`, ...).'),
  link: described(z.optional(z.string()), 'URL of the record.'),
  title: described(z.optional(renderedField), 'Title: `rendered` HTML, and `raw` in the edit context.'),
  author: described(z.optional(z.int()), 'Id of the author (a user).'),
  featured_media: described(z.optional(z.int()), 'Id of the featured media item (0 when none).'),
  comment_status: described(z.optional(z.string()), 'Whether comments are open: `open` or `closed`.'),
  ping_status: described(z.optional(z.string()), 'Whether pings are accepted: `open` or `closed`.'),
  template: described(z.optional(z.string()), 'Theme file that displays the record.'),
  meta: described(z.optional(metaField), 'Registered meta fields (`[]` when none is registered).'),
  permalink_template: described(z.optional(z.string()), 'Permalink template (edit context).'),
  generated_slug: described(z.optional(z.string()), 'Slug WordPress would generate from the title (edit context).'),
  _links: described(z.optional(linksField), 'HAL links to related resources.'),
}));
/** Date-time or null (date, date_gmt), in WordPress's date-time format. */
export const nullableDate = /* @__PURE__ */ lazy(() => z.nullable(cmsDateTime));
/** Fields writable on every post-like type with content (posts, pages, blocks). */
export const postLikeWritableFields = /* @__PURE__ */ lazy(() => ({
  date: described(
    z.optional(nullableDate),
    "Publication date in the site's timezone (RFC 3339 with seconds); null to reset.",
  ),
  date_gmt: described(z.optional(nullableDate), 'Publication date in UTC (RFC 3339 with seconds); null to reset.'),
  slug: described(z.optional(z.string()), 'URL-friendly name, unique among records of its type.'),
  status: described(
    z.optional(cmsWritableStatus),
    'Publication status: `publish`, `future`, `draft`, `pending` or `private`.',
  ),
  password: described(z.optional(z.string()), 'Password that protects the content; empty for none.'),
  title: described(
    z.optional(z.union([z.string(), z.strictObject({ raw: z.string() })])),
    'Title: a string, or `{ raw }`.',
  ),
  content: described(
    z.optional(z.union([z.string(), z.strictObject({ raw: z.string() })])),
    'Content (block markup or HTML): a string, or `{ raw }`.',
  ),
  excerpt: described(
    z.optional(z.union([z.string(), z.strictObject({ raw: z.string() })])),
    'Excerpt: a string, or `{ raw }`.',
  ),
}));
/** Deleted record response (`force=true`). */
export const deletedResponse = <S extends z.ZodMiniType>(previous: S) =>
  z.looseObject({ deleted: z.boolean(), previous });
