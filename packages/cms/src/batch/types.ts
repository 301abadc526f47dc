/** Types of the batch builder: which routes may be batched, and what a run returns. */
import type { CmsBatchableKey } from '@viewlink/schemas';
import type { APIError } from '@viewlink/transport';
import type { PreparedRequest } from '../core/route-request.js';
import type { Call, Out } from '../internal/routes.js';

/** Route keys /batch/v1 accepts: POST/PUT/PATCH/DELETE of posts, pages, menu items and blocks. */
export type BatchableKey = CmsBatchableKey;

/** `normal` runs each operation on its own; `require-all-validate` runs none if any is invalid. */
export type BatchValidation = 'require-all-validate' | 'normal';

/** Options of `client.batch()`. */
export interface BatchOptions {
  /** Validation mode. Default `'normal'`, as the spec says. */
  readonly validation?: BatchValidation | undefined;
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
  readonly data: Out<K>;
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
 * route, so checking `ok` and `key` narrows `data` to that route's record.
 */
export type BatchOutcome<K extends BatchableKey = BatchableKey> = K extends BatchableKey
  ? BatchSuccess<K> | BatchFailure<K>
  : never;

/**
 * Outcomes in operation order, typed per position when the batch was built by chaining; a
 * batch filled in a loop (typed `CmsBatch`, or mutated without reassigning) gets
 * {@link BatchOutcome} over every batchable route, narrowed by `ok` and `key`.
 */
export type BatchOutcomes<Ops extends readonly BatchableKey[]> = Ops extends readonly []
  ? readonly BatchOutcome[]
  : { readonly [I in keyof Ops]: BatchOutcome<Ops[I]> };

/** One queued operation: its route and the call as given (kept to rebuild a batch of failures). */
export interface QueuedOperation {
  /** The route, e.g. `'POST /wp/v2/posts'`; only batchable routes are accepted. */
  readonly key: BatchableKey;
  /** The `params`/`query`/`body` as the caller passed them (kept to rebuild a batch of failures). */
  readonly call: Call<BatchableKey>;
  /** The request the pipeline's prepare stage built when the operation was added: validated once, sent as it is. */
  readonly request: PreparedRequest;
}
