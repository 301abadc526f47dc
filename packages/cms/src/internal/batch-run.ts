/**
 * What `CmsBatch#run()` does, loaded with a page's first run (the builder that queues and
 * validates operations is all a page loads before): checks the batch's size, loads the route
 * groups of operations added before their group was, validates those, sends the chunks to
 * /batch/v1 and maps every sub-response to an outcome. Operations are validated once (their
 * prepared requests are sent as they are); each chunk is one call of the pipeline; each
 * sub-response goes through the pipeline's parse step, as a response of its own would.
 */
import {
  type APIError,
  batchChunkChannel,
  callOptionIssues,
  ResponseValidationError,
  type RouteCallInput,
  toSearchParams,
  ValidationError,
} from '@viewlink/transport';
import type {
  BatchableKey,
  BatchOps,
  BatchOutcomes,
  BatchRunOptions,
  BatchValidation,
  QueuedOperation,
  SettledOperation,
} from '../batch/types.js';
import type { CmsRequester } from '../core/routes.js';
import { mapPool } from './pool.js';

type SubResponse = { status: number; body: unknown; headers: unknown } | null;

/** An operation as added: its request is prepared once its route group is loaded. */
export type AddedOperation = Omit<QueuedOperation, 'request'> & {
  readonly request: QueuedOperation['request'] | undefined;
  /** The writer the caller added it with (`batch().posts.create()`, `batch().add()`): its input errors name it. */
  readonly callSite: string;
};

/** A batch as `CmsBatch#run()` hands it over. */
export interface QueuedBatch<Again> {
  readonly requester: CmsRequester;
  /** The operations, in the order added. */
  readonly operations: readonly AddedOperation[];
  readonly validation: BatchValidation;
  /** Operations per /batch/v1 request. */
  readonly limit: number;
  /**
   * Validates operation `index`, added at `callSite`, and builds its request.
   * @throws ValidationError for a route that is not batchable, or input that breaks its schema.
   */
  readonly prepare: (
    requester: CmsRequester,
    key: BatchableKey,
    call: RouteCallInput,
    index: number,
    callSite: string,
  ) => QueuedOperation['request'];
  /** A new batch of these operations (same options), not run: `retryFailed()`. */
  readonly again: (operations: readonly AddedOperation[]) => Again;
}

/**
 * True when outcome `i` is operation `i`'s (same route, same position) for every operation: then
 * they are the outcomes `Ops` types by position.
 */
function inOperationOrder<Ops extends BatchOps>(
  outcomes: readonly SettledOperation[],
  operations: readonly QueuedOperation[],
): outcomes is BatchOutcomes<Ops> & readonly SettledOperation[] {
  return (
    outcomes.length === operations.length &&
    outcomes.every((outcome, i) => outcome.index === i && outcome.key === operations[i]?.key)
  );
}

/** Refuses `run()` options of the wrong kind at once (a `signal: 5` was a TypeError, `chunk: 'yes'` no chunking). */
function checkRunOptions({ chunk, concurrency, onProgress, signal }: BatchRunOptions): void {
  const issues = callOptionIssues({ signal });
  if (chunk !== undefined && typeof chunk !== 'boolean') issues.push({ path: ['chunk'], message: 'must be a boolean' });
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1))
    issues.push({ path: ['concurrency'], message: 'must be a positive integer' });
  if (onProgress !== undefined && typeof onProgress !== 'function')
    issues.push({ path: ['onProgress'], message: 'must be a function' });
  if (issues.length > 0) throw new ValidationError('batch.run()', issues);
}

/**
 * Runs a batch: refuses an empty one, or one over `limit` without `chunk: true`; validates the
 * operations whose group was not loaded when they were added; then sends it. Nothing is sent
 * unless every operation is valid.
 * @throws ValidationError for an empty batch, too many operations, or an invalid operation.
 */
export async function runQueued<Ops extends BatchOps, Again>(batch: QueuedBatch<Again>, options: BatchRunOptions) {
  const { requester, limit } = batch;
  checkRunOptions(options);
  const total = batch.operations.length;
  if (total === 0) throw new ValidationError('batch.run()', [{ path: [], message: 'the batch has no operations' }]);
  if (total > limit && options.chunk !== true)
    throw new ValidationError('batch.run()', [
      {
        path: [],
        message: `the batch has ${total} operations; a request takes at most ${limit}. Pass { chunk: true } to split it (validation is then atomic only within each chunk)`,
      },
    ]);
  // The groups of operations added before they were loaded, and /batch/v1's own.
  await Promise.all([requester.load('POST /batch/v1'), ...batch.operations.map((op) => requester.loading(op.key))]);
  const operations = batch.operations.map((op, index): QueuedOperation & AddedOperation => ({
    ...op,
    request: op.request ?? batch.prepare(requester, op.key, op.call, index, op.callSite),
  }));
  const run = await runBatch(requester, operations, batch.validation, options, limit);
  const outcomes = run.outcomes;
  // The outcomes are in operation order, the order `Ops` records by type: checked, not assumed.
  if (!inOperationOrder<Ops>(outcomes, operations))
    throw new Error('batch: outcomes out of operation order (a bug of @viewlink/cms)');
  return {
    ...run,
    outcomes,
    /** A new batch of only the failed (or not-run) operations, same options; not run. */
    retryFailed: (): Again =>
      batch.again(run.outcomes.flatMap((outcome) => (outcome.ok ? [] : (operations[outcome.index] ?? [])))),
  };
}

/** What a run found, before `runQueued` adds `retryFailed`. */
interface RunSummary {
  readonly outcomes: SettledOperation[];
  readonly ok: boolean;
  readonly failedValidation: boolean;
  readonly chunks: number;
}

/** Sub-response headers as Headers; the real server sends `[]` (PHP empty array) when there are none. */
function toHeaders(value: unknown): Headers {
  const headers = new Headers();
  if (value && typeof value === 'object' && !Array.isArray(value))
    for (const [name, v] of Object.entries(value)) headers.set(name, Array.isArray(v) ? v.join(', ') : String(v));
  return headers;
}

/** Each chunk published on the transport's batch-chunk tracing channel (a plain call when nobody listens). */
function tracedChunks<T>(
  chunks: readonly (readonly T[])[],
  run: (chunk: readonly T[], index: number) => Promise<void>,
): (chunk: readonly T[], index: number) => Promise<void> {
  return (chunk, index) =>
    batchChunkChannel.trace({ chunk: index, chunks: chunks.length, size: chunk.length }, () => run(chunk, index));
}

/** Runs `operations` in chunks of `limit`; outcomes keep operation order. */
async function runBatch(
  requester: CmsRequester,
  operations: readonly QueuedOperation[],
  validation: BatchValidation,
  options: BatchRunOptions,
  limit: number,
): Promise<RunSummary> {
  const prepared = operations.map((op) => ({ op, request: op.request }));
  const chunks: (typeof prepared)[] = [];
  for (let i = 0; i < prepared.length; i += limit) chunks.push(prepared.slice(i, i + limit));
  const outcomes: SettledOperation[] = new Array(prepared.length);
  let failedValidation = false;
  let done = 0;
  let chunksDone = 0;
  const connection = await requester.connect(options.signal);

  await mapPool(
    chunks,
    Math.max(1, options.concurrency ?? 1),
    tracedChunks(chunks, async (chunk, chunkIndex) => {
      const offset = chunkIndex * limit;
      const requests = chunk.map(({ request }) => {
        const search = request.query ? toSearchParams(request.query).toString() : '';
        return {
          method: request.method,
          path: search ? `${request.path}?${search}` : request.path,
          ...(request.json === undefined ? {} : { body: request.json }),
        };
      });
      const response = await requester.routes.call(
        'POST /batch/v1',
        { body: { validation, requests } },
        { retry: false, ...(options.signal ? { signal: options.signal } : {}) },
      );
      const data = response.data as { failed?: string; responses: SubResponse[] };
      const refused = data.failed === 'validation';
      if (refused) failedValidation = true;
      chunk.forEach(({ op, request }, i) => {
        const index = offset + i;
        const sub = data.responses[i] ?? null;
        const info = { method: request.method, url: connection.urlOf(request.path) };
        if (sub === null) {
          outcomes[index] = { ok: false, index, key: op.key, reason: 'not-run', status: undefined, error: undefined };
          return;
        }
        const status = sub.status;
        if (refused && status >= 200 && status < 300) {
          outcomes[index] = { ok: false, index, key: op.key, reason: 'invalid', status, error: undefined };
          return;
        }
        // The parse step: a 2xx body checked by the operation's route schema, another status mapped to its error.
        const result = connection.parseResult(info, status, toHeaders(sub.headers), sub.body, request.schema);
        if (result.ok) {
          // Checked by the operation's own route schema above.
          outcomes[index] = { ok: true, index, key: op.key, status, data: requester.specNames(op.key, result.data) };
          return;
        }
        // A drifted record under strict validation fails the run, as a drifted response would.
        if (result.error instanceof ResponseValidationError) throw result.error;
        outcomes[index] = {
          ok: false,
          index,
          key: op.key,
          reason: refused || status === 400 ? 'invalid' : 'error',
          status,
          error: result.error as APIError,
        };
      });
      done += chunk.length;
      chunksDone += 1;
      options.onProgress?.({ done, total: prepared.length, chunksDone, chunks: chunks.length });
    }),
    options.signal,
  );
  return { outcomes, ok: outcomes.every((o) => o.ok), failedValidation, chunks: chunks.length };
}
