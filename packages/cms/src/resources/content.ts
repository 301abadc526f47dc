/**
 * The list/get/update/delete shape shared by posts, pages, media, menu items and blocks, with
 * `create`, revisions and autosaves for the types that have them. One definition per shape,
 * with the content type as its parameter (`'posts'`, `'pages'`, ...): the route keys, and so the
 * schemas, follow from it.
 */
import type { CmsContext } from '@viewlink/schemas';
import { defineMethods, type MethodDefinitions } from '@viewlink/transport';
import type { PagePromise } from '../core/pagination.js';
import type { RequestCallOptions } from '../core/route-request.js';
import type { BodyOf, CmsRouteKey, ContentType, CreatableType, Out } from '../core/routes.js';
import type { EmbedOf, FieldOf, RecordShapes, ShapeArgs, Shaped } from '../core/shape.js';
import { Autosaves } from './autosaves.js';
import {
  type CmsMethodDefinition,
  type Deleted,
  FORCE,
  propertyOf,
  type ResourceContext,
  type TrashOptions,
  trashOption,
} from './resource.js';
import { type RevisionReadShapes, Revisions } from './revisions.js';

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

/** `update` of a content type. */
export interface UpdateRecord<T extends ContentType> {
  /** Updates some writable fields of a record (WordPress creates a revision for revisioned types). */
  (
    id: number,
    body: BodyOf<`PUT /cms/v2/${T}/{id}`>,
    options?: RequestCallOptions,
  ): Promise<Out<`PUT /cms/v2/${T}/{id}`>>;
}

/** `delete` of a content type: to the trash, or permanently with `force: true`. */
export interface DeleteRecord<T extends ContentType> {
  /** Moves a record to the trash (default): resolves the record with `status: 'trash'`. */
  (id: number, options?: TrashOptions & { readonly force?: false | undefined }): Promise<Out<`GET /cms/v2/${T}/{id}`>>;
  /** Deletes a record permanently (`force: true`): resolves `{ deleted: true, previous }`. */
  (id: number, options: TrashOptions & { readonly force: true }): Promise<Deleted<Out<`GET /cms/v2/${T}/{id}`>>>;
  /** Trashes, or with `force: true` deletes permanently. */
  (id: number, options?: TrashOptions): Promise<Out<`GET /cms/v2/${T}/{id}`> | Deleted<Out<`GET /cms/v2/${T}/{id}`>>>;
}

/** `create` of a content type. */
export interface CreateRecord<T extends CreatableType> {
  /** Creates a record from its writable fields. */
  (body: BodyOf<`POST /cms/v2/${T}`>, options?: RequestCallOptions): Promise<Out<`POST /cms/v2/${T}`>>;
}

/** The methods every content type has. */
interface ContentMethods<T extends ContentType, S extends ContentShapes> {
  readonly list: ListRecords<S>;
  readonly get: GetRecord<S>;
  readonly update: UpdateRecord<T>;
  readonly delete: DeleteRecord<T>;
}

/** The methods of content type `type`, as data. */
function contentDefinitions<T extends ContentType, S extends ContentShapes>(
  type: T,
): MethodDefinitions<ContentMethods<T, S>, CmsRouteKey, CmsMethodDefinition> {
  return {
    list: { route: `GET /cms/v2/${type}`, args: ['query'], kind: 'pages' },
    get: { route: `GET /cms/v2/${type}/{id}`, args: ['params.id', 'query'] },
    update: { route: `PUT /cms/v2/${type}/{id}`, args: ['params.id', 'body'] },
    delete: { route: `DELETE /cms/v2/${type}/{id}`, args: ['params.id'], fromOptions: trashOption, optionNames: FORCE },
  };
}

/**
 * List/get/update/delete over one content type; each input is validated with the route's
 * schemas before sending. Reads type their result from their query's `context`, `_fields` and
 * `_embed` ({@link Shaped}).
 */
export class ContentResource<T extends ContentType, S extends ContentShapes> {
  /**
   * Lists records. Await it for the first page (`items`, `total`, `totalPages`, `next()`),
   * `for await` it for every record of every page, or call `.all({ concurrency })`. The records'
   * type follows `context`, `_fields` and `_embed`.
   */
  readonly list: ListRecords<S>;
  /** Gets one record by id; its type follows `context`, `_fields` and `_embed`. */
  readonly get: GetRecord<S>;
  /** Updates some writable fields of a record (WordPress creates a revision for revisioned types). */
  readonly update: UpdateRecord<T>;
  /** Trashes a record, or with `force: true` deletes it permanently. */
  readonly delete: DeleteRecord<T>;

  /** @internal */
  constructor(context: ResourceContext, type: T) {
    const methods = defineMethods<ContentMethods<T, S>, CmsRouteKey, CmsMethodDefinition>(
      contentDefinitions(type),
      context.invoke,
      propertyOf(type),
    );
    // Own properties typed by call-signature interfaces: a hover shows `ListRecords<PostShapes>`.
    this.list = methods.list;
    this.get = methods.get;
    this.update = methods.update;
    this.delete = methods.delete;
  }
}

/** `create` of a content type created from its fields (posts, pages, menu items, blocks), built from its definition. */
export function createMethod<T extends CreatableType>(context: ResourceContext, type: T): CreateRecord<T> {
  return defineMethods<{ create: CreateRecord<T> }, CmsRouteKey, CmsMethodDefinition>(
    { create: { route: `POST /cms/v2/${type}`, args: ['body'] } },
    context.invoke,
    propertyOf(type),
  ).create;
}

/** Types with revisions and autosaves as well: posts, pages and reusable blocks (the twins are one definition). */
export class ContentWithHistory<
  T extends 'posts' | 'pages' | 'blocks',
  S extends ContentShapes,
  R extends RevisionReadShapes,
> extends ContentResource<T, S> {
  /** Creates a record from its writable fields. */
  readonly create: CreateRecord<T>;
  /** Revisions: `list(parentId)`, `get(parentId, id)`, `delete(parentId, id, { force: true })`. */
  readonly revisions: Revisions<T, number, R>;
  /** Autosaves: `list(parentId)`, `create(parentId, fields)`, `get(parentId, id)`. */
  readonly autosaves: Autosaves<T, number, R>;

  /** @internal */
  constructor(context: ResourceContext, type: T) {
    super(context, type);
    this.create = createMethod(context, type);
    this.revisions = new Revisions(context, type);
    this.autosaves = new Autosaves(context, type);
  }
}
