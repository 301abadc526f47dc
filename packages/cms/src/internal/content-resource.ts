/** The list/get/update/delete shape shared by posts, pages, media, menu items and blocks. */
import type { PagePromise } from '../core/pagination.js';
import type { RequestCallOptions } from '../core/route-request.js';
import { type Deleted, Resource, type ResourceContext, type TrashOptions } from './resource.js';
import type { BodyOf, CmsRouteKey, ListItem, ListQueryOf, Out, QueryOf } from './routes.js';

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
 * List/get/update/delete over one content type, one call each; each input is validated with the
 * route's schemas before sending. Types that can be created add `create`.
 */
export class ContentResource<
  L extends CmsRouteKey,
  G extends CmsRouteKey,
  U extends CmsRouteKey,
  D extends CmsRouteKey,
> extends Resource {
  readonly #keys: ContentKeys<L, G, U, D>;

  /** @internal */
  constructor(context: ResourceContext, keys: ContentKeys<L, G, U, D>) {
    super(context);
    this.#keys = keys;
  }

  /**
   * Lists records. Await it for the first page (`items`, `total`, `totalPages`, `next()`),
   * `for await` it for every record of every page, or call `.all({ concurrency })`.
   */
  list(query?: ListQueryOf<L>, options?: RequestCallOptions): PagePromise<ListItem<L>> {
    return this.paginate<ListItem<L>>(this.#keys.list, { query }, options);
  }

  /** Gets one record by id. */
  get(id: number, query?: QueryOf<G>, options?: RequestCallOptions): Promise<Out<G>> {
    return this.send<Out<G>>(this.#keys.get, { params: { id }, query }, options);
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
