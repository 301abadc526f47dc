/** The list/get/create/update/delete shape shared by posts, pages, media, menu items and blocks. */
import type { PagePromise } from '../core/pagination.js';
import type { RequestCallOptions } from '../core/route-request.js';
import { callOptions, type Deleted, Resource, type ResourceContext, type TrashOptions } from './resource.js';
import type { BodyOf, Call, CmsRouteKey, ListItem, ListQueryOf, Out, QueryOf } from './routes.js';

/** Route keys of one content type. */
export interface ContentKeys<
  L extends CmsRouteKey,
  G extends CmsRouteKey,
  C extends CmsRouteKey,
  U extends CmsRouteKey,
  D extends CmsRouteKey,
> {
  /** Collection GET. */
  readonly list: L;
  /** Item GET. */
  readonly get: G;
  /** Collection POST. */
  readonly create: C;
  /** Item update (PUT). */
  readonly update: U;
  /** Item DELETE. */
  readonly delete: D;
}

/** List/get/update/delete over one content type; each method validates its input with the route's schemas before sending. */
export class ContentResourceBase<
  L extends CmsRouteKey,
  G extends CmsRouteKey,
  C extends CmsRouteKey,
  U extends CmsRouteKey,
  D extends CmsRouteKey,
> extends Resource {
  readonly #keys: ContentKeys<L, G, C, U, D>;

  /** @internal */
  constructor(context: ResourceContext, keys: ContentKeys<L, G, C, U, D>) {
    super(context);
    this.#keys = keys;
  }

  /** @internal */
  protected get keys(): ContentKeys<L, G, C, U, D> {
    return this.#keys;
  }

  /**
   * Lists records. Await it for the first page (`items`, `total`, `totalPages`, `next()`),
   * `for await` it for every record of every page, or call `.all({ concurrency })`.
   */
  list(query?: ListQueryOf<L>, options?: RequestCallOptions): PagePromise<ListItem<L>> {
    return this.paginate(this.#keys.list, (query ? { query } : {}) as unknown as Call<L>, callOptions(options));
  }

  /** Gets one record by id. */
  async get(id: number, query?: QueryOf<G>, options?: RequestCallOptions): Promise<Out<G>> {
    return this.send(
      this.#keys.get,
      { params: { id }, ...(query ? { query } : {}) } as unknown as Call<G>,
      callOptions(options),
    );
  }

  /** Updates some writable fields of a record (WordPress creates a revision for revisioned types). */
  async update(id: number, body: BodyOf<U>, options?: RequestCallOptions): Promise<Out<U>> {
    return this.send(this.#keys.update, { params: { id }, body } as unknown as Call<U>, callOptions(options));
  }

  /** Moves a record to the trash (default): resolves the record with `status: 'trash'`. */
  delete(id: number, options?: TrashOptions & { readonly force?: false | undefined }): Promise<Out<G>>;
  /** Deletes a record permanently (`force: true`): resolves `{ deleted: true, previous }`. */
  delete(id: number, options: TrashOptions & { readonly force: true }): Promise<Deleted<Out<G>>>;
  /** Trashes, or with `force: true` deletes permanently. */
  delete(id: number, options?: TrashOptions): Promise<Out<G> | Deleted<Out<G>>>;
  async delete(id: number, options?: TrashOptions): Promise<Out<G> | Deleted<Out<G>>> {
    const query = options?.force === undefined ? {} : { query: { force: options.force } };
    const result = await this.send(
      this.#keys.delete,
      { params: { id }, ...query } as unknown as Call<D>,
      callOptions(options),
    );
    return result as unknown as Out<G> | Deleted<Out<G>>;
  }
}

/** CRUD over one content type: {@link ContentResourceBase} plus `create`. */
export class ContentResource<
  L extends CmsRouteKey,
  G extends CmsRouteKey,
  C extends CmsRouteKey,
  U extends CmsRouteKey,
  D extends CmsRouteKey,
> extends ContentResourceBase<L, G, C, U, D> {
  /** Creates a record from its writable fields. */
  async create(body: BodyOf<C>, options?: RequestCallOptions): Promise<Out<C>> {
    return this.send(this.keys.create, { body } as unknown as Call<C>, callOptions(options));
  }
}
