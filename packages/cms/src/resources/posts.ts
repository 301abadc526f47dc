/** `client.posts`: posts with their revisions and autosaves. */

import type { ItemQuery, PostsQuery } from '@viewlink/schemas';
import type { BodyOf, ListItem, Out } from '../core/routes.js';
import type {
  ContentEdit,
  ContentView,
  ExcerptEdit,
  ExcerptView,
  RenderedEdit,
  RenderedView,
  ShapeKey,
  ShapeParams,
} from '../core/shape.js';
import type { Autosaves, CreateAutosave, ListAutosaves } from './autosaves.js';
import {
  ContentWithHistory,
  type CreateRecord,
  type DeleteRecord,
  type GetRecord,
  type ListRecords,
  type UpdateRecord,
} from './content.js';
import type { ResourceContext } from './resource.js';
import type { DeleteRevision, GetRevision, ListRevisions, RevisionShapes, Revisions } from './revisions.js';

/** A post as the server returns it in any context (every field optional but `id`). */
export type Post = Out<'GET /cms/v2/posts/{id}'>;
/** Fields of a post only the edit context sends. */
type PostEditOnly = 'password' | 'permalink_template' | 'generated_slug';
/** A post as the view context (the default) sends it: rendered HTML, no `raw` parts or edit-only fields. */
export interface PostView extends Omit<Post, PostEditOnly | 'guid' | 'title' | 'content' | 'excerpt'> {
  /** Globally unique identifier of the post. */
  guid?: RenderedView | undefined;
  /** Title as HTML. */
  title?: RenderedView | undefined;
  /** Content as HTML. */
  content?: ContentView | undefined;
  /** Excerpt as HTML. */
  excerpt?: ExcerptView | undefined;
}
/** A post as the edit context sends it: `raw` parts and the edit-only fields (`password`, `generated_slug`...). */
export interface PostEdit extends Post {
  /** Globally unique identifier: `raw` and `rendered`. */
  guid?: RenderedEdit | undefined;
  /** Title: `raw` (as stored) and `rendered`. */
  title?: RenderedEdit | undefined;
  /** Content: `raw` (as stored), `rendered`, `block_version`. */
  content?: ContentEdit | undefined;
  /** Excerpt: `raw` (as stored) and `rendered`. */
  excerpt?: ExcerptEdit | undefined;
}
/** A post as the embed context sends it (WordPress 6.5.5): id, date, slug, type, link, title, author, excerpt, featured media. */
export interface PostEmbed
  extends Pick<
    PostView,
    'id' | 'date' | 'slug' | 'type' | 'link' | 'title' | 'author' | 'excerpt' | 'featured_media' | '_links'
  > {}
/** `PostListQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface PostListFilters extends Omit<PostsQuery, ShapeKey> {}
/** Query of `posts.list`: paging, search, dates, authors, statuses, term queries, sticky, formats; `context`, `_fields`, `_embed`. */
export interface PostListQuery extends PostListFilters, ShapeParams<PostShapes> {}
/** `PostGetQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface PostGetFilters extends Omit<ItemQuery, ShapeKey> {}
/** Query of `posts.get`: `context`, `_fields`, `_embed`, `excerpt_length`, `password`. */
export interface PostGetQuery extends PostGetFilters, ShapeParams<PostShapes> {}
/** Posts in each context, their embeddable relations and read queries (see `Shaped`). */
export interface PostShapes {
  /** A post in view context. */
  readonly view: PostView;
  /** A post in edit context. */
  readonly edit: PostEdit;
  /** A post in embed context. */
  readonly embed: PostEmbed;
  /** Relations `_embed` embeds for a post. */
  readonly relations: 'author' | 'wp:featuredmedia' | 'wp:term' | 'replies';
  /** Query of `list` without `context`, `_fields` and `_embed`. */
  readonly listFilters: PostListFilters;
  /** Query of `get` without `context`, `_fields` and `_embed`. */
  readonly getFilters: PostGetFilters;
}
/** Writable fields of a new post. */
export type PostCreateParams = BodyOf<'POST /cms/v2/posts'>;
/** Writable fields of a post update. */
export type PostUpdateParams = BodyOf<'PUT /cms/v2/posts/{id}'>;
/** A post revision. */
export type PostRevision = ListItem<'GET /cms/v2/posts/{parent}/revisions'>;
/** A post autosave. */
export type PostAutosave = Out<'GET /cms/v2/posts/{parent}/autosaves/{id}'>;

/** Revisions of a post: `list(parentId)`, `get(parentId, id)`, `delete(parentId, id, { force: true })`. */
export interface PostRevisions extends Revisions<'posts', number, RevisionShapes> {
  /** Lists the revisions of a post, newest first; paginated like every collection. */
  readonly list: ListRevisions<number, RevisionShapes>;
  /** Gets one revision of a post; its type follows `context`, `_fields` and `_embed`. */
  readonly get: GetRevision<number, RevisionShapes>;
  /** Deletes a revision permanently (`{ force: true }` required); WordPress 6.5.5 refuses it (403 `rest_cannot_delete`). */
  readonly delete: DeleteRevision<'posts', number>;
}
/** Autosaves of a post: `list(parentId)`, `create(parentId, fields)`, `get(parentId, id)`. */
export interface PostAutosaves extends Autosaves<'posts', number, RevisionShapes> {
  /** Lists the autosaves of a post (one per user; not paginated). */
  readonly list: ListAutosaves<number, RevisionShapes>;
  /** Saves an autosave of a post. */
  readonly create: CreateAutosave<'posts', number>;
  /** Gets the post's newest autosave (WordPress 6.5.5 answers it whatever the id: compare the `id`). */
  readonly get: GetRevision<number, RevisionShapes>;
}

/** Posts: list, get, create, update, delete (trash or force), revisions and autosaves. */
export class Posts extends ContentWithHistory<'posts', PostShapes, RevisionShapes> {
  // Redeclared (types only) so a hover names `Posts.list`, not the generic base it comes from.
  /**
   * Lists posts. Await it for the first page (`items`, `total`, `totalPages`, `next()`),
   * `for await` it for every post of every page, or call `.all({ concurrency })`. The records'
   * type follows `context`, `_fields` and `_embed`.
   */
  declare readonly list: ListRecords<PostShapes>;
  /** Gets one post by id; its type follows `context`, `_fields` and `_embed`. */
  declare readonly get: GetRecord<PostShapes>;
  /** Creates a post from its writable fields. */
  declare readonly create: CreateRecord<'posts'>;
  /** Updates some writable fields of a post (WordPress creates a revision). */
  declare readonly update: UpdateRecord<'posts'>;
  /** Trashes a post, or with `force: true` deletes it permanently. */
  declare readonly delete: DeleteRecord<'posts'>;
  /** Revisions: `list(parentId)`, `get(parentId, id)`, `delete(parentId, id, { force: true })`. */
  declare readonly revisions: PostRevisions;
  /** Autosaves: `list(parentId)`, `create(parentId, fields)`, `get(parentId, id)`. */
  declare readonly autosaves: PostAutosaves;

  /** @internal */
  constructor(context: ResourceContext) {
    super(context, 'posts');
  }
}
