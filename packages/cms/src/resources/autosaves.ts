/** Autosaves of posts, pages, menu items, blocks and templates: list, create and get. */

import type { CmsContext } from '@viewlink/schemas';
import type { RequestCallOptions } from '../core/route-request.js';
import type { EmbedOf, FieldOf, ShapeArgs, Shaped } from '../core/shape.js';
import { Resource, type ResourceContext } from '../internal/resource.js';
import type { BodyOf, CmsRouteKey, Out } from '../internal/routes.js';
import type { RevisionReadShapes, RevisionShapes } from './revisions.js';

/** Route keys and path-parameter names of one owner's autosave collection routes. */
export interface AutosaveListKeys<L extends CmsRouteKey, C extends CmsRouteKey> {
  /** Collection GET. */
  readonly list: L;
  /** Collection POST. */
  readonly create: C;
  /** Name of the owner's id in the collection path (`id`, or `template_id`). */
  readonly listParentParam: string;
}

/** Route keys of an owner's autosave routes, the item route included. */
export interface AutosaveKeys<L extends CmsRouteKey, C extends CmsRouteKey, G extends CmsRouteKey>
  extends AutosaveListKeys<L, C> {
  /** Item GET. */
  readonly get: G;
  /** Name of the owner's id in the item path (`parent`, or `template_id`). */
  readonly parentParam: string;
}

/**
 * Autosaves of one content type: list, create and get. `P` is the owner's id type; `S` types the
 * reads by their `context`, `_fields` and `_embed`.
 */
export class Autosaves<
  L extends CmsRouteKey,
  C extends CmsRouteKey,
  G extends CmsRouteKey,
  P,
  S extends RevisionReadShapes = RevisionShapes,
> extends Resource {
  readonly #keys: AutosaveKeys<L, C, G>;
  readonly #check: (parent: P) => void;

  /** @internal */
  constructor(context: ResourceContext, keys: AutosaveKeys<L, C, G>, check: (parent: P) => void = () => {}) {
    super(context);
    this.#keys = keys;
    this.#check = check;
  }

  /** Lists the autosaves of `parent` (one per user; not paginated). */
  async list<
    const C extends CmsContext = 'view',
    const F extends FieldOf<S> = never,
    const E extends EmbedOf<S> = never,
  >(
    parent: P,
    query?: S['getFilters'] & ShapeArgs<C, F, E>,
    options?: RequestCallOptions,
  ): Promise<Shaped<S, C, F, E>[]> {
    this.#check(parent);
    const params = { [this.#keys.listParentParam]: parent };
    return this.send<Shaped<S, C, F, E>[]>(this.#keys.list, { params, query }, options);
  }

  /**
   * Saves an autosave of `parent`. WordPress updates the record itself when it is a draft by the
   * same author, and otherwise stores a separate autosave revision.
   */
  async create(parent: P, body: BodyOf<C>, options?: RequestCallOptions): Promise<Out<C>> {
    this.#check(parent);
    return this.send<Out<C>>(this.#keys.create, { params: { [this.#keys.listParentParam]: parent }, body }, options);
  }

  /** Gets one autosave of `parent` by its id. */
  async get<
    const C extends CmsContext = 'view',
    const F extends FieldOf<S> = never,
    const E extends EmbedOf<S> = never,
  >(
    parent: P,
    id: number,
    query?: S['getFilters'] & ShapeArgs<C, F, E>,
    options?: RequestCallOptions,
  ): Promise<Shaped<S, C, F, E>> {
    this.#check(parent);
    const params = { [this.#keys.parentParam]: parent, id };
    return this.send<Shaped<S, C, F, E>>(this.#keys.get, { params, query }, options);
  }
}

/**
 * @deprecated Every owner's autosaves have an item route now: use {@link Autosaves}. Kept as a
 * name for code that typed it.
 */
export type AutosaveList<L extends CmsRouteKey, C extends CmsRouteKey, P> = Autosaves<L, C, never, P>;
