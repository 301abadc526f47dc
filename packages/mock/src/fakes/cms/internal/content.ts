/**
 * Posts, pages, reusable blocks and menu items: list / create / get / update / delete, trash vs
 * force, revisions on update, autosaves. One implementation, parameterised by {@link ContentType}.
 */
import type { RouteDef } from '@viewlink/schemas';
import type { ParsedQuery, ParsedValue } from '../../../core/query.js';
import { json, type RouteImplementation } from '../../../core/router.js';
import { type CmsFakeUser, canEdit } from '../auth.js';
import { cmsError, WP_HEADERS } from '../wp-errors.js';
import { type HandlerArgs, handlers } from './handlers.js';
import { pageOf } from './pagination.js';
import { AUTOSAVE_FIELDS, applyWrite, type ContentType, present, REVISION_FIELDS } from './records.js';
import { matchesSlugQuery } from './slugs.js';
import type { CmsRecord, CmsStore } from './store.js';

/** What the content routes need from the fake. */
export interface ContentContext {
  readonly store: CmsStore;
  /** The REST root URL for a request (`http://127.0.0.1:4010/wp-json`). */
  readonly rootFor: (request: Request) => string;
  /** The authenticated user of a request, if any. */
  readonly userOf: (request: Request) => CmsFakeUser | undefined;
}

/** The content types the fake serves. */
export const CONTENT_TYPES: readonly ContentType[] = [
  {
    type: 'post',
    restBase: 'posts',
    trash: true,
    defaults: { sticky: false, format: 'standard', categories: [1], tags: [] },
  },
  { type: 'page', restBase: 'pages', trash: true, defaults: { parent: 0, menu_order: 0 } },
  {
    type: 'wp_block',
    restBase: 'blocks',
    trash: true,
    defaults: { wp_pattern_category: [], wp_pattern_sync_status: '' },
    fields: [
      'id',
      'date',
      'date_gmt',
      'guid',
      'modified',
      'modified_gmt',
      'password',
      'slug',
      'status',
      'type',
      'link',
      'title',
      'content',
      'template',
      'meta',
      'wp_pattern_category',
      'wp_pattern_sync_status',
    ],
  },
  {
    type: 'nav_menu_item',
    restBase: 'menu-items',
    trash: false,
    defaults: {
      type: 'custom',
      type_label: 'Custom Link',
      url: '',
      attr_title: '',
      description: '',
      menu_order: 1,
      object: 'custom',
      object_id: 0,
      parent: 0,
      target: '',
      classes: [''],
      xfn: [''],
      invalid: false,
      menus: 0,
    },
    fields: [
      'id',
      'title',
      'status',
      'url',
      'attr_title',
      'description',
      'type',
      'type_label',
      'object',
      'object_id',
      'parent',
      'menu_order',
      'target',
      'classes',
      'xfn',
      'invalid',
      'meta',
      'menus',
    ],
  },
];

/** The router's validated inputs, as these implementations read them. */
type Args = HandlerArgs;
type Impl = (args: Args) => Response;
/** Implementations as the router takes them (its inputs are validated by the route's schemas). */
type Routes = Record<string, RouteImplementation<RouteDef>>;

const ok = (body: unknown, status = 200) => json(body, status, WP_HEADERS);

/** Whether a record's term ids match a term query (ids, or `{ terms, operator }`); no query matches all. */
function inTerms(assigned: unknown, query: unknown): boolean {
  if (query === undefined) return true;
  const ids = Array.isArray(assigned) ? (assigned as number[]) : [];
  const wanted = termsOf(query);
  if (wanted.length === 0) return true;
  return (query as { operator?: string }).operator === 'AND'
    ? wanted.every((id) => ids.includes(id))
    : wanted.some((id) => ids.includes(id));
}

/**
 * A list's `status` as WordPress 6.5.5 reads it before validating it (`sanitize_post_statuses`,
 * `wp_parse_slug_list`): one string split at commas and spaces, each status lowercased, so
 * `status=PUBLISH` is `publish` and `status=` no status at all (the list then answers WordPress's
 * query default, see {@link defaultStatuses}). An unknown status is still refused. Checked on the
 * real server (list-params.contract.test.ts).
 */
export function sanitizeStatuses(route: RouteDef, query: ParsedQuery): ParsedQuery {
  const status = query.status;
  if (route.method !== 'GET' || !route.path.startsWith('/cms/v2/') || status === undefined) return query;
  const lower = (value: ParsedValue) => (typeof value === 'string' ? value.toLowerCase() : value);
  const statuses =
    typeof status === 'string'
      ? status
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(lower)
      : Array.isArray(status)
        ? status.map(lower)
        : status;
  return { ...query, status: statuses };
}

/**
 * The statuses a list with no status answers (`status=`): WordPress 6.5.5 then queries without a
 * post status, which WP_Query reads as the public ones (`inherit` for media) and, for a user who
 * may read them, the private ones.
 */
function defaultStatuses(kind: ContentType, user: CmsFakeUser | undefined): string[] {
  return [kind.type === 'attachment' ? 'inherit' : 'publish', ...(canEdit(user) ? ['private'] : [])];
}

/** The term filters of each content type: the query's name and the record field holding its terms. */
const TAXONOMIES: Record<string, ReadonlyArray<readonly [query: string, field: string]>> = {
  post: [
    ['categories', 'categories'],
    ['tags', 'tags'],
  ],
  nav_menu_item: [['menus', 'menus']],
  wp_block: [['pattern_category', 'wp_pattern_category']],
};

/**
 * Whether a record matches the term filters as WordPress 6.5.5's tax query reads them: one clause
 * per filter given with terms (`categories`, `tags`, `menus`, `pattern_category`: any of the
 * terms, all with `operator: 'AND'`; their `_exclude` forms: none of them), joined by
 * `tax_relation` (AND by default). Terms have no children in the fake, so `include_children`
 * changes nothing. A menu item's `menus` is one term id.
 */
function inTermFilters(kind: ContentType, record: CmsRecord, query: Record<string, unknown>): boolean {
  const clauses: boolean[] = [];
  for (const [name, field] of TAXONOMIES[kind.type] ?? []) {
    const assigned = typeof record[field] === 'number' ? [record[field]] : record[field];
    if (termsOf(query[name]).length > 0) clauses.push(inTerms(assigned, query[name]));
    const exclude = termsOf(query[`${name}_exclude`]);
    if (exclude.length > 0) clauses.push(!inTerms(assigned, exclude));
  }
  if (clauses.length === 0) return true;
  return query.tax_relation === 'OR' ? clauses.some(Boolean) : clauses.every(Boolean);
}

/** The term ids of a term query (ids, or `{ terms }`); none when it is absent. */
function termsOf(query: unknown): number[] {
  if (query === undefined) return [];
  return Array.isArray(query) ? (query as number[]) : ((query as { terms?: number[] }).terms ?? []);
}

/** Route implementations for one content type, keyed like `cmsRoutes`. */
/** The raw text a write gives a field (`"x"` or `{ raw: "x" }`), or what the record holds when the write leaves it out. */
function rawAfterWrite(body: Record<string, unknown>, field: string, existing: CmsRecord | undefined): string {
  const value = field in body ? body[field] : existing?.[field];
  if (typeof value === 'string') return value;
  const raw = (value as { raw?: unknown } | null | undefined)?.raw;
  return typeof raw === 'string' ? raw : '';
}

/** WordPress 6.5.5 refuses a post left with no title, content and excerpt (pages and blocks may be empty). */
function emptyPost(kind: ContentType, body: Record<string, unknown>, existing?: CmsRecord): Response | undefined {
  if (kind.type !== 'post') return undefined;
  if (['title', 'content', 'excerpt'].some((field) => rawAfterWrite(body, field, existing) !== '')) return undefined;
  return cmsError(400, 'empty_content', 'Content, title, and excerpt are empty.');
}

export function contentRoutes(ctx: ContentContext, kind: ContentType): Routes {
  const base = `/cms/v2/${kind.restBase}`;
  const isKind = (record: CmsRecord | undefined): record is CmsRecord =>
    record !== undefined && (kind.type === 'nav_menu_item' ? record.menus !== undefined : record.type === kind.type);
  const find = (id: number) => {
    const record = ctx.store.records.get(id);
    return isKind(record) ? record : undefined;
  };
  // WordPress 6.5.5's posts controller says "post" in its messages for every type it serves, pages included.
  const invalidId = () => cmsError(404, 'rest_post_invalid_id', 'Invalid post ID.');
  const forbiddenContext = (user: CmsFakeUser | undefined) =>
    cmsError(user ? 403 : 401, 'rest_forbidden_context', `Sorry, you are not allowed to edit posts in this post type.`);
  const cannot = (user: CmsFakeUser | undefined, code: string, message: string) =>
    cmsError(user ? 403 : 401, code, message);
  const show = (request: Request, record: CmsRecord, context: string) =>
    present(record, context, ctx.rootFor(request), kind);
  const site = (request: Request) => ctx.rootFor(request).replace(/\/wp-json$/, '');
  const snapshot = (record: CmsRecord) => {
    const list = ctx.store.revisions.get(record.id) ?? [];
    const revision: CmsRecord = {
      ...structuredClone(record),
      id: ctx.store.nextId(),
      parent: record.id,
      type: 'revision',
      status: 'inherit',
      slug: `${record.id}-revision-v1`,
    };
    list.push(revision);
    ctx.store.revisions.set(record.id, list);
  };
  const tracksRevisions = kind.type !== 'nav_menu_item';

  const list: Impl = ({ query, request, url }: Args) => {
    const user = ctx.userOf(request);
    const context = String(query.context ?? 'view');
    if (context === 'edit' && !canEdit(user)) return forbiddenContext(user);
    if (kind.type === 'nav_menu_item' && !canEdit(user))
      return cannot(user, 'rest_cannot_view', 'Sorry, you are not allowed to view menu items.');
    const given = ([] as unknown[]).concat(query.status ?? (kind.type === 'nav_menu_item' ? 'any' : 'publish'));
    // As WordPress 6.5.5 refuses it: a 400 for the parameter, the sign-in status inside its details.
    // The route's default status is open to anyone (sanitize_post_statuses skips it): `inherit` for media.
    const open = kind.type === 'attachment' ? 'inherit' : 'publish';
    if (given.some((s) => s !== open) && !canEdit(user))
      return cmsError(400, 'rest_invalid_param', 'Invalid parameter(s): status', {
        params: { status: 'Status is forbidden.' },
        details: {
          status: {
            code: 'rest_forbidden_status',
            message: 'Status is forbidden.',
            data: { status: user ? 403 : 401 },
          },
        },
      });
    const unordered = orderbyRefusal(query);
    if (unordered) return unordered;
    const statuses = given.length > 0 ? given : defaultStatuses(kind, user);
    const search = typeof query.search === 'string' ? query.search.toLowerCase() : undefined;
    const include = Array.isArray(query.include) && query.include.length > 0 ? new Set(query.include) : undefined;
    const exclude = Array.isArray(query.exclude) ? new Set(query.exclude) : undefined;
    let items = [...ctx.store.records.values()].filter(isKind).filter((r) => {
      if (statuses.includes('any') ? r.status === 'trash' : !statuses.includes(r.status)) return false;
      if (include && !include.has(r.id)) return false;
      if (exclude?.has(r.id)) return false;
      if (!matchesSlugQuery(r.slug, query.slug)) return false;
      if (Array.isArray(query.author) && query.author.length > 0 && !query.author.includes(r.author)) return false;
      if (Array.isArray(query.parent) && query.parent.length > 0 && !query.parent.includes(r.parent)) return false;
      if (!inTermFilters(kind, r, query)) return false;
      // Pages and menu items: only those at this position.
      if (typeof query.menu_order === 'number' && r.menu_order !== query.menu_order) return false;
      if (search) {
        const text =
          `${(r.title as { raw?: string } | undefined)?.raw ?? ''} ${(r.content as { raw?: string } | undefined)?.raw ?? ''}`.toLowerCase();
        if (!text.includes(search)) return false;
      }
      return true;
    });
    const orderby = String(query.orderby ?? (kind.type === 'nav_menu_item' ? 'menu_order' : 'date'));
    const key = (r: CmsRecord): string | number =>
      orderby === 'id'
        ? r.id
        : orderby === 'title'
          ? (r.title as { raw: string }).raw
          : orderby === 'menu_order'
            ? Number(r.menu_order)
            : `${r.date}#${String(r.id).padStart(9, '0')}`;
    const order = query.order === 'asc' || (query.order === undefined && orderby === 'menu_order') ? 1 : -1;
    items = items.sort((a, b) => (key(a) < key(b) ? -order : key(a) > key(b) ? order : 0));
    const shown = items.map((r) => show(request, r, context));
    return pageOf(shown, Number(query.page ?? 1), Number(query.per_page ?? 10), url, ctx.rootFor(request));
  };

  const create: Impl = ({ body, request }: Args) => {
    const user = ctx.userOf(request);
    // Read before canEdit() narrows `user` away in its false branch.
    const userId = user?.id;
    if (!canEdit(user)) {
      // WordPress's order of refusals: another author (`author: 0` is none to its `empty()`),
      // then sticky, then creating at all.
      if (body.author && body.author !== userId)
        return cannot(user, 'rest_cannot_edit_others', `Sorry, you are not allowed to create posts as this user.`);
      if (kind.type === 'post' && body.sticky === true)
        return cannot(user, 'rest_cannot_assign_sticky', 'Sorry, you are not allowed to make posts sticky.');
      return cannot(user, 'rest_cannot_create', `Sorry, you are not allowed to create posts as this user.`);
    }
    const empty = emptyPost(kind, body);
    if (empty) return empty;
    const record = applyWrite(ctx.store, kind, site(request), body, undefined, user.id);
    // No revision yet: WordPress 6.5.5 stores one on each update, none when a record is created.
    ctx.store.records.set(record.id, record);
    return ok(show(request, record, 'edit'), 201);
  };

  const get: Impl = ({ params, query, request }: Args) => {
    const record = find(params.id as number);
    if (!record) return invalidId();
    const user = ctx.userOf(request);
    const context = String(query.context ?? 'view');
    // As the list: menu items are private to users who may edit them (WordPress 6.5.5).
    if (kind.type === 'nav_menu_item' && !canEdit(user))
      return cannot(user, 'rest_cannot_view', 'Sorry, you are not allowed to view menu items.');
    if ((context === 'edit' || record.status !== 'publish') && !canEdit(user))
      return record.status === 'publish'
        ? forbiddenContext(user)
        : cannot(user, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
    return ok(show(request, record, context));
  };

  const update: Impl = ({ params, body, request }: Args) => {
    const record = find(params.id as number);
    if (!record) return invalidId();
    const user = ctx.userOf(request);
    if (!canEdit(user)) return cannot(user, 'rest_cannot_edit', `Sorry, you are not allowed to edit this post.`);
    const empty = emptyPost(kind, body, record);
    if (empty) return empty;
    const next = applyWrite(ctx.store, kind, site(request), body, record);
    ctx.store.records.set(next.id, next);
    if (tracksRevisions) snapshot(next);
    return ok(show(request, next, 'edit'));
  };

  const remove: Impl = ({ params, query, request }: Args) => {
    const record = find(params.id as number);
    if (!record) return invalidId();
    const user = ctx.userOf(request);
    if (!canEdit(user)) return cannot(user, 'rest_cannot_delete', `Sorry, you are not allowed to delete this post.`);
    if (query.force === true) {
      const previous = show(request, record, 'edit');
      ctx.store.records.delete(record.id);
      ctx.store.revisions.delete(record.id);
      ctx.store.autosaves.delete(record.id);
      return ok({ deleted: true, previous });
    }
    if (!kind.trash)
      return cmsError(
        501,
        'rest_trash_not_supported',
        `The post does not support trashing. Set 'force=true' to delete.`,
      );
    if (record.status === 'trash') return cmsError(410, 'rest_already_trashed', `The post has already been deleted.`);
    const trashed: CmsRecord = { ...record, status: 'trash', slug: `${record.slug || record.generated_slug}__trashed` };
    trashed.link = `${site(request)}/?p=${record.id}`;
    ctx.store.records.set(record.id, trashed);
    return ok(show(request, trashed, 'edit'));
  };

  const routes: Record<string, Impl> = {
    [`GET ${base}`]: list,
    [`POST ${base}`]: create,
    [`GET ${base}/{id}`]: get,
    [`POST ${base}/{id}`]: update,
    [`PUT ${base}/{id}`]: update,
    [`PATCH ${base}/{id}`]: update,
    [`DELETE ${base}/{id}`]: remove,
  };
  Object.assign(routes, historyRoutes(ctx, kind, find));
  return handlers(routes, (args) => args);
}

/** Revisions (not for menu items) and autosaves of one content type. */
function historyRoutes(
  ctx: ContentContext,
  kind: ContentType,
  find: (id: number) => CmsRecord | undefined,
): Record<string, Impl> {
  const base = `/cms/v2/${kind.restBase}`;
  const root = (request: Request) => ctx.rootFor(request);
  const revisionView = (request: Request, revision: CmsRecord, context: string, autosave = false) =>
    present(revision, context, root(request), {
      ...kind,
      restBase: `${kind.restBase}/${revision.parent}/${autosave ? 'autosaves' : 'revisions'}`,
      fields:
        (kind.type === 'nav_menu_item' ? kind.fields : undefined) ?? (autosave ? AUTOSAVE_FIELDS : REVISION_FIELDS),
    });
  const guard = (request: Request) => {
    const user = ctx.userOf(request);
    return canEdit(user)
      ? undefined
      : cmsError(user ? 403 : 401, 'rest_cannot_read', 'Sorry, you are not allowed to view revisions of this post.');
  };
  /**
   * A record's revisions with its autosaves among them, newest first: WordPress 6.5.5 keeps an
   * autosave as a revision and its revisions route lists and reads it (wp_get_post_revisions).
   */
  const historyOf = (parent: number) =>
    [...(ctx.store.revisions.get(parent) ?? []), ...(ctx.store.autosaves.get(parent) ?? [])].sort(
      (a, b) => b.id - a.id,
    );
  const routes: Record<string, Impl> = {};
  if (kind.type !== 'nav_menu_item') {
    routes[`GET ${base}/{parent}/revisions`] = ({ params, query, request, url }: Args) => {
      const parent = find(params.parent as number);
      if (!parent) return cmsError(404, 'rest_post_invalid_parent', 'Invalid post parent ID.');
      const denied = guard(request);
      if (denied) return denied;
      // WordPress 6.5.5's revisions controller refuses these as its lists do, after the parent and access.
      const unordered = orderbyRefusal(query);
      if (unordered) return unordered;
      const items = historyOf(parent.id);
      const shown = items.map((r) => revisionView(request, r, String(query.context ?? 'view')));
      return pageOf(shown, Number(query.page ?? 1), Number(query.per_page ?? (shown.length || 10)), url, root(request));
    };
    routes[`GET ${base}/{parent}/revisions/{id}`] = ({ params, query, request }: Args) => {
      const parent = find(params.parent as number);
      if (!parent) return cmsError(404, 'rest_post_invalid_parent', 'Invalid post parent ID.');
      const denied = guard(request);
      if (denied) return denied;
      const revision = historyOf(parent.id).find((r) => r.id === params.id);
      if (!revision) return cmsError(404, 'rest_post_invalid_id', 'Invalid revision ID.');
      return ok(revisionView(request, revision, String(query.context ?? 'view')));
    };
    // WordPress 6.5.5 maps delete_post on a revision to do_not_allow: even an administrator gets 403.
    routes[`DELETE ${base}/{parent}/revisions/{id}`] = ({ params, request }: Args) => {
      const parent = find(params.parent as number);
      if (!parent) return cmsError(404, 'rest_post_invalid_parent', 'Invalid post parent ID.');
      const revision = historyOf(parent.id).find((r) => r.id === params.id);
      if (!revision) return cmsError(404, 'rest_post_invalid_id', 'Invalid revision ID.');
      const user = ctx.userOf(request);
      return cmsError(user ? 403 : 401, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this revision.');
    };
  }
  routes[`GET ${base}/{id}/autosaves`] = ({ params, query, request }: Args) => {
    const parent = find(params.id as number);
    if (!parent) return cmsError(404, 'rest_post_invalid_parent', 'Invalid post parent ID.');
    const denied = guard(request);
    if (denied) return denied;
    // Every user's autosave, newest first, each with its `author` (WordPress 6.5.5 filters none).
    const autosaves = ctx.store.autosaves.get(parent.id) ?? [];
    return ok(autosaves.map((autosave) => revisionView(request, autosave, String(query.context ?? 'view'), true)));
  };
  routes[`POST ${base}/{id}/autosaves`] = ({ params, body, request }: Args) => {
    const parent = find(params.id as number);
    if (!parent) return cmsError(404, 'rest_post_invalid_parent', 'Invalid post parent ID.');
    const denied = guard(request);
    if (denied) return denied;
    const user = ctx.userOf(request);
    const author = user?.id ?? 0;
    const draft = applyWrite(ctx.store, kind, ctx.rootFor(request).replace(/\/wp-json$/, ''), body, parent);
    if (kind.type === 'nav_menu_item') (draft.title as { raw: string; rendered: string }) = { raw: '', rendered: '' };
    // One autosave per user: a user's next autosave replaces theirs (same id), as WordPress does.
    const others = (ctx.store.autosaves.get(parent.id) ?? []).filter((a) => a.author !== author);
    const previous = ctx.store.autosaves.get(parent.id)?.find((a) => a.author === author);
    const autosave: CmsRecord = {
      ...draft,
      id: previous?.id ?? ctx.store.nextId(),
      author,
      parent: parent.id,
      type: 'revision',
      status: 'inherit',
      slug: `${parent.id}-autosave-v1`,
    };
    autosave.preview_link = `${String(parent.link)}${String(parent.link).includes('?') ? '&' : '?'}preview_id=${parent.id}&preview_nonce=fake&preview=true`;
    ctx.store.autosaves.set(parent.id, [autosave, ...others]);
    return ok(revisionView(request, autosave, 'edit', true));
  };
  // WordPress 6.5.5 answers the parent's newest autosave (of any user) whatever the `id`
  // (`wp_get_post_autosave($parent_id)`), and 404 `rest_post_no_autosave` when it has none.
  routes[`GET ${base}/{parent}/autosaves/{id}`] = ({ params, query, request }: Args) => {
    const parent = find(params.parent as number);
    if (!parent) return cmsError(404, 'rest_post_invalid_parent', 'Invalid post parent ID.');
    const denied = guard(request);
    if (denied) return denied;
    const newest = ctx.store.autosaves.get(parent.id)?.[0];
    if (!newest) return cmsError(404, 'rest_post_no_autosave', 'There is no autosave revision for this post.');
    return ok(revisionView(request, newest, String(query.context ?? 'view'), true));
  };
  return routes;
}

/** WordPress 6.5.5's 400 for an `orderby` its other parameter leaves empty (`include`, `search`), on lists and revisions. */
function orderbyRefusal(query: Args['query']): Response | undefined {
  if (query.orderby === 'include' && !(Array.isArray(query.include) && query.include.length > 0))
    return cmsError(
      400,
      'rest_orderby_include_missing_include',
      'You need to define an include parameter to order by include.',
    );
  if (query.orderby === 'relevance' && !query.search)
    return cmsError(400, 'rest_no_search_term_defined', 'You need to define a search term to order by relevance.');
  return undefined;
}
