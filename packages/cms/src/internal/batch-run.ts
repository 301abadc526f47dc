/**
 * Sends a batch's chunks to /batch/v1 and maps every sub-response to an outcome. Operations were
 * validated once, when added (their prepared requests are sent as they are); each chunk is one
 * call of the pipeline; each sub-response goes through the pipeline's parse step, as a response
 * of its own would.
 */
import { type APIError, batchChunkChannel, ResponseValidationError, toSearchParams } from '@viewlink/transport';
import type { BatchRunOptions, BatchValidation, QueuedOperation, SettledOperation } from '../batch/types.js';
import type { CmsRequester } from '../core/routes.js';
import { mapPool } from './pool.js';

type SubResponse = { status: number; body: unknown; headers: unknown } | null;

/** What a run found, before the builder adds `retryFailed`. */
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
export async function runBatch(
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
