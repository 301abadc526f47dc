/**
 * `client.batch()`: collects typed write operations and runs them through /batch/v1. Each
 * operation is validated by its route when added (a ValidationError names the field); only
 * batchable routes compile, and others are refused at run time too. A batch is never retried
 * automatically: writes are not idempotent. `result.retryFailed()` builds a new batch from the
 * failed operations for the caller to run deliberately.
 */
import { ValidationError } from '@viewlink/transport';
import type { Call, CmsRequester, CmsRoutes } from '../internal/routes.js';
import { runBatch } from './run.js';
import type {
  BatchableKey,
  BatchOptions,
  BatchOutcomes,
  BatchRunOptions,
  BatchValidation,
  QueuedOperation,
} from './types.js';

/** At most this many operations per /batch/v1 request (spec limit). */
export const BATCH_LIMIT = 25;

/** Writes of one content type, as batch operations. */
export interface BatchWriter<
  Ops extends readonly BatchableKey[],
  C extends BatchableKey,
  U extends BatchableKey,
  D extends BatchableKey,
> {
  /** Queues a create. */
  create(body: NonNullable<Call<C>['body']>): CmsBatch<[...Ops, C]>;
  /** Queues an update of record `id` (a `PUT`, as the spec's batchable routes list it). */
  update(id: number, body: NonNullable<Call<U>['body']>): CmsBatch<[...Ops, U]>;
  /** Queues a delete (to trash, or `{ force: true }`). */
  delete(id: number, options?: { readonly force?: boolean }): CmsBatch<[...Ops, D]>;
}

type Writer<Ops extends readonly BatchableKey[], B extends string> = BatchWriter<
  Ops,
  `POST ${B}` & BatchableKey,
  `PUT ${B}/{id}` & BatchableKey,
  `DELETE ${B}/{id}` & BatchableKey
>;

/** The result of {@link CmsBatch.run}. */
export interface BatchResult<Ops extends readonly BatchableKey[]> {
  /** One outcome per operation, in order. */
  readonly outcomes: BatchOutcomes<Ops>;
  /** True when every operation succeeded. */
  readonly ok: boolean;
  /** True when a `require-all-validate` chunk was refused as a whole (its operations did not run). */
  readonly failedValidation: boolean;
  /** Requests sent. More than one means validation was atomic only within each chunk. */
  readonly chunks: number;
  /** A new batch of only the failed (or not-run) operations, same options; not run. */
  retryFailed(): CmsBatch<BatchableKey[]>;
}

/**
 * A batch of write operations. Build with `client.batch()`: chained calls type each outcome by
 * position. To fill one in a loop, type the variable `CmsBatch` (any operations) and reassign,
 * `let batch: CmsBatch = client.batch(); for (const p of posts) batch = batch.posts.create(p);`,
 * or call the writers without reassigning (they also queue on the same batch).
 */
export class CmsBatch<Ops extends readonly BatchableKey[] = BatchableKey[]> {
  readonly #requester: CmsRequester;
  readonly #validation: BatchValidation;
  readonly #operations: QueuedOperation[] = [];

  /** @internal Use `client.batch()`. */
  constructor(requester: CmsRequester, options: BatchOptions = {}) {
    const validation = options.validation ?? 'normal';
    if (validation !== 'normal' && validation !== 'require-all-validate')
      throw new ValidationError('batch options', [
        { path: ['validation'], message: 'must be one of "require-all-validate", "normal"' },
      ]);
    this.#requester = requester;
    this.#validation = validation;
  }

  /** Operations queued so far. */
  get size(): number {
    return this.#operations.length;
  }

  /**
   * Queues one operation by route key. Validates it now (path parameters, query, body).
   * @throws ValidationError for a route that is not batchable, or input that breaks its schema.
   */
  add<K extends BatchableKey>(key: K, call: Call<K>): CmsBatch<[...Ops, K]> {
    const route = this.#requester.route(key as keyof CmsRoutes & string) as { batchable?: boolean };
    if (route.batchable !== true)
      throw new ValidationError(`batch operation ${this.#operations.length}`, [
        {
          path: ['route'],
          message: `${String(key)} cannot be batched: only POST/PUT/PATCH/DELETE of posts, pages, menu items and blocks`,
        },
      ]);
    // Validated here, once: the run sends this prepared request as it is.
    const request = this.#requester.prepare(key, call as never);
    this.#operations.push({ key, call: call as Call<BatchableKey>, request });
    return this as unknown as CmsBatch<[...Ops, K]>;
  }

  #writer<B extends string>(base: B): Writer<Ops, B> {
    return {
      create: (body) => this.add(`POST ${base}` as never, { body } as never),
      update: (id, body) => this.add(`PUT ${base}/{id}` as never, { params: { id }, body } as never),
      delete: (id, options) =>
        this.add(`DELETE ${base}/{id}` as never, { params: { id }, ...(options ? { query: options } : {}) } as never),
    } as Writer<Ops, B>;
  }

  /** Post writes. */
  get posts(): Writer<Ops, '/cms/v2/posts'> {
    return this.#writer('/cms/v2/posts');
  }
  /** Page writes. */
  get pages(): Writer<Ops, '/cms/v2/pages'> {
    return this.#writer('/cms/v2/pages');
  }
  /** Menu item writes. */
  get menuItems(): Writer<Ops, '/cms/v2/menu-items'> {
    return this.#writer('/cms/v2/menu-items');
  }
  /** Reusable block writes. */
  get blocks(): Writer<Ops, '/cms/v2/blocks'> {
    return this.#writer('/cms/v2/blocks');
  }

  /**
   * Sends the operations: one /batch/v1 request of up to 25, or, with `chunk: true`, as many as
   * needed. Never retried.
   * @throws ValidationError for an empty batch, or more than 25 operations without `chunk: true`.
   */
  async run(options: BatchRunOptions = {}): Promise<BatchResult<Ops>> {
    const total = this.#operations.length;
    if (total === 0) throw new ValidationError('batch', [{ path: [], message: 'has no operations' }]);
    if (total > BATCH_LIMIT && options.chunk !== true)
      throw new ValidationError('batch', [
        {
          path: [],
          message: `has ${total} operations; a request takes at most ${BATCH_LIMIT}. Pass { chunk: true } to split it (validation is then atomic only within each chunk)`,
        },
      ]);
    const operations = [...this.#operations];
    const run = await runBatch(this.#requester, operations, this.#validation, options, BATCH_LIMIT);
    const requester = this.#requester;
    const validation = this.#validation;
    return {
      ...run,
      outcomes: run.outcomes as unknown as BatchOutcomes<Ops>,
      retryFailed() {
        const again = new CmsBatch<BatchableKey[]>(requester, { validation });
        for (const outcome of run.outcomes) {
          const op = operations[outcome.index];
          if (!outcome.ok && op) again.add(op.key, op.call as never);
        }
        return again;
      },
    };
  }
}
