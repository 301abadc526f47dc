/** `client.pages`: pages with their revisions and autosaves. */

import type { RequestCallOptions } from '../core/route-request.js';
import { ContentResource } from '../internal/content-resource.js';
import type { ResourceContext } from '../internal/resource.js';
import type { BodyOf, ListItem, ListQueryOf, Out, QueryOf } from '../internal/routes.js';
import { Autosaves } from './autosaves.js';
import { Revisions } from './revisions.js';

/** A page (the content type) as the server returns it. Named `SitePage` because `Page` is a page of results. */
export type SitePage = Out<'GET /cms/v2/pages/{id}'>;
/** Query of `pages.list`: paging, search, dates, authors, statuses, term queries, parents, menu order. */
export type PageListQuery = NonNullable<ListQueryOf<'GET /cms/v2/pages'>>;
/** Query of `pages.get`: `context`, `excerpt_length`, `password`. */
export type PageGetQuery = NonNullable<QueryOf<'GET /cms/v2/pages/{id}'>>;
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
  'DELETE /cms/v2/pages/{id}'
> {
  /** Revisions of a page: `list(pageId)`, `get(pageId, id)`, `delete(pageId, id, { force: true })`. */
  readonly revisions: Revisions<
    'GET /cms/v2/pages/{parent}/revisions',
    'GET /cms/v2/pages/{parent}/revisions/{id}',
    'DELETE /cms/v2/pages/{parent}/revisions/{id}',
    number
  >;
  /** Autosaves of a page: `list(pageId)`, `create(pageId, fields)`, `get(pageId, id)`. */
  readonly autosaves: Autosaves<
    'GET /cms/v2/pages/{id}/autosaves',
    'POST /cms/v2/pages/{id}/autosaves',
    'GET /cms/v2/pages/{parent}/autosaves/{id}',
    number
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
