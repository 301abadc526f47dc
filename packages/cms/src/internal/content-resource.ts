/** The list/get/update/delete shape shared by posts, pages, media, menu items and blocks. */

import type { CmsContext } from '@viewlink/schemas';
import type { PagePromise } from '../core/pagination.js';
import type { RequestCallOptions } from '../core/route-request.js';
import type { EmbedOf, FieldOf, RecordShapes, ShapeArgs, Shaped } from '../core/shape.js';
import { type Deleted, Resource, type ResourceContext, type TrashOptions } from './resource.js';
import type { BodyOf, CmsRouteKey, Out } from './routes.js';

/** What a content type's reads take and return: its records per context and its read queries. */
export interface ContentShapes extends RecordShapes {
  /**
   * Query of `list` without `context`, `_fields` and `_embed` (the methods type those with their
   * own type parameters: intersecting two array types for `_fields` cost thousands of instantiations).
   */
  readonly listFilters: object;
  /** Query of `get` without `context`, `_fields` and `_embed`. */
  readonly getFilters: object;
}

/** Route keys of one content type. */
export interface ContentKeys<
  L extends CmsRouteKey,
  G extends CmsRouteKey,
  U extends CmsRouteKey,
  D extends CmsRouteKey,
> {
  /** Collection GET. */
  readonly list: L;
  /** Item GET. */
  readonly get: G;
  /** Item update (PUT). */
  readonly update: U;
  /** Item DELETE. */
  readonly delete: D;
}

/**
 * `list` of a content type: the first page when awaited (`items`, `total`, `totalPages`,
 * `next()`), every record of every page with `for await`, or `.all({ concurrency })`.
 */
export interface ListRecords<S extends ContentShapes> {
  /**
   * Lists records; their type follows `context` (`view` by default, `edit`, `embed`), `_fields`
   * (exactly those fields) and `_embed` (a typed `_embedded`).
   */
  <const C extends CmsContext = 'view', const F extends FieldOf<S> = never, const E extends EmbedOf<S> = never>(
    query?: S['listFilters'] & ShapeArgs<C, F, E>,
    options?: RequestCallOptions,
  ): PagePromise<Shaped<S, C, F, E>>;
}

/** `get` of a content type: one record by id. */
export interface GetRecord<S extends ContentShapes> {
  /** Gets one record by id; its type follows `context`, `_fields` and `_embed` like `list`'s records. */
  <const C extends CmsContext = 'view', const F extends FieldOf<S> = never, const E extends EmbedOf<S> = never>(
    id: number,
    query?: S['getFilters'] & ShapeArgs<C, F, E>,
    options?: RequestCallOptions,
  ): Promise<Shaped<S, C, F, E>>;
}

/**
 * List/get/update/delete over one content type, one call each; each input is validated with the
 * route's schemas before sending. Types that can be created add `create`. Reads type their result
 * from their query's `context`, `_fields` and `_embed` ({@link Shaped}).
 */
export class ContentResource<
  L extends CmsRouteKey,
  G extends CmsRouteKey,
  U extends CmsRouteKey,
  D extends CmsRouteKey,
  S extends ContentShapes,
> extends Resource {
  readonly #keys: ContentKeys<L, G, U, D>;
  /**
   * Lists records. Await it for the first page (`items`, `total`, `totalPages`, `next()`),
   * `for await` it for every record of every page, or call `.all({ concurrency })`. The records'
   * type follows `context`, `_fields` and `_embed`.
   */
  readonly list: ListRecords<S>;
  /** Gets one record by id; its type follows `context`, `_fields` and `_embed`. */
  readonly get: GetRecord<S>;

  /** @internal */
  constructor(context: ResourceContext, keys: ContentKeys<L, G, U, D>) {
    super(context);
    this.#keys = keys;
    // Own properties typed by call-signature interfaces: a hover shows `ListRecords<PostShapes>`.
    this.list = ((query?: object, options?: RequestCallOptions) =>
      this.paginate(keys.list, { query }, options)) as ListRecords<S>;
    this.get = ((id: number, query?: object, options?: RequestCallOptions) =>
      this.send(keys.get, { params: { id }, query }, options)) as GetRecord<S>;
  }

  /** Updates some writable fields of a record (WordPress creates a revision for revisioned types). */
  update(id: number, body: BodyOf<U>, options?: RequestCallOptions): Promise<Out<U>> {
    return this.send<Out<U>>(this.#keys.update, { params: { id }, body }, options);
  }

  /** Moves a record to the trash (default): resolves the record with `status: 'trash'`. */
  delete(id: number, options?: TrashOptions & { readonly force?: false | undefined }): Promise<Out<G>>;
  /** Deletes a record permanently (`force: true`): resolves `{ deleted: true, previous }`. */
  delete(id: number, options: TrashOptions & { readonly force: true }): Promise<Deleted<Out<G>>>;
  /** Trashes, or with `force: true` deletes permanently. */
  delete(id: number, options?: TrashOptions): Promise<Out<G> | Deleted<Out<G>>>;
  delete(id: number, options?: TrashOptions): Promise<Out<G> | Deleted<Out<G>>> {
    const query = options?.force === undefined ? undefined : { force: options.force };
    return this.send<Out<G> | Deleted<Out<G>>>(this.#keys.delete, { params: { id }, query }, options);
  }
}
