/**
 * Where the client deliberately differs from what WordPress 6.5.5 advertises or does, one row
 * each with the reason (docs/decisions/cms.md repeats them). agreement.contract.test.ts reads
 * this table: a difference not listed here fails the run, and so does a row nothing matches.
 * Rows marked `values` cover values the two judge differently; in every row below the client
 * is the stricter side (it refuses, with a ValidationError, something WordPress would take and
 * then ignore, alter or drop), except where a reason says otherwise.
 */
import type { Aspect } from './compare.js';

/** One deliberate difference. */
export interface Deviation {
  /** Client route keys it covers: one key, a pattern, or `*`. */
  readonly routes: string | RegExp;
  /** The parameter (the spec's name). */
  readonly param: string;
  /** What differs: a static aspect, or `values` (generated values judged differently). */
  readonly aspect: Aspect | 'values';
  /** Why. */
  readonly reason: string;
}

const POST_LIKE_WRITE = /^(POST|PUT|PATCH) \/cms\/v2\/(posts|pages|blocks|media)(\/\{id\}(\/autosaves)?)?$/;
const LISTS = /^GET \/cms\/v2\/(posts|pages|media|menu-items|blocks)$/;
const REVISION_LISTS =
  /^GET \/cms\/v2\/(posts|pages|blocks)\/\{parent\}\/revisions$|^GET \/cms\/v2\/templates\/\{template_id\}\/revisions$/;
const REVISION_DELETES = /^DELETE \/cms\/v2\/.*\/revisions\/\{id\}$/;
const NEWER = "the spec follows a newer WordPress; WordPress 6.5.5 would ignore it, so compat 'wordpress' refuses it";
const FREE_TEXT =
  'WordPress 6.5.5 runs no argument check on it (the controller clears its validator) and drops what its handler cannot use; the client takes a string or { raw: string } only, so nothing is dropped silently';
const QUERY_TEXT =
  'a query string carries text, so WordPress sees the number 42 as "42"; the client\'s typed query wants a string';

export const DEVIATIONS: readonly Deviation[] = [
  // Free-text objects: WordPress advertises an object but validates nothing.
  ...['title', 'content', 'excerpt', 'caption', 'description'].flatMap((param): Deviation[] => [
    {
      routes: POST_LIKE_WRITE,
      param,
      aspect: 'type',
      reason:
        'WordPress advertises an object; its handler also takes a plain string (the raw value), as the client does',
    },
    { routes: POST_LIKE_WRITE, param, aspect: 'values', reason: FREE_TEXT },
  ]),
  {
    routes: POST_LIKE_WRITE,
    param: 'template',
    aspect: 'values',
    reason:
      "WordPress checks `template` against the active theme's page templates, which the client cannot know; the server's 400 surfaces as BadRequestError",
  },
  {
    routes: /^POST \/cms\/v2\/(posts|pages|blocks)\/\{id\}\/autosaves$/,
    param: 'meta',
    aspect: 'values',
    reason:
      "WordPress's autosave route does not check meta values (the other write routes do, and agree: the suite puts meta to a real record as the administrator); the client checks the spec's meta keys and types on every route",
  },
  ...['search', 'password', 'slug', 'post_type', 'area', 'mime_type', 'url'].map(
    (param): Deviation => ({ routes: /^GET /, param, aspect: 'values', reason: QUERY_TEXT }),
  ),
  {
    routes: LISTS,
    param: 'offset',
    aspect: 'range',
    reason: 'WordPress turns a negative offset into its absolute value (absint); the client refuses it',
  },
  { routes: LISTS, param: 'offset', aspect: 'values', reason: 'as the offset range row' },
  { routes: REVISION_LISTS, param: 'offset', aspect: 'range', reason: 'as the offset range row' },
  { routes: REVISION_LISTS, param: 'offset', aspect: 'values', reason: 'as the offset range row' },
  {
    routes: REVISION_LISTS,
    param: 'orderby',
    aspect: 'values',
    reason:
      "WordPress refuses orderby 'include' without include and 'relevance' without search in the revisions callback, after the permission check: this suite's subscriber gets the 403 first, so the server's 400 is not seen (orderby-needs.contract.test.ts checks it as an administrator); the client refuses both before sending",
  },
  {
    routes: REVISION_DELETES,
    param: 'force',
    aspect: 'required',
    reason:
      'revisions cannot be trashed: WordPress answers 501 rest_trash_not_supported without force=true, so the client requires force: true',
  },
  { routes: REVISION_DELETES, param: 'force', aspect: 'default', reason: 'as the force required row' },
  { routes: REVISION_DELETES, param: 'force', aspect: 'values', reason: 'as the force required row' },
  {
    routes: /^GET \/(cms\/v2|oembed\/1\.0)$/,
    param: 'namespace',
    aspect: 'default',
    reason: 'the default is the namespace being read; the client leaves it to the server',
  },
  {
    routes: /^(GET \/oembed\/1\.0\/(embed|proxy)|(POST|PUT|PATCH) \/cms\/v2\/menu-items.*)$/,
    param: 'url',
    aspect: 'values',
    reason:
      'WordPress does not check the uri format (it runs esc_url: "not a url" is kept as http://not%20a%20url); the client wants a URL',
  },
  {
    routes: 'POST /cms/v2/media/{id}/edit',
    param: 'src',
    aspect: 'values',
    reason: 'as the url row: WordPress does not check the uri format',
  },
  ...['maxwidth', 'maxheight'].map(
    (param): Deviation => ({
      routes: /^GET \/oembed\/1\.0\/(embed|proxy)$/,
      param,
      aspect: 'values',
      reason:
        'WordPress registers the oEmbed arguments without a validator (and casts them with absint); the client wants an integer',
    }),
  ),
  {
    routes: 'GET /cms/v2/media',
    param: 'media_type',
    aspect: 'type',
    reason:
      "the spec takes a list (newer WordPress), WordPress 6.5.5 one value: the client takes both; compat 'wordpress' sends a one-item list as its item and refuses longer ones",
  },
  { routes: 'GET /cms/v2/media', param: 'mime_type', aspect: 'type', reason: 'as the media_type row' },
  {
    routes: 'GET /cms/v2/templates/{template_id}',
    param: 'template_id',
    aspect: 'values',
    reason:
      'the spec allows one or two segments without : < > * ? " |; WordPress routes more (a/b/c, a%3Ab) and answers 404 rest_template_not_found for them, so the client refuses them before sending. The client checks the id as WordPress reads it from the URL (percent-decoded, `//` kept, as behind Apache or nginx); the PHP built-in server the suite runs also sets PATH_INFO (decoded, `//` collapsed), through which WordPress routes a few ids more (`t//x y`, `t//it\'s`)',
  },
  // Parameters of the spec that WordPress 6.5.5 lacks (compat 'wordpress' refuses each).
  { routes: LISTS, param: 'search_semantics', aspect: 'extra', reason: NEWER },
  { routes: 'GET /cms/v2/posts', param: 'ignore_sticky', aspect: 'extra', reason: NEWER },
  { routes: 'GET /cms/v2/posts', param: 'format', aspect: 'extra', reason: NEWER },
  { routes: /^GET \/cms\/v2\/(posts|pages|blocks)\/\{id\}$/, param: 'excerpt_length', aspect: 'extra', reason: NEWER },
  {
    routes: POST_LIKE_WRITE,
    param: 'excerpt',
    aspect: 'extra',
    reason: `reusable blocks have an excerpt in the spec; ${NEWER}`,
  },
  ...['caption', 'description', 'title', 'post', 'alt_text'].map(
    (param): Deviation => ({
      routes: 'POST /cms/v2/media/{id}/edit',
      param,
      aspect: 'extra',
      reason: `the spec's image edit also sets attachment fields; ${NEWER}`,
    }),
  ),
  {
    routes: /^(POST|PUT|PATCH) \/cms\/v2\/templates/,
    param: 'id',
    aspect: 'extra',
    reason:
      "the spec's template body has id; WordPress takes it from the path (or theme and slug), so compat 'wordpress' refuses it",
  },
  {
    routes: /^POST \/cms\/v2\/(pages|menu-items)\/\{id\}\/autosaves$/,
    param: 'parent',
    aspect: 'extra',
    reason:
      "WordPress names the autosaved record's id `parent` on this route, so the record's own parent cannot be sent; compat 'wordpress' refuses it",
  },
];
