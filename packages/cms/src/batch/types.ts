/** Types of the batch builder: which routes may be batched, and what a run returns. */
import type {
  Block,
  BlockWrite,
  CmsBatchableKey,
  DeleteBlockResponse,
  DeleteMenuItemResponse,
  DeletePageResponse,
  DeletePostResponse,
  MenuItem,
  MenuItemUpdate,
  MenuItemWrite,
  PageWrite,
  Post,
  PostWrite,
  SitePage,
} from '@viewlink/schemas';
import type { APIError, PreparedRequest, RouteCallInput } from '@viewlink/transport';

/** Route keys /batch/v1 accepts: POST/PUT/PATCH/DELETE of posts, pages, menu items and blocks. */
export type BatchableKey = CmsBatchableKey;

/**
 * What each batchable route takes (`body`) and gives (`data`), by name. Spelled out so that a
 * consumer's compile reads these names instead of evaluating the route table's zod types (a type
 * test pins every entry to the route table).
 */
export interface BatchRouteTypes {
  /** Create a post. */
  readonly 'POST /cms/v2/posts': { readonly body: PostWrite; readonly data: Post };
  /** Update a post (`POST` form). */
  readonly 'POST /cms/v2/posts/{id}': { readonly body: PostWrite; readonly data: Post };
  /** Update a post. */
  readonly 'PUT /cms/v2/posts/{id}': { readonly body: PostWrite; readonly data: Post };
  /** Partially update a post. */
  readonly 'PATCH /cms/v2/posts/{id}': { readonly body: PostWrite; readonly data: Post };
  /** Trash a post, or delete it with `force: true`. */
  readonly 'DELETE /cms/v2/posts/{id}': { readonly body: undefined; readonly data: DeletePostResponse };
  /** Create a page. */
  readonly 'POST /cms/v2/pages': { readonly body: PageWrite; readonly data: SitePage };
  /** Update a page (`POST` form). */
  readonly 'POST /cms/v2/pages/{id}': { readonly body: PageWrite; readonly data: SitePage };
  /** Update a page. */
  readonly 'PUT /cms/v2/pages/{id}': { readonly body: PageWrite; readonly data: SitePage };
  /** Partially update a page. */
  readonly 'PATCH /cms/v2/pages/{id}': { readonly body: PageWrite; readonly data: SitePage };
  /** Trash a page, or delete it with `force: true`. */
  readonly 'DELETE /cms/v2/pages/{id}': { readonly body: undefined; readonly data: DeletePageResponse };
  /** Create a menu item. */
  readonly 'POST /cms/v2/menu-items': { readonly body: MenuItemWrite; readonly data: MenuItem };
  /** Update a menu item (`POST` form). */
  readonly 'POST /cms/v2/menu-items/{id}': { readonly body: MenuItemUpdate; readonly data: MenuItem };
  /** Update a menu item. */
  readonly 'PUT /cms/v2/menu-items/{id}': { readonly body: MenuItemUpdate; readonly data: MenuItem };
  /** Partially update a menu item. */
  readonly 'PATCH /cms/v2/menu-items/{id}': { readonly body: MenuItemUpdate; readonly data: MenuItem };
  /** Trash a menu item, or delete it with `force: true`. */
  readonly 'DELETE /cms/v2/menu-items/{id}': { readonly body: undefined; readonly data: DeleteMenuItemResponse };
  /** Create a reusable block. */
  readonly 'POST /cms/v2/blocks': { readonly body: BlockWrite; readonly data: Block };
  /** Update a reusable block (`POST` form). */
  readonly 'POST /cms/v2/blocks/{id}': { readonly body: BlockWrite; readonly data: Block };
  /** Update a reusable block. */
  readonly 'PUT /cms/v2/blocks/{id}': { readonly body: BlockWrite; readonly data: Block };
  /** Partially update a reusable block. */
  readonly 'PATCH /cms/v2/blocks/{id}': { readonly body: BlockWrite; readonly data: Block };
  /** Trash a reusable block, or delete it with `force: true`. */
  readonly 'DELETE /cms/v2/blocks/{id}': { readonly body: undefined; readonly data: DeleteBlockResponse };
}

/**
 * The operations of a batch as far as its type knows: a tuple of route keys, in order, for a
 * chain written inline; `readonly BatchableKey[]` for a batch with no operations known (a new
 * batch, or a variable filled in a loop), the supertype of every tuple, so `let b = client.batch()`
 * can be reassigned `b = b.posts.create(...)`.
 */
export type BatchOps = readonly BatchableKey[];

/** Operations known to hold at least one route, order unknown: what a retry batch starts with. */
export type SomeBatchOps = readonly [BatchableKey, ...BatchableKey[]];

/**
 * `Ops` with `K` queued after it. A chain on a batch with no operations known starts a tuple
 * (`[K]`): positions count from the batch the chain starts on.
 */
export type Push<Ops extends BatchOps, K extends BatchableKey> = Ops extends SomeBatchOps ? [...Ops, K] : [K];

/** `normal` runs each operation on its own; `require-all-validate` runs none if any is invalid. */
export type BatchValidation = 'require-all-validate' | 'normal';

/** Options of `client.batch()`. */
export interface BatchOptions {
  /** Validation mode. Default `'normal'`, as the spec says. */
  readonly validation?: BatchValidation | undefined;
}

/** Options of a batch delete (`batch().posts.delete(5, { force: true })`). */
export interface BatchDeleteOptions {
  /** `true` deletes permanently; default: to the trash. */
  readonly force?: boolean | undefined;
}

/** Progress of a run, after each chunk. */
export interface BatchProgress {
  /** Operations answered so far. */
  readonly done: number;
  /** All operations of the run. */
  readonly total: number;
  /** Chunks answered so far. */
  readonly chunksDone: number;
  /** Chunks of the run (one unless `chunk: true` split it). */
  readonly chunks: number;
}

/** Options of {@link CmsBatch.run}. */
export interface BatchRunOptions {
  /**
   * Split more than 25 operations into requests of up to 25. Validation is atomic only WITHIN
   * a chunk: under `require-all-validate`, earlier chunks may have run when a later one fails.
   */
  readonly chunk?: boolean | undefined;
  /** Chunks in flight at once. Default 1 (sequential, so chunk order is write order). */
  readonly concurrency?: number | undefined;
  /** Told after each chunk. */
  readonly onProgress?: ((progress: BatchProgress) => void) | undefined;
  /** Aborts the chunks not yet sent (a sent chunk cannot be recalled). */
  readonly signal?: AbortSignal | undefined;
}

/** One operation that ran and succeeded. */
export interface BatchSuccess<K extends BatchableKey = BatchableKey> {
  /** Always `true`: tells a success from a {@link BatchFailure}. */
  readonly ok: true;
  /** Position in the batch. */
  readonly index: number;
  /** The operation's route. */
  readonly key: K;
  /** Sub-response status (200, 201). */
  readonly status: number;
  /** The validated record (or `{ deleted, previous }` for a force delete). */
  readonly data: BatchRouteTypes[K]['data'];
}

/** One operation that failed, or did not run. */
export interface BatchFailure<K extends BatchableKey = BatchableKey> {
  /** Always `false`: tells a failure from a {@link BatchSuccess}. */
  readonly ok: false;
  /** Position of the operation in the batch, counted from 0 across all chunks. */
  readonly index: number;
  /** The operation's route, e.g. `'PATCH /wp/v2/posts/{id}'`. */
  readonly key: K;
  /**
   * `invalid`: the server refused its input (nothing ran under `require-all-validate`);
   * `error`: it ran and failed; `not-run`: it was valid but its chunk was refused as a whole.
   */
  readonly reason: 'invalid' | 'error' | 'not-run';
  /** Sub-response status, when there was one. */
  readonly status: number | undefined;
  /** The mapped error (code, per-parameter messages), when there was one. */
  readonly error: APIError | undefined;
}

/**
 * The outcome of one operation. Over several routes (a batch built in a loop) it is a union by
 * route, so checking `ok` and `key` narrows `data` to that route's record
 * (`if (o.ok && o.key === 'POST /cms/v2/posts') o.data` is a `Post`).
 */
export type BatchOutcome<K extends BatchableKey = BatchableKey> = K extends BatchableKey
  ? BatchSuccess<K> | BatchFailure<K>
  : never;

/**
 * Outcomes in operation order, typed per position when the batch was built by an inline chain;
 * a batch filled in a loop (reassigned or mutated) gets `readonly AnyBatchOutcome[]`: every
 * batchable route's outcome, narrowed by `ok` and `key`.
 */
export type BatchOutcomes<Ops extends BatchOps> = Ops extends SomeBatchOps
  ? { readonly [I in keyof Ops]: BatchOutcome<Ops[I]> }
  : readonly AnyBatchOutcome[];

/**
 * The outcome of any batchable operation (what a batch filled in a loop holds): a union by
 * route, narrowed to the route's record by `ok` and `key`. Named so an editor shows this name
 * rather than the 40 members.
 */
export type AnyBatchOutcome = BatchOutcome<BatchableKey>;

/** The record of any batchable route (a success's `data`). */
export type BatchData = BatchRouteTypes[BatchableKey]['data'];

/**
 * The outcome of an operation as a run records it: its route and data not yet tied to each
 * other (the builder then checks each outcome against its operation and types them by position).
 */
export type SettledOperation = BatchSuccess<BatchableKey> | BatchFailure<BatchableKey>;

/** One queued operation: its route and the call as given (kept to rebuild a batch of failures). */
export interface QueuedOperation {
  /** The route, e.g. `'POST /wp/v2/posts'`; only batchable routes are accepted. */
  readonly key: BatchableKey;
  /** The `params`/`query`/`body` as the caller passed them (kept to rebuild a batch of failures). */
  readonly call: RouteCallInput;
  /** The request the pipeline's prepare stage built when the operation was added: validated once, sent as it is. */
  readonly request: PreparedRequest<BatchData>;
}
