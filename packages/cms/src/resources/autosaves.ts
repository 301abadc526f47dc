/** Autosaves of posts, pages, menu items, blocks and templates: list, create and (except templates) get. */
import type { RequestCallOptions } from '../core/route-request.js';
import { callOptions, Resource, type ResourceContext } from '../internal/resource.js';
import type { BodyOf, Call, CmsRouteKey, Out, QueryOf } from '../internal/routes.js';

/** Route keys and path-parameter names of one owner's autosave collection routes. */
export interface AutosaveListKeys<L extends CmsRouteKey, C extends CmsRouteKey> {
  /** Collection GET. */
  readonly list: L;
  /** Collection POST. */
  readonly create: C;
  /** Name of the owner's id in the collection path (`id`, or `template_id`). */
  readonly listParentParam: string;
}

/** Route keys of an owner with an autosave item route too. */
export interface AutosaveKeys<L extends CmsRouteKey, C extends CmsRouteKey, G extends CmsRouteKey>
  extends AutosaveListKeys<L, C> {
  /** Item GET. */
  readonly get: G;
  /** Name of the owner's id in the item path (`parent`). */
  readonly parentParam: string;
}

/** Autosaves of a content type without an item route (templates): list and create. */
export class AutosaveList<L extends CmsRouteKey, C extends CmsRouteKey, P> extends Resource {
  readonly #listKeys: AutosaveListKeys<L, C>;
  /** @internal */
  protected readonly check: (parent: P) => void;

  /** @internal */
  constructor(context: ResourceContext, keys: AutosaveListKeys<L, C>, check: (parent: P) => void = () => {}) {
    super(context);
    this.#listKeys = keys;
    this.check = check;
  }

  /** Lists the autosaves of `parent` (one per user; not paginated). */
  async list(parent: P, query?: QueryOf<L>, options?: RequestCallOptions): Promise<Out<L>> {
    this.check(parent);
    const params = { [this.#listKeys.listParentParam]: parent };
    return this.send(
      this.#listKeys.list,
      { params, ...(query ? { query } : {}) } as unknown as Call<L>,
      callOptions(options),
    );
  }

  /**
   * Saves an autosave of `parent`. WordPress updates the record itself when it is a draft by the
   * same author, and otherwise stores a separate autosave revision.
   */
  async create(parent: P, body: BodyOf<C>, options?: RequestCallOptions): Promise<Out<C>> {
    this.check(parent);
    const params = { [this.#listKeys.listParentParam]: parent };
    return this.send(this.#listKeys.create, { params, body } as unknown as Call<C>, callOptions(options));
  }
}

/** Autosaves of one content type: list, create and get. `P` is the owner's id type. */
export class Autosaves<L extends CmsRouteKey, C extends CmsRouteKey, G extends CmsRouteKey, P> extends AutosaveList<
  L,
  C,
  P
> {
  readonly #keys: AutosaveKeys<L, C, G>;

  /** @internal */
  constructor(context: ResourceContext, keys: AutosaveKeys<L, C, G>, check?: (parent: P) => void) {
    super(context, keys, check);
    this.#keys = keys;
  }

  /** Gets one autosave of `parent` by its id. */
  async get(parent: P, id: number, query?: QueryOf<G>, options?: RequestCallOptions): Promise<Out<G>> {
    this.check(parent);
    const params = { [this.#keys.parentParam]: parent, id };
    return this.send(
      this.#keys.get,
      { params, ...(query ? { query } : {}) } as unknown as Call<G>,
      callOptions(options),
    );
  }
}
