/** `client.pages`: pages with their revisions and autosaves. */

import type { ItemQuery, PagesQuery } from '@viewlink/schemas';
import type { RequestCallOptions } from '../core/route-request.js';
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
import { ContentResource } from '../internal/content-resource.js';
import type { ResourceContext } from '../internal/resource.js';
import type { BodyOf, ListItem, Out } from '../internal/routes.js';
import { Autosaves } from './autosaves.js';
import { type RevisionShapes, Revisions } from './revisions.js';

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

/** Pages: list, get, create, update, delete (trash or force), revisions and autosaves. */
export class Pages extends ContentResource<
  'GET /cms/v2/pages',
  'GET /cms/v2/pages/{id}',
  'PUT /cms/v2/pages/{id}',
  'DELETE /cms/v2/pages/{id}',
  PageShapes
> {
  /** Revisions of a page: `list(pageId)`, `get(pageId, id)`, `delete(pageId, id, { force: true })`. */
  readonly revisions: Revisions<
    'GET /cms/v2/pages/{parent}/revisions',
    'GET /cms/v2/pages/{parent}/revisions/{id}',
    'DELETE /cms/v2/pages/{parent}/revisions/{id}',
    number,
    RevisionShapes
  >;
  /** Autosaves of a page: `list(pageId)`, `create(pageId, fields)`, `get(pageId, id)`. */
  readonly autosaves: Autosaves<
    'GET /cms/v2/pages/{id}/autosaves',
    'POST /cms/v2/pages/{id}/autosaves',
    'GET /cms/v2/pages/{parent}/autosaves/{id}',
    number,
    RevisionShapes
  >;

  /** @internal */
  constructor(context: ResourceContext) {
    super(context, {
      list: 'GET /cms/v2/pages',
      get: 'GET /cms/v2/pages/{id}',
      update: 'PUT /cms/v2/pages/{id}',
      delete: 'DELETE /cms/v2/pages/{id}',
    });
    this.revisions = new Revisions(context, {
      list: 'GET /cms/v2/pages/{parent}/revisions',
      get: 'GET /cms/v2/pages/{parent}/revisions/{id}',
      delete: 'DELETE /cms/v2/pages/{parent}/revisions/{id}',
      parentParam: 'parent',
    });
    this.autosaves = new Autosaves(context, {
      list: 'GET /cms/v2/pages/{id}/autosaves',
      create: 'POST /cms/v2/pages/{id}/autosaves',
      get: 'GET /cms/v2/pages/{parent}/autosaves/{id}',
      listParentParam: 'id',
      parentParam: 'parent',
    });
  }

  /** Creates a record from its writable fields. */
  create(body: BodyOf<'POST /cms/v2/pages'>, options?: RequestCallOptions): Promise<Out<'POST /cms/v2/pages'>> {
    return this.send<Out<'POST /cms/v2/pages'>>('POST /cms/v2/pages', { body }, options);
  }
}
