/**
 * `client.batch()`: collects typed write operations and runs them through /batch/v1. Each
 * operation is validated by its route when added (a ValidationError names the field); only
 * batchable routes compile, and others are refused at run time too. A batch is never retried
 * automatically: writes are not idempotent. `result.retryFailed()` builds a new batch from the
 * failed operations for the caller to run deliberately.
 */
import { atCallSite, type RouteCallInput, rejectUnknownOptions, ValidationError } from '@viewlink/transport';
import type { Call, CmsRequester } from '../core/routes.js';
import type { AddedOperation } from '../internal/batch-run.js';
import type {
  BatchableKey,
  BatchDeleteOptions,
  BatchOps,
  BatchOptions,
  BatchOutcomes,
  BatchRouteTypes,
  BatchRunOptions,
  BatchValidation,
  Push,
  QueuedOperation,
  SomeBatchOps,
} from './types.js';

/**
 * Where operation `index` was added, as its errors name it: `batch().posts.create() (operation 2)`
 * (the index is its outcome's, and tells one operation of a loop from another).
 */
const operationSite = (callSite: string, index: number) => `${callSite} (operation ${index})`;

/**
 * Validates operation `index`, added at `callSite`, by its route's schemas and builds its request
 * (sent as it is). Its errors name the writer the caller used, not the client method of the route.
 * @throws ValidationError for a route that is not batchable, or input that breaks its schema.
 */
function prepareOperation(
  requester: CmsRequester,
  key: BatchableKey,
  call: RouteCallInput,
  index: number,
  callSite: string,
): QueuedOperation['request'] {
  const route: { readonly batchable?: boolean } = requester.route(key);
  if (route.batchable !== true) throw notBatchable(key, operationSite(callSite, index));
  try {
    return requester.routes.prepare(key, call);
  } catch (error) {
    throw atCallSite(error, operationSite(callSite, index));
  }
}

/** The batchable routes of the groups a `CmsClient` loads on first use (`batchable` in their tables). */
const LAZY_BATCHABLE =
  /^(POST \/cms\/v2\/(pages|menu-items|blocks)(\/\{id\})?|(PUT|PATCH|DELETE) \/cms\/v2\/(pages|menu-items|blocks)\/\{id\})$/;

function notBatchable(key: string, site: string): ValidationError {
  return new ValidationError(site, [
    {
      path: ['key'],
      message: `"${key}" cannot be batched: only POST/PUT/PATCH/DELETE of posts, pages, menu items and blocks`,
    },
  ]);
}

/** The names of {@link BatchRunOptions} (the compiler keeps the list complete). */
const BATCH_RUN_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  chunk: true,
  concurrency: true,
  onProgress: true,
  signal: true,
} satisfies { readonly [Name in keyof Required<BatchRunOptions>]: true });

/** The names of {@link BatchOptions} (the compiler keeps the list complete). */
const BATCH_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  validation: true,
} satisfies { readonly [Name in keyof Required<BatchOptions>]: true });

/** The names of {@link BatchDeleteOptions}: what a batch delete takes (no call options, the run sends). */
const BATCH_DELETE_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  force: true,
} satisfies { readonly [Name in keyof Required<BatchDeleteOptions>]: true });

/** At most this many operations per /batch/v1 request (spec limit). */
export const BATCH_LIMIT = 25;

/**
 * Writes of one content type, as batch operations. Each queues on this batch and returns it,
 * typed with the operation appended (`C` create, `U` update, `D` delete route keys).
 */
export interface BatchWriter<
  Ops extends BatchOps,
  C extends BatchableKey,
  U extends BatchableKey,
  D extends BatchableKey,
> {
  /** Queues a create. */
  create(body: BatchRouteTypes[C]['body']): CmsBatch<Push<Ops, C>>;
  /** Queues an update of record `id` (a `PUT`, as the spec's batchable routes list it). */
  update(id: number, body: BatchRouteTypes[U]['body']): CmsBatch<Push<Ops, U>>;
  /**
   * Queues a delete (to trash, or `{ force: true }`).
   * @throws ValidationError for an option it does not take (`batch().posts.delete(): forse is an unknown option (known: force)`).
   */
  delete(id: number, options?: BatchDeleteOptions): CmsBatch<Push<Ops, D>>;
}

/** The result of {@link CmsBatch.run}. */
export interface BatchResult<Ops extends BatchOps> {
  /** One outcome per operation, in order. */
  readonly outcomes: BatchOutcomes<Ops>;
  /** True when every operation succeeded. */
  readonly ok: boolean;
  /** True when a `require-all-validate` chunk was refused as a whole (its operations did not run). */
  readonly failedValidation: boolean;
  /** Requests sent. More than one means validation was atomic only within each chunk. */
  readonly chunks: number;
  /**
   * A new batch of only the failed (or not-run) operations, same options; not run. Its type
   * knows nothing of their order: writers chained on it append after them.
   */
  retryFailed(): CmsBatch<SomeBatchOps>;
}

/**
 * A batch of write operations. Build with `client.batch()`. A chain written inline types each
 * outcome by position: `client.batch().posts.create(a).pages.delete(3).run()` gives
 * `[BatchOutcome<'POST /cms/v2/posts'>, BatchOutcome<'DELETE /cms/v2/pages/{id}'>]`. In a loop,
 * reassign (`let b = client.batch(); for (const p of posts) b = b.posts.create(p);`) or call the
 * writers without reassigning (they queue on the same batch): the outcomes are then
 * `readonly AnyBatchOutcome[]`, each narrowed to its record by `ok` and `key`. Positions count from
 * the batch a chain starts on, so start position-typed chains at `client.batch()`.
 */
export class CmsBatch<out Ops extends BatchOps = BatchOps> {
  readonly #requester: CmsRequester;
  readonly #validation: BatchValidation;
  /** The queue, shared by every typed view of this batch (each writer call returns one). */
  readonly #operations: AddedOperation[];

  /** @internal Use `client.batch()`. */
  constructor(requester: CmsRequester, options?: BatchOptions, operations: AddedOperation[] = []) {
    // A misspelt `validaton` would run a batch meant to be atomic one operation at a time.
    rejectUnknownOptions(options, BATCH_OPTION_NAMES, 'batch()');
    // `cms.batch(null)` is no options, like a call's `null` options.
    const validation = options?.validation ?? 'normal';
    if (validation !== 'normal' && validation !== 'require-all-validate')
      throw new ValidationError('batch()', [
        { path: ['validation'], message: 'must be one of "require-all-validate", "normal"' },
      ]);
    this.#requester = requester;
    this.#validation = validation;
    this.#operations = operations;
  }

  /** Operations queued so far. */
  get size(): number {
    return this.#operations.length;
  }

  /**
   * Queues one operation by route key. Validates it now (path parameters, query, body).
   * @throws ValidationError for a route that is not batchable, or input that breaks its schema.
   */
  add<K extends BatchableKey>(key: K, call: Call<K>): CmsBatch<Push<Ops, K>> {
    this.#queue(key, call, 'batch().add()');
    return this.#pushed<K>();
  }

  /** Validates one operation (by its route's schemas, now, when its group is loaded) and queues it. */
  #queue(key: BatchableKey, call: RouteCallInput, callSite: string): void {
    const index = this.#operations.length;
    let request: QueuedOperation['request'] | undefined;
    // A group not loaded yet (pages, menu items, blocks): run() loads it and validates the
    // operation, before sending anything. Whether the route may be batched is known now.
    if (this.#requester.loading(key) === undefined)
      request = prepareOperation(this.#requester, key, call, index, callSite);
    else if (!LAZY_BATCHABLE.test(key)) throw notBatchable(key, operationSite(callSite, index));
    this.#operations.push({ key, call, request, callSite });
  }

  /**
   * This batch typed with one more operation: a view of the same queue whose type (the
   * position-typed outcome list) has grown, so writers queue on the same batch whether or not the
   * caller keeps what they return.
   */
  #pushed<K extends BatchableKey>(): CmsBatch<Push<Ops, K>> {
    return new CmsBatch<Push<Ops, K>>(this.#requester, { validation: this.#validation }, this.#operations);
  }

  /** The writer of `batch().<name>`, over its create, update and delete routes. */
  #writer<C extends BatchableKey, U extends BatchableKey, D extends BatchableKey>(
    name: string,
    create: C,
    update: U,
    remove: D,
  ): BatchWriter<Ops, C, U, D> {
    return {
      create: (body) => {
        this.#queue(create, { body }, `batch().${name}.create()`);
        return this.#pushed<C>();
      },
      update: (id, body) => {
        this.#queue(update, { params: { id }, body }, `batch().${name}.update()`);
        return this.#pushed<U>();
      },
      delete: (id, options) => {
        // A misspelt `forse` would trash instead of deleting: refused, as a call's options are.
        rejectUnknownOptions(options, BATCH_DELETE_OPTION_NAMES, `batch().${name}.delete()`);
        this.#queue(remove, { params: { id }, ...(options ? { query: options } : {}) }, `batch().${name}.delete()`);
        return this.#pushed<D>();
      },
    };
  }

  /** Post writes. */
  get posts(): BatchWriter<Ops, 'POST /cms/v2/posts', 'PUT /cms/v2/posts/{id}', 'DELETE /cms/v2/posts/{id}'> {
    return this.#writer('posts', 'POST /cms/v2/posts', 'PUT /cms/v2/posts/{id}', 'DELETE /cms/v2/posts/{id}');
  }
  /** Page writes. */
  get pages(): BatchWriter<Ops, 'POST /cms/v2/pages', 'PUT /cms/v2/pages/{id}', 'DELETE /cms/v2/pages/{id}'> {
    return this.#writer('pages', 'POST /cms/v2/pages', 'PUT /cms/v2/pages/{id}', 'DELETE /cms/v2/pages/{id}');
  }
  /** Menu item writes. */
  get menuItems(): BatchWriter<
    Ops,
    'POST /cms/v2/menu-items',
    'PUT /cms/v2/menu-items/{id}',
    'DELETE /cms/v2/menu-items/{id}'
  > {
    return this.#writer(
      'menuItems',
      'POST /cms/v2/menu-items',
      'PUT /cms/v2/menu-items/{id}',
      'DELETE /cms/v2/menu-items/{id}',
    );
  }
  /** Reusable block writes. */
  get blocks(): BatchWriter<Ops, 'POST /cms/v2/blocks', 'PUT /cms/v2/blocks/{id}', 'DELETE /cms/v2/blocks/{id}'> {
    return this.#writer('blocks', 'POST /cms/v2/blocks', 'PUT /cms/v2/blocks/{id}', 'DELETE /cms/v2/blocks/{id}');
  }

  /**
   * Sends the operations: one /batch/v1 request of up to 25, or, with `chunk: true`, as many as
   * needed. Never retried.
   * @throws ValidationError for an empty batch, or more than 25 operations without `chunk: true`.
   */
  async run(options?: BatchRunOptions): Promise<BatchResult<Ops>> {
    rejectUnknownOptions(options, BATCH_RUN_OPTION_NAMES, 'batch.run()');
    // Checking, sending and reading a batch load with the first run (internal/batch-run.ts):
    // a page that never runs one loads only this builder.
    const { runQueued } = await import('../internal/batch-run.js');
    return runQueued<Ops, CmsBatch<SomeBatchOps>>(
      {
        requester: this.#requester,
        operations: [...this.#operations],
        validation: this.#validation,
        limit: BATCH_LIMIT,
        prepare: prepareOperation,
        again: (failed) => {
          const again = new CmsBatch<SomeBatchOps>(this.#requester, { validation: this.#validation });
          for (const op of failed) again.#queue(op.key, op.call, op.callSite);
          return again;
        },
      },
      // `null` is no options, as the check reads it.
      options ?? {},
    );
  }
}
