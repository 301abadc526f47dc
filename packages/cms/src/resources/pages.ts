/** `client.pages`: pages with their revisions and autosaves. */

import type { ItemQuery, PagesQuery } from '@viewlink/schemas';
import type { BodyOf, ListItem, Out } from '../core/routes.js';
import type {
  ContentEdit,
  ContentView,
  ExcerptEdit,
  ExcerptView,
  RenderedEdit,
  RenderedView,
  ShapeKey,
  ShapeParams,
} from '../core/shape.js';
import type { Autosaves, CreateAutosave, ListAutosaves } from './autosaves.js';
import {
  ContentWithHistory,
  type CreateRecord,
  type DeleteRecord,
  type GetRecord,
  type ListRecords,
  type UpdateRecord,
} from './content.js';
import type { ResourceContext } from './resource.js';
import type { DeleteRevision, GetRevision, ListRevisions, RevisionShapes, Revisions } from './revisions.js';

/** A page (the content type) as the server returns it. Named `SitePage` because `Page` is a page of results. */
export type SitePage = Out<'GET /cms/v2/pages/{id}'>;
/** Fields of a page only the edit context sends. */
type PageEditOnly = 'password' | 'permalink_template' | 'generated_slug';
/** A page as the view context (the default) sends it: rendered HTML, no `raw` parts or edit-only fields. */
export interface SitePageView extends Omit<SitePage, PageEditOnly | 'guid' | 'title' | 'content' | 'excerpt'> {
  /** Globally unique identifier of the page. */
  guid?: RenderedView | undefined;
  /** Title as HTML. */
  title?: RenderedView | undefined;
  /** Content as HTML. */
  content?: ContentView | undefined;
  /** Excerpt as HTML. */
  excerpt?: ExcerptView | undefined;
}
/** A page as the edit context sends it: `raw` parts and the edit-only fields. */
export interface SitePageEdit extends SitePage {
  /** Globally unique identifier: `raw` and `rendered`. */
  guid?: RenderedEdit | undefined;
  /** Title: `raw` (as stored) and `rendered`. */
  title?: RenderedEdit | undefined;
  /** Content: `raw` (as stored), `rendered`, `block_version`. */
  content?: ContentEdit | undefined;
  /** Excerpt: `raw` (as stored) and `rendered`. */
  excerpt?: ExcerptEdit | undefined;
}
/** A page as the embed context sends it (WordPress 6.5.5): id, date, slug, type, link, title, author, excerpt, featured media. */
export interface SitePageEmbed
  extends Pick<
    SitePageView,
    'id' | 'date' | 'slug' | 'type' | 'link' | 'title' | 'author' | 'excerpt' | 'featured_media' | '_links'
  > {}
/** `PageListQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface PageListFilters extends Omit<PagesQuery, ShapeKey> {}
/** Query of `pages.list`: paging, search, dates, authors, parents, statuses, menu order; `context`, `_fields`, `_embed`. */
export interface PageListQuery extends PageListFilters, ShapeParams<PageShapes> {}
/** `PageGetQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface PageGetFilters extends Omit<ItemQuery, ShapeKey> {}
/** Query of `pages.get`: `context`, `_fields`, `_embed`, `excerpt_length`, `password`. */
export interface PageGetQuery extends PageGetFilters, ShapeParams<PageShapes> {}
/** Pages in each context, their embeddable relations and read queries (see `Shaped`). */
export interface PageShapes {
  /** A page in view context. */
  readonly view: SitePageView;
  /** A page in edit context. */
  readonly edit: SitePageEdit;
  /** A page in embed context. */
  readonly embed: SitePageEmbed;
  /** Relations `_embed` embeds for a page (`up`: its parent). */
  readonly relations: 'author' | 'wp:featuredmedia' | 'up' | 'replies';
  /** Query of `list` without `context`, `_fields` and `_embed`. */
  readonly listFilters: PageListFilters;
  /** Query of `get` without `context`, `_fields` and `_embed`. */
  readonly getFilters: PageGetFilters;
}
/** Writable fields of a new page. */
export type PageCreateParams = BodyOf<'POST /cms/v2/pages'>;
/** Writable fields of a page update. */
export type PageUpdateParams = BodyOf<'PUT /cms/v2/pages/{id}'>;
/** A page revision. */
export type PageRevision = ListItem<'GET /cms/v2/pages/{parent}/revisions'>;
/** A page autosave. */
export type PageAutosave = Out<'GET /cms/v2/pages/{parent}/autosaves/{id}'>;

/** Revisions of a page: `list(parentId)`, `get(parentId, id)`, `delete(parentId, id, { force: true })`. */
export interface PageRevisions extends Revisions<'pages', number, RevisionShapes> {
  /** Lists the revisions of a page, newest first; paginated like every collection. */
  readonly list: ListRevisions<number, RevisionShapes>;
  /** Gets one revision of a page; its type follows `context`, `_fields` and `_embed`. */
  readonly get: GetRevision<number, RevisionShapes>;
  /** Deletes a revision permanently (`{ force: true }` required); WordPress 6.5.5 refuses it (403 `rest_cannot_delete`). */
  readonly delete: DeleteRevision<'pages', number>;
}
/** Autosaves of a page: `list(parentId)`, `create(parentId, fields)`, `get(parentId, id)`. */
export interface PageAutosaves extends Autosaves<'pages', number, RevisionShapes> {
  /** Lists the autosaves of a page (one per user; not paginated). */
  readonly list: ListAutosaves<number, RevisionShapes>;
  /** Saves an autosave of a page. */
  readonly create: CreateAutosave<'pages', number>;
  /** Gets the page's newest autosave (WordPress 6.5.5 answers it whatever the id: compare the `id`). */
  readonly get: GetRevision<number, RevisionShapes>;
}

/** Pages: list, get, create, update, delete (trash or force), revisions and autosaves. */
export class Pages extends ContentWithHistory<'pages', PageShapes, RevisionShapes> {
  // Redeclared (types only) so a hover names `Pages.list`, not the generic base it comes from.
  /**
   * Lists pages. Await it for the first page (`items`, `total`, `totalPages`, `next()`),
   * `for await` it for every page of every page, or call `.all({ concurrency })`. The records'
   * type follows `context`, `_fields` and `_embed`.
   */
  declare readonly list: ListRecords<PageShapes>;
  /** Gets one page by id; its type follows `context`, `_fields` and `_embed`. */
  declare readonly get: GetRecord<PageShapes>;
  /** Creates a page from its writable fields. */
  declare readonly create: CreateRecord<'pages'>;
  /** Updates some writable fields of a page (WordPress creates a revision). */
  declare readonly update: UpdateRecord<'pages'>;
  /** Trashes a page, or with `force: true` deletes it permanently. */
  declare readonly delete: DeleteRecord<'pages'>;
  /** Revisions: `list(parentId)`, `get(parentId, id)`, `delete(parentId, id, { force: true })`. */
  declare readonly revisions: PageRevisions;
  /** Autosaves: `list(parentId)`, `create(parentId, fields)`, `get(parentId, id)`. */
  declare readonly autosaves: PageAutosaves;

  /** @internal */
  constructor(context: ResourceContext) {
    super(context, 'pages');
  }
}
