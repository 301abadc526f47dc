/**
 * Revisions of posts, pages, blocks and templates: list, get and permanent delete. Revisions
 * cannot be trashed, so `delete` requires `{ force: true }` in its type and at run time.
 */
import type { CmsContext, ContextQuery, Revision, RevisionsQuery } from '@viewlink/schemas';
import type { PagePromise } from '../core/pagination.js';
import type { RequestCallOptions } from '../core/route-request.js';
import type {
  ContentEdit,
  ContentView,
  EmbedOf,
  ExcerptEdit,
  ExcerptView,
  FieldOf,
  RecordShapes,
  RenderedEdit,
  RenderedView,
  ShapeArgs,
  Shaped,
  ShapeKey,
  ShapeParams,
} from '../core/shape.js';
import { type ForceOptions, Resource, type ResourceContext, requireForce } from '../internal/resource.js';
import type { CmsRouteKey, Out } from '../internal/routes.js';

/** What revision and autosave reads take and return: records per context and read queries. */
export interface RevisionReadShapes extends RecordShapes {
  /** Query of a paginated `list` (revisions) without `context`, `_fields` and `_embed`. */
  readonly listFilters: object;
  /** Query of `get`, and of an autosave `list`, without `context`, `_fields` and `_embed`. */
  readonly getFilters: object;
}

/** A revision or autosave of a post or page in view context: rendered HTML, no `raw` parts. */
export interface RevisionView extends Omit<Revision, 'preview_link' | 'guid' | 'title' | 'content' | 'excerpt'> {
  /** Globally unique identifier. */
  guid?: RenderedView | undefined;
  /** Title as HTML. */
  title?: RenderedView | undefined;
  /** Content as HTML. */
  content?: ContentView | undefined;
  /** Excerpt as HTML. */
  excerpt?: ExcerptView | undefined;
}
/** A revision or autosave in edit context: `raw` parts (and an autosave's `preview_link`). */
export interface RevisionEdit extends Revision {
  /** Globally unique identifier: `raw` and `rendered`. */
  guid?: RenderedEdit | undefined;
  /** Title: `raw` and `rendered`. */
  title?: RenderedEdit | undefined;
  /** Content: `raw`, `rendered`, `block_version`. */
  content?: ContentEdit | undefined;
  /** Excerpt: `raw` and `rendered`. */
  excerpt?: ExcerptEdit | undefined;
}
/** A revision or autosave in embed context: author, date, id, parent, slug, title, excerpt. */
export interface RevisionEmbed
  extends Pick<RevisionView, 'author' | 'date' | 'id' | 'parent' | 'slug' | 'title' | 'excerpt' | '_links'> {}
/** A reusable block's revision or autosave in view context: its title and content keep `raw` (WordPress sends only that). */
export interface BlockRevisionView extends Omit<Revision, 'preview_link' | 'guid'> {
  /** Globally unique identifier. */
  guid?: RenderedView | undefined;
}
/** A reusable block's revision or autosave in embed context: author, date, id, parent, slug, title. */
export interface BlockRevisionEmbed
  extends Pick<BlockRevisionView, 'author' | 'date' | 'id' | 'parent' | 'slug' | 'title' | '_links'> {}
/** `RevisionListQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface RevisionListFilters extends Omit<RevisionsQuery, ShapeKey> {}
/** Query of a revisions `list`: paging, ordering, `context`, `_fields`, `_embed`. */
export interface RevisionListQuery extends RevisionListFilters, ShapeParams<RevisionShapes> {}
/** `RevisionGetQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface RevisionGetFilters extends Omit<ContextQuery, ShapeKey> {}
/** Query of a revision or autosave `get`, and of an autosave `list`: `context`, `_fields`, `_embed`. */
export interface RevisionGetQuery extends RevisionGetFilters, ShapeParams<RevisionShapes> {}
/** Revisions and autosaves of posts and pages in each context (see `Shaped`). */
export interface RevisionShapes {
  /** In view context. */
  readonly view: RevisionView;
  /** In edit context. */
  readonly edit: RevisionEdit;
  /** In embed context. */
  readonly embed: RevisionEmbed;
  /** WordPress embeds nothing for a revision. */
  readonly relations: never;
  /** Query of `list` without `context`, `_fields` and `_embed`. */
  readonly listFilters: RevisionListFilters;
  /** Query of `get` without `context`, `_fields` and `_embed`. */
  readonly getFilters: RevisionGetFilters;
}
/** Revisions and autosaves of reusable blocks in each context. */
export interface BlockRevisionShapes extends Omit<RevisionShapes, 'view' | 'embed'> {
  /** In view context (title and content keep `raw`). */
  readonly view: BlockRevisionView;
  /** In embed context. */
  readonly embed: BlockRevisionEmbed;
}

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

/**
 * Revisions of one content type. `P` is the owner's id type (number, or a template id string);
 * `S` types the reads by their `context`, `_fields` and `_embed`.
 */
export class Revisions<
  L extends CmsRouteKey,
  G extends CmsRouteKey,
  D extends CmsRouteKey,
  P,
  S extends RevisionReadShapes = RevisionShapes,
> extends Resource {
  readonly #keys: RevisionKeys<L, G, D>;
  readonly #check: (parent: P) => void;

  /** @internal */
  constructor(context: ResourceContext, keys: RevisionKeys<L, G, D>, check: (parent: P) => void = () => {}) {
    super(context);
    this.#keys = keys;
    this.#check = check;
  }

  /** Lists the revisions of `parent`, newest first; paginated like every collection. */
  list<const C extends CmsContext = 'view', const F extends FieldOf<S> = never, const E extends EmbedOf<S> = never>(
    parent: P,
    query?: S['listFilters'] & ShapeArgs<C, F, E>,
    options?: RequestCallOptions,
  ): PagePromise<Shaped<S, C, F, E>> {
    const keys = this.#keys;
    const params = { [keys.listParentParam ?? keys.parentParam]: parent };
    return this.paginate<Shaped<S, C, F, E>>(keys.list, { params, query }, options, () => this.#check(parent));
  }

  /** Gets one revision; its type follows `context`, `_fields` and `_embed`. */
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
