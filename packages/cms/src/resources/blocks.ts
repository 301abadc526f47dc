/** `client.blocks`: reusable blocks (patterns) with their revisions and autosaves. */

import type { RequestCallOptions } from '../core/route-request.js';
import { ContentResource } from '../internal/content-resource.js';
import type { ResourceContext } from '../internal/resource.js';
import type { BodyOf, ListItem, ListQueryOf, Out, QueryOf } from '../internal/routes.js';
import { Autosaves } from './autosaves.js';
import { Revisions } from './revisions.js';

/** A reusable block as the server returns it. */
export type Block = Out<'GET /cms/v2/blocks/{id}'>;
/** Query of `blocks.list`: paging, search, dates, authors, statuses, pattern categories. */
export type BlockListQuery = NonNullable<ListQueryOf<'GET /cms/v2/blocks'>>;
/** Query of `blocks.get`: `context`, `excerpt_length`, `password`. */
export type BlockGetQuery = NonNullable<QueryOf<'GET /cms/v2/blocks/{id}'>>;
/** Writable fields of a new block. */
export type BlockCreateParams = BodyOf<'POST /cms/v2/blocks'>;
/** Writable fields of a block update. */
export type BlockUpdateParams = BodyOf<'PUT /cms/v2/blocks/{id}'>;
/** A block revision. */
export type BlockRevision = ListItem<'GET /cms/v2/blocks/{parent}/revisions'>;
/** A block autosave. */
export type BlockAutosave = Out<'GET /cms/v2/blocks/{parent}/autosaves/{id}'>;

/** Reusable blocks: list, get, create, update, delete (trash or force), revisions and autosaves. */
export class Blocks extends ContentResource<
  'GET /cms/v2/blocks',
  'GET /cms/v2/blocks/{id}',
  'PUT /cms/v2/blocks/{id}',
  'DELETE /cms/v2/blocks/{id}'
> {
  /** Revisions of a block: `list(blockId)`, `get(blockId, id)`, `delete(blockId, id, { force: true })`. */
  readonly revisions: Revisions<
    'GET /cms/v2/blocks/{parent}/revisions',
    'GET /cms/v2/blocks/{parent}/revisions/{id}',
    'DELETE /cms/v2/blocks/{parent}/revisions/{id}',
    number
  >;
  /** Autosaves of a block: `list(blockId)`, `create(blockId, fields)`, `get(blockId, id)`. */
  readonly autosaves: Autosaves<
    'GET /cms/v2/blocks/{id}/autosaves',
    'POST /cms/v2/blocks/{id}/autosaves',
    'GET /cms/v2/blocks/{parent}/autosaves/{id}',
    number
  >;

  /** @internal */
  constructor(context: ResourceContext) {
    super(context, {
      list: 'GET /cms/v2/blocks',
      get: 'GET /cms/v2/blocks/{id}',
      update: 'PUT /cms/v2/blocks/{id}',
      delete: 'DELETE /cms/v2/blocks/{id}',
    });
    this.revisions = new Revisions(context, {
      list: 'GET /cms/v2/blocks/{parent}/revisions',
      get: 'GET /cms/v2/blocks/{parent}/revisions/{id}',
      delete: 'DELETE /cms/v2/blocks/{parent}/revisions/{id}',
      parentParam: 'parent',
    });
    this.autosaves = new Autosaves(context, {
      list: 'GET /cms/v2/blocks/{id}/autosaves',
      create: 'POST /cms/v2/blocks/{id}/autosaves',
      get: 'GET /cms/v2/blocks/{parent}/autosaves/{id}',
      listParentParam: 'id',
      parentParam: 'parent',
    });
  }

  /** Creates a record from its writable fields. */
  create(body: BodyOf<'POST /cms/v2/blocks'>, options?: RequestCallOptions): Promise<Out<'POST /cms/v2/blocks'>> {
    return this.send<Out<'POST /cms/v2/blocks'>>('POST /cms/v2/blocks', { body }, options);
  }
}
