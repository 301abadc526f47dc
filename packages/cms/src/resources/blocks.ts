/** `client.blocks`: reusable blocks (patterns) with their revisions and autosaves. */

import type { BlocksQuery, ItemQuery } from '@viewlink/schemas';
import type { BodyOf, ListItem, Out } from '../core/routes.js';
import type { ContentEdit, RenderedEdit, RenderedView, ShapeKey, ShapeParams } from '../core/shape.js';
import { ContentWithHistory } from './content.js';
import type { ResourceContext } from './resource.js';
import type { BlockRevisionShapes } from './revisions.js';

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
export class Blocks extends ContentWithHistory<'blocks', BlockShapes, BlockRevisionShapes> {
  /** @internal */
  constructor(context: ResourceContext) {
    super(context, 'blocks');
  }
}
