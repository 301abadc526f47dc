/**
 * Autosaves of posts, pages, menu items, blocks and templates: list, create and get. One
 * definition for every owner, with the owner as its parameter.
 */
import type { CmsContext } from '@viewlink/schemas';
import { defineMethods, type MethodDefinitions } from '@viewlink/transport';
import type { RequestCallOptions } from '../core/route-request.js';
import type { AutosaveCollection, AutosaveOwner, BodyOf, CmsRouteKey, Out } from '../core/routes.js';
import type { EmbedOf, FieldOf, ShapeArgs, Shaped } from '../core/shape.js';
import { type CmsMethodDefinition, propertyOf, type ResourceContext } from './resource.js';
import type { GetRevision, RevisionReadShapes, RevisionShapes } from './revisions.js';

/** `list` of an owner's autosaves (one per user; not paginated). */
export interface ListAutosaves<P, S extends RevisionReadShapes> {
  /** Lists the autosaves of `parent`; their type follows `context`, `_fields` and `_embed`. */
  <const C extends CmsContext = 'view', const F extends FieldOf<S> = never, const E extends EmbedOf<S> = never>(
    parent: P,
    query?: S['getFilters'] & ShapeArgs<C, F, E>,
    options?: RequestCallOptions,
  ): Promise<Shaped<S, C, F, E>[]>;
}

/** `create` of an autosave. */
export interface CreateAutosave<O extends AutosaveOwner, P> {
  /**
   * Saves an autosave of `parent`. WordPress updates the record itself when it is a draft by the
   * same author, and otherwise stores a separate autosave revision.
   */
  (
    parent: P,
    body: BodyOf<`POST ${AutosaveCollection<O>}`>,
    options?: RequestCallOptions,
  ): Promise<Out<`POST ${AutosaveCollection<O>}`>>;
}

/** The autosave methods of an owner. */
interface AutosaveMethods<O extends AutosaveOwner, P, S extends RevisionReadShapes> {
  readonly list: ListAutosaves<P, S>;
  readonly create: CreateAutosave<O, P>;
  readonly get: GetRevision<P, S>;
}

/** The autosave methods of `owner`, as data; `refused` as for revisions (revisions.ts). */
function autosaveDefinitions<O extends AutosaveOwner, P, S extends RevisionReadShapes>(
  owner: O,
  refused: string | undefined,
): MethodDefinitions<AutosaveMethods<O, P, S>, CmsRouteKey, CmsMethodDefinition> {
  const named: AutosaveOwner = owner;
  if (named === 'templates') {
    const owning = 'params.template_id';
    return {
      list: {
        route: 'GET /cms/v2/templates/{template_id}/autosaves',
        args: [owning, 'query'],
        refused,
      },
      create: { route: 'POST /cms/v2/templates/{template_id}/autosaves', args: [owning, 'body'] },
      get: {
        route: 'GET /cms/v2/templates/{template_id}/autosaves/{id}',
        args: [owning, 'params.id', 'query'],
        refused,
      },
    };
  }
  return {
    list: { route: `GET /cms/v2/${named}/{id}/autosaves`, args: ['params.id', 'query'] },
    create: { route: `POST /cms/v2/${named}/{id}/autosaves`, args: ['params.id', 'body'] },
    get: { route: `GET /cms/v2/${named}/{parent}/autosaves/{id}`, args: ['params.parent', 'params.id', 'query'] },
  };
}

/**
 * Autosaves of one owner (`'posts'`, `'pages'`, `'menu-items'`, `'blocks'`, `'templates'`): list,
 * create and get. `P` is the owner's id type; `S` types the reads by their `context`, `_fields`
 * and `_embed`.
 */
export class Autosaves<O extends AutosaveOwner, P, S extends RevisionReadShapes = RevisionShapes> {
  /** Lists the autosaves of `parent` (one per user; not paginated). */
  readonly list: ListAutosaves<P, S>;
  /** Saves an autosave of `parent`. */
  readonly create: CreateAutosave<O, P>;
  /**
   * Gets one autosave of `parent` by its id. WordPress 6.5.5 answers the parent's newest autosave
   * of any user whatever the id (404 `rest_post_no_autosave` when it has none): compare the `id`
   * of the answer, or pick from `list()`, which has every user's with its `author`.
   */
  readonly get: GetRevision<P, S>;

  /** @internal `refused`: what a 403 on a read also means for this owner. */
  constructor(context: ResourceContext, owner: O, refused?: string) {
    const methods = defineMethods<AutosaveMethods<O, P, S>, CmsRouteKey, CmsMethodDefinition>(
      autosaveDefinitions(owner, refused),
      context.invoke,
      `${propertyOf(owner)}.autosaves`,
    );
    this.list = methods.list;
    this.create = methods.create;
    this.get = methods.get;
  }
}

/**
 * @deprecated Every owner's autosaves have an item route now: use {@link Autosaves}. Kept as a
 * name for code that typed it (the owner read from the collection route key).
 */
export type AutosaveList<L extends CmsRouteKey, _C extends CmsRouteKey, P> = Autosaves<
  L extends `GET /cms/v2/${infer O extends AutosaveOwner}/${string}` ? O : never,
  P
>;
