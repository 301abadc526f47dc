/** `client.posts`: posts with their revisions and autosaves. */

import type { RequestCallOptions } from '../core/route-request.js';
import { ContentResource } from '../internal/content-resource.js';
import type { ResourceContext } from '../internal/resource.js';
import type { BodyOf, ListItem, ListQueryOf, Out, QueryOf } from '../internal/routes.js';
import { Autosaves } from './autosaves.js';
import { Revisions } from './revisions.js';

/** A post as the server returns it. */
export type Post = Out<'GET /cms/v2/posts/{id}'>;
/** Query of `posts.list`: paging, search, dates, authors, statuses, term queries, sticky, formats. */
export type PostListQuery = NonNullable<ListQueryOf<'GET /cms/v2/posts'>>;
/** Query of `posts.get`: `context`, `excerpt_length`, `password`. */
export type PostGetQuery = NonNullable<QueryOf<'GET /cms/v2/posts/{id}'>>;
/** Writable fields of a new post. */
export type PostCreateParams = BodyOf<'POST /cms/v2/posts'>;
/** Writable fields of a post update. */
export type PostUpdateParams = BodyOf<'PUT /cms/v2/posts/{id}'>;
/** A post revision. */
export type PostRevision = ListItem<'GET /cms/v2/posts/{parent}/revisions'>;
/** A post autosave. */
export type PostAutosave = Out<'GET /cms/v2/posts/{parent}/autosaves/{id}'>;

/** Posts: list, get, create, update, delete (trash or force), revisions and autosaves. */
export class Posts extends ContentResource<
  'GET /cms/v2/posts',
  'GET /cms/v2/posts/{id}',
  'PUT /cms/v2/posts/{id}',
  'DELETE /cms/v2/posts/{id}'
> {
  /** Revisions of a post: `list(postId)`, `get(postId, id)`, `delete(postId, id, { force: true })`. */
  readonly revisions: Revisions<
    'GET /cms/v2/posts/{parent}/revisions',
    'GET /cms/v2/posts/{parent}/revisions/{id}',
    'DELETE /cms/v2/posts/{parent}/revisions/{id}',
    number
  >;
  /** Autosaves of a post: `list(postId)`, `create(postId, fields)`, `get(postId, id)`. */
  readonly autosaves: Autosaves<
    'GET /cms/v2/posts/{id}/autosaves',
    'POST /cms/v2/posts/{id}/autosaves',
    'GET /cms/v2/posts/{parent}/autosaves/{id}',
    number
  >;

  /** @internal */
  constructor(context: ResourceContext) {
    super(context, {
      list: 'GET /cms/v2/posts',
      get: 'GET /cms/v2/posts/{id}',
      update: 'PUT /cms/v2/posts/{id}',
      delete: 'DELETE /cms/v2/posts/{id}',
    });
    this.revisions = new Revisions(context, {
      list: 'GET /cms/v2/posts/{parent}/revisions',
      get: 'GET /cms/v2/posts/{parent}/revisions/{id}',
      delete: 'DELETE /cms/v2/posts/{parent}/revisions/{id}',
      parentParam: 'parent',
    });
    this.autosaves = new Autosaves(context, {
      list: 'GET /cms/v2/posts/{id}/autosaves',
      create: 'POST /cms/v2/posts/{id}/autosaves',
      get: 'GET /cms/v2/posts/{parent}/autosaves/{id}',
      listParentParam: 'id',
      parentParam: 'parent',
    });
  }

  /** Creates a record from its writable fields. */
  create(body: BodyOf<'POST /cms/v2/posts'>, options?: RequestCallOptions): Promise<Out<'POST /cms/v2/posts'>> {
    return this.send<Out<'POST /cms/v2/posts'>>('POST /cms/v2/posts', { body }, options);
  }
}
