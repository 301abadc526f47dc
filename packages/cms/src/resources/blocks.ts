/** `client.blocks`: reusable blocks (patterns) with their revisions and autosaves. */

import type { BlocksQuery, ItemQuery } from '@viewlink/schemas';
import type { RequestCallOptions } from '../core/route-request.js';
import type { ContentEdit, RenderedEdit, RenderedView, ShapeKey, ShapeParams } from '../core/shape.js';
import { ContentResource } from '../internal/content-resource.js';
import type { ResourceContext } from '../internal/resource.js';
import type { BodyOf, ListItem, Out } from '../internal/routes.js';
import { Autosaves } from './autosaves.js';
import { type BlockRevisionShapes, Revisions } from './revisions.js';

/** A reusable block as the server returns it. */
export type Block = Out<'GET /cms/v2/blocks/{id}'>;
/**
 * A reusable block as the view context (the default) sends it. WordPress 6.5.5 sends a block's
 * title and content as `raw` in view context too (no `rendered` title); no `password`.
 */
export interface BlockView extends Omit<Block, 'password' | 'guid'> {
  /** Globally unique identifier of the block. */
  guid?: RenderedView | undefined;
}
/** A reusable block as the edit context sends it: `raw` parts and `password`. */
export interface BlockEdit extends Block {
  /** Globally unique identifier: `raw` and `rendered`. */
  guid?: RenderedEdit | undefined;
  /** Title: `raw` (as stored). */
  title?: RenderedEdit | undefined;
  /** Content: `raw` (as stored), `block_version`. */
  content?: ContentEdit | undefined;
}
/** A reusable block as the embed context sends it: id, date, slug, type, link, an empty title, the sync status. */
export interface BlockEmbed
  extends Pick<BlockView, 'id' | 'date' | 'slug' | 'type' | 'link' | 'title' | 'wp_pattern_sync_status' | '_links'> {}
/** `BlockListQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface BlockListFilters extends Omit<BlocksQuery, ShapeKey> {}
/** Query of `blocks.list`: paging, search, dates, statuses, pattern categories; `context`, `_fields`, `_embed`. */
export interface BlockListQuery extends BlockListFilters, ShapeParams<BlockShapes> {}
/** `BlockGetQuery` without `context`, `_fields` and `_embed`, which the read methods type themselves. */
export interface BlockGetFilters extends Omit<ItemQuery, ShapeKey> {}
/** Query of `blocks.get`: `context`, `_fields`, `_embed`, `excerpt_length`, `password`. */
export interface BlockGetQuery extends BlockGetFilters, ShapeParams<BlockShapes> {}
/** Reusable blocks in each context and their read queries (see `Shaped`). */
export interface BlockShapes {
  /** A block in view context. */
  readonly view: BlockView;
  /** A block in edit context. */
  readonly edit: BlockEdit;
  /** A block in embed context. */
  readonly embed: BlockEmbed;
  /** WordPress 6.5.5 links nothing embeddable from a reusable block. */
  readonly relations: never;
  /** Query of `list` without `context`, `_fields` and `_embed`. */
  readonly listFilters: BlockListFilters;
  /** Query of `get` without `context`, `_fields` and `_embed`. */
  readonly getFilters: BlockGetFilters;
}
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
  'DELETE /cms/v2/blocks/{id}',
  BlockShapes
> {
  /** Revisions of a block: `list(blockId)`, `get(blockId, id)`, `delete(blockId, id, { force: true })`. */
  readonly revisions: Revisions<
    'GET /cms/v2/blocks/{parent}/revisions',
    'GET /cms/v2/blocks/{parent}/revisions/{id}',
    'DELETE /cms/v2/blocks/{parent}/revisions/{id}',
    number,
    BlockRevisionShapes
  >;
  /** Autosaves of a block: `list(blockId)`, `create(blockId, fields)`, `get(blockId, id)`. */
  readonly autosaves: Autosaves<
    'GET /cms/v2/blocks/{id}/autosaves',
    'POST /cms/v2/blocks/{id}/autosaves',
    'GET /cms/v2/blocks/{parent}/autosaves/{id}',
    number,
    BlockRevisionShapes
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
