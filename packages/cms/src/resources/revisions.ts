/**
 * Revisions of posts, pages, blocks and templates: list, get and permanent delete. Revisions
 * cannot be trashed, so `delete` requires `{ force: true }` in its type and at run time.
 */
import type { PagePromise } from '../core/pagination.js';
import type { RequestCallOptions } from '../core/route-request.js';
import { type ForceOptions, Resource, type ResourceContext, requireForce } from '../internal/resource.js';
import type { CmsRouteKey, ListItem, ListQueryOf, Out, QueryOf } from '../internal/routes.js';

/** Route keys and path-parameter name of one owner's revision routes. */
export interface RevisionKeys<L extends CmsRouteKey, G extends CmsRouteKey, D extends CmsRouteKey> {
  /** Collection GET. */
  readonly list: L;
  /** Item GET. */
  readonly get: G;
  /** Item DELETE. */
  readonly delete: D;
  /** Name of the owner's id in the paths (`parent`, or `template_id` for templates). */
  readonly parentParam: string;
  /** Name of the owner's id in the collection path, when it differs from the item path's. */
  readonly listParentParam?: string;
}

/** Revisions of one content type. `P` is the owner's id type (number, or a template id string). */
export class Revisions<L extends CmsRouteKey, G extends CmsRouteKey, D extends CmsRouteKey, P> extends Resource {
  readonly #keys: RevisionKeys<L, G, D>;
  readonly #check: (parent: P) => void;

  /** @internal */
  constructor(context: ResourceContext, keys: RevisionKeys<L, G, D>, check: (parent: P) => void = () => {}) {
    super(context);
    this.#keys = keys;
    this.#check = check;
  }

  /** Lists the revisions of `parent`, newest first; paginated like every collection. */
  list(parent: P, query?: ListQueryOf<L>, options?: RequestCallOptions): PagePromise<ListItem<L>> {
    const keys = this.#keys;
    const params = { [keys.listParentParam ?? keys.parentParam]: parent };
    return this.paginate<ListItem<L>>(keys.list, { params, query }, options, () => this.#check(parent));
  }

  /** Gets one revision. */
  async get(parent: P, id: number, query?: QueryOf<G>, options?: RequestCallOptions): Promise<Out<G>> {
    this.#check(parent);
    return this.send<Out<G>>(this.#keys.get, { params: { [this.#keys.parentParam]: parent, id }, query }, options);
  }

  /**
   * Deletes a revision permanently. `{ force: true }` is required: revisions do not support
   * trashing (the server would answer 501 `rest_trash_not_supported`).
   * @throws ValidationError naming `force` when it is not `true`, before anything is sent.
   */
  async delete(parent: P, id: number, options: ForceOptions): Promise<Out<D>> {
    requireForce(options, 'a revision');
    this.#check(parent);
    const params = { [this.#keys.parentParam]: parent, id };
    return this.send<Out<D>>(this.#keys.delete, { params, query: { force: true } }, options);
  }
}
