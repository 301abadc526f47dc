/** `client.blocks`: reusable blocks (patterns) with their revisions and autosaves. */

import type { BlocksQuery, ItemQuery } from '@viewlink/schemas';
import type { BodyOf, ListItem, Out } from '../core/routes.js';
import type { ContentEdit, RenderedEdit, RenderedView, ShapeKey, ShapeParams } from '../core/shape.js';
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
import type { BlockRevisionShapes, DeleteRevision, GetRevision, ListRevisions, Revisions } from './revisions.js';

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

/** Revisions of a reusable block: `list(parentId)`, `get(parentId, id)`, `delete(parentId, id, { force: true })`. */
export interface BlockRevisions extends Revisions<'blocks', number, BlockRevisionShapes> {
  /** Lists the revisions of a block, newest first; paginated like every collection. */
  readonly list: ListRevisions<number, BlockRevisionShapes>;
  /** Gets one revision of a block; its type follows `context`, `_fields` and `_embed`. */
  readonly get: GetRevision<number, BlockRevisionShapes>;
  /** Deletes a revision permanently (`{ force: true }` required); WordPress 6.5.5 refuses it (403 `rest_cannot_delete`). */
  readonly delete: DeleteRevision<'blocks', number>;
}
/** Autosaves of a reusable block: `list(parentId)`, `create(parentId, fields)`, `get(parentId, id)`. */
export interface BlockAutosaves extends Autosaves<'blocks', number, BlockRevisionShapes> {
  /** Lists the autosaves of a block (one per user; not paginated). */
  readonly list: ListAutosaves<number, BlockRevisionShapes>;
  /** Saves an autosave of a block. */
  readonly create: CreateAutosave<'blocks', number>;
  /** Gets the block's newest autosave (WordPress 6.5.5 answers it whatever the id: compare the `id`). */
  readonly get: GetRevision<number, BlockRevisionShapes>;
}

/** Reusable blocks: list, get, create, update, delete (trash or force), revisions and autosaves. */
export class Blocks extends ContentWithHistory<'blocks', BlockShapes, BlockRevisionShapes> {
  // Redeclared (types only) so a hover names `Blocks.list`, not the generic base it comes from.
  /** Lists reusable blocks; paginated like every collection. The records' type follows `context`, `_fields` and `_embed`. */
  declare readonly list: ListRecords<BlockShapes>;
  /** Gets one block by id; its type follows `context`, `_fields` and `_embed`. */
  declare readonly get: GetRecord<BlockShapes>;
  /** Creates a block from its writable fields. */
  declare readonly create: CreateRecord<'blocks'>;
  /** Updates some writable fields of a block (WordPress creates a revision). */
  declare readonly update: UpdateRecord<'blocks'>;
  /** Trashes a block, or with `force: true` deletes it permanently. */
  declare readonly delete: DeleteRecord<'blocks'>;
  /** Revisions: `list(parentId)`, `get(parentId, id)`, `delete(parentId, id, { force: true })`. */
  declare readonly revisions: BlockRevisions;
  /** Autosaves: `list(parentId)`, `create(parentId, fields)`, `get(parentId, id)`. */
  declare readonly autosaves: BlockAutosaves;

  /** @internal */
  constructor(context: ResourceContext) {
    super(context, 'blocks');
  }
}
