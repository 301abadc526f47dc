/**
 * Revisions of posts, pages, blocks and templates: list, get and permanent delete. Revisions
 * cannot be trashed, so `delete` requires `{ force: true }` in its type and at run time.
 */
import type { CmsContext, ContextQuery, Revision, RevisionsQuery } from '@viewlink/schemas';
import { defineMethods, type MethodDefinitions } from '@viewlink/transport';
import type { PagePromise } from '../core/pagination.js';
import type { RequestCallOptions } from '../core/route-request.js';
import type { CmsRouteKey, Out, OwnerItem, RevisionOwner } from '../core/routes.js';
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
import {
  type CmsMethodDefinition,
  FORCE,
  type ForceOptions,
  propertyOf,
  type ResourceContext,
  requiredForce,
} from './resource.js';

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

/** `list` of an owner's revisions, newest first; paginated like every collection. */
export interface ListRevisions<P, S extends RevisionReadShapes> {
  /** Lists the revisions of `parent`, newest first; their type follows `context`, `_fields` and `_embed`. */
  <const C extends CmsContext = 'view', const F extends FieldOf<S> = never, const E extends EmbedOf<S> = never>(
    parent: P,
    query?: S['listFilters'] & ShapeArgs<C, F, E>,
    options?: RequestCallOptions,
  ): PagePromise<Shaped<S, C, F, E>>;
}

/** `get` of one revision or autosave of `parent`. */
export interface GetRevision<P, S extends RevisionReadShapes> {
  /** Gets one revision (or autosave) by id; its type follows `context`, `_fields` and `_embed`. */
  <const C extends CmsContext = 'view', const F extends FieldOf<S> = never, const E extends EmbedOf<S> = never>(
    parent: P,
    id: number,
    query?: S['getFilters'] & ShapeArgs<C, F, E>,
    options?: RequestCallOptions,
  ): Promise<Shaped<S, C, F, E>>;
}

/** `delete` of a revision: permanent only. */
export interface DeleteRevision<O extends RevisionOwner, P> {
  /**
   * Deletes a revision permanently. `{ force: true }` is required: revisions do not support
   * trashing (the server would answer 501 `rest_trash_not_supported`). WordPress 6.5.5 deletes
   * template revisions only: a post, page or block revision is refused to everyone, administrators
   * included (403 `rest_cannot_delete`).
   * @throws ValidationError naming `force` when it is not `true`, before anything is sent.
   * @throws PermissionDeniedError (`rest_cannot_delete`) for a post, page or block revision on WordPress.
   */
  (parent: P, id: number, options: ForceOptions): Promise<Out<`DELETE ${OwnerItem<O>}/revisions/{id}`>>;
}

/** The revision methods of an owner. */
interface RevisionMethods<O extends RevisionOwner, P, S extends RevisionReadShapes> {
  readonly list: ListRevisions<P, S>;
  readonly get: GetRevision<P, S>;
  readonly delete: DeleteRevision<O, P>;
}

/**
 * The revision methods of `owner`, as data: one definition for posts, pages, blocks and templates.
 * `refused` is what a 403 also means (templates pass theirs, so a posts page does not carry it).
 */
function revisionDefinitions<O extends RevisionOwner, P, S extends RevisionReadShapes>(
  owner: O,
  refused: string | undefined,
): MethodDefinitions<RevisionMethods<O, P, S>, CmsRouteKey, CmsMethodDefinition> {
  const named: RevisionOwner = owner;
  const parent = named === 'templates' ? 'params.template_id' : 'params.parent';
  const item = named === 'templates' ? '/cms/v2/templates/{template_id}' : (`/cms/v2/${named}/{parent}` as const);
  return {
    list: { route: `GET ${item}/revisions`, args: [parent, 'query'], kind: 'pages', refused },
    get: { route: `GET ${item}/revisions/{id}`, args: [parent, 'params.id', 'query'], refused },
    delete: {
      route: `DELETE ${item}/revisions/{id}`,
      args: [parent, 'params.id'],
      fromOptions: requiredForce,
      optionNames: FORCE,
      refused,
    },
  };
}

/**
 * Revisions of one owner (`'posts'`, `'pages'`, `'blocks'`, `'templates'`). `P` is the owner's
 * id type (number, or a template id string); `S` types the reads by their `context`, `_fields`
 * and `_embed`.
 */
export class Revisions<O extends RevisionOwner, P, S extends RevisionReadShapes = RevisionShapes> {
  /** Lists the revisions of `parent`, newest first; paginated like every collection. */
  readonly list: ListRevisions<P, S>;
  /** Gets one revision; its type follows `context`, `_fields` and `_embed`. */
  readonly get: GetRevision<P, S>;
  /**
   * Deletes a revision permanently (`{ force: true }` required). WordPress deletes template
   * revisions only: post, page and block revisions answer 403 `rest_cannot_delete` to everyone.
   */
  readonly delete: DeleteRevision<O, P>;

  /** @internal `refused`: what a 403 also means for this owner (see revisionDefinitions). */
  constructor(context: ResourceContext, owner: O, refused?: string) {
    const methods = defineMethods<RevisionMethods<O, P, S>, CmsRouteKey, CmsMethodDefinition>(
      revisionDefinitions(owner, refused),
      context.invoke,
      `${propertyOf(owner)}.revisions`,
    );
    this.list = methods.list;
    this.get = methods.get;
    this.delete = methods.delete;
  }
}
