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
import { ContentWithHistory } from './content.js';
import type { ResourceContext } from './resource.js';
import type { RevisionShapes } from './revisions.js';

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

/** Posts: list, get, create, update, delete (trash or force), revisions and autosaves. */
export class Posts extends ContentWithHistory<'posts', PostShapes, RevisionShapes> {
  /** @internal */
  constructor(context: ResourceContext) {
    super(context, 'posts');
  }
}
