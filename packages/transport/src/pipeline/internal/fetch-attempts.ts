/**
 * Sends a request with per-attempt and total timeouts, the caller's AbortSignal, and retries
 * of idempotent requests (exponential backoff with full jitter, Retry-After honoured up to a
 * cap). Plain `fetch` underneath: see docs/decisions.md for why this loop is not ky's.
 */
import { type AttemptTrace, attemptChannel, type RequestTrace, retryChannel } from '../../observe/channels.js';
import {
  backoffMs,
  parseRetryAfter,
  RETRY_AFTER_STATUSES,
  RETRY_STATUSES,
  type ResolvedRetryPolicy,
} from '../retry-policy.js';

/** Why a send failed without a usable HTTP response (a fault before or during the body counts). */
export class SendFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'abort' | 'network',
    readonly original: unknown,
  ) {
    super(kind);
  }
}

/** A complete answer whose body cannot be used: larger than the limit, or not UTF-8. Not retried. */
export class BodyProblem extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Largest response body read into memory: 64 MiB (a hostile server could send gigabytes within one timeout). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** What {@link send} needs. */
interface SendOptions {
  readonly fetch: typeof globalThis.fetch;
  readonly url: string;
  /** Builds the fetch options of one attempt: a fresh object each time, so a retry never sees what a custom fetch did to the last one. */
  readonly init: () => RequestInit;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  /** The call's one deadline (ms since epoch, deadline.ts): no attempt or wait runs past it. */
  readonly deadline: number;
  readonly retry: ResolvedRetryPolicy;
  /** False for POST/PATCH and for stream bodies that cannot be sent twice. */
  readonly retryable: boolean;
  /** Told before each retry (for logging). */
  readonly onRetry?: ((attempt: number, reason: string) => void) | undefined;
  /** The request's tracing context when someone listens (observe/channels.ts): attempts and retry waits are published under it. */
  readonly trace?: RequestTrace | undefined;
  /**
   * Read the final response's body as text within its attempt (JSON and text responses, and
   * every error response): a reset or stall during the body is then a network error or timeout
   * of that attempt, retried like one. Leave unset for streams the caller reads.
   */
  readonly readBody?: boolean | undefined;
  /** Body size limit when reading, in bytes. Default {@link MAX_BODY_BYTES}. */
  readonly maxBodyBytes?: number | undefined;
}

/** A response plus its attempt timer, to clear once the body is read (a handle, not a closure per request). */
export interface Sent {
  readonly response: Response;
  readonly timer: ReturnType<typeof setTimeout>;
  /**
   * The body, read within the attempt when `readBody` was set: strict UTF-8 for a 2xx answer,
   * lenient for an error answer (`undefined` when the error body was unreadable or too large).
   */
  readonly text?: string | undefined;
}

const retryStatus = /* @__PURE__ */ new Set<number>(RETRY_STATUSES);
const retryAfterStatus = /* @__PURE__ */ new Set<number>(RETRY_AFTER_STATUSES);

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new SendFailure('abort', signal.reason));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new SendFailure('abort', signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// Pure: a bundle that needs only SendFailure (the browser facade) drops these.
const strictUtf8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = /* @__PURE__ */ new TextDecoder();

/** Reads a body up to `maxBytes`, refusing a larger one by its announced length before reading. */
async function readText(response: Response, maxBytes: number): Promise<string> {
  const body = response.body;
  if (body === null) return '';
  const declared = response.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) {
    await body.cancel().catch(() => undefined);
    throw new BodyProblem(
      `the body is larger than the ${maxBytes}-byte limit (content-length ${Number(declared)})`,
      response.status,
    );
  }
  let bytes: Uint8Array;
  if (declared !== null) {
    bytes = new Uint8Array(await response.arrayBuffer());
  } else {
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new BodyProblem(`the body is larger than the ${maxBytes}-byte limit`, response.status);
      }
      chunks.push(value);
    }
    bytes = chunks.length === 1 && chunks[0] ? chunks[0] : new Uint8Array(total);
    if (chunks.length > 1) {
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
    }
  }
  if (!response.ok) return lenientUtf8.decode(bytes);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new BodyProblem(`the body is not valid UTF-8 (${bytes.byteLength} bytes)`, response.status);
  }
}

/** One fetch published on the attempt channel; the request's status and request id follow the latest answer. */
function tracedFetch(
  options: SendOptions,
  request: RequestTrace,
  init: RequestInit,
  attempt: number,
): Promise<Response> {
  const context: AttemptTrace = { request, attempt, status: undefined };
  return attemptChannel.trace(context, async () => {
    const response = await options.fetch.call(globalThis, options.url, init);
    context.status = response.status;
    request.status = response.status;
    request.requestId = response.headers.get('x-request-id') ?? undefined;
    return response;
  });
}

/** The wait before retry `retry` (1-based), published on the retry channel when the request is traced. */
function retryWait(options: SendOptions, retry: number, reason: string, delayMs: number): Promise<void> {
  const request = options.trace;
  if (request === undefined) return sleep(delayMs, options.signal);
  request.retryCount = retry;
  return retryChannel.trace({ request, attempt: retry + 1, reason, delayMs }, () => sleep(delayMs, options.signal));
}

/** Sends, retrying as the policy allows. Resolves with the final response, ok or not. */
export async function send(options: SendOptions): Promise<Sent> {
  const { retry, signal, deadline } = options;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw new SendFailure('abort', signal.reason);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new SendFailure('timeout', undefined);
    // Not AbortSignal.timeout: its uncleared timers pile up under load and measured slower
    // (1.24x vs 1.11x raw fetch in bench/transport-overhead.bench.ts).
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.min(options.timeoutMs, remaining));
    const attemptSignal = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    const canRetry = options.retryable && attempt < retry.limit;
    let response: Response;
    let text: string | undefined;
    try {
      // Called on globalThis: workerd's fetch throws 'Illegal invocation' when `this` is another object.
      const init = options.init();
      init.signal = attemptSignal;
      response = await (options.trace === undefined
        ? options.fetch.call(globalThis, options.url, init)
        : tracedFetch(options, options.trace, init, attempt + 1));
      const retryLater = !response.ok && canRetry && retryStatus.has(response.status);
      if (options.readBody && !retryLater) {
        try {
          text = await readText(response, options.maxBodyBytes ?? MAX_BODY_BYTES);
        } catch (error) {
          // An error answer whose body cannot be used still carries its status.
          if (!(error instanceof BodyProblem) || response.ok) throw error;
        }
      }
    } catch (error) {
      clearTimeout(timer);
      if (error instanceof BodyProblem) throw error;
      if (signal?.aborted) throw new SendFailure('abort', error);
      const kind = controller.signal.aborted ? 'timeout' : 'network';
      if (!canRetry) throw new SendFailure(kind, error);
      const wait = backoffMs(attempt + 1, retry);
      if (wait >= deadline - Date.now()) throw new SendFailure(kind, error);
      options.onRetry?.(attempt + 1, kind);
      await retryWait(options, attempt + 1, kind, wait);
      continue;
    }
    if (response.ok || !canRetry || !retryStatus.has(response.status)) return { response, timer, text };
    const asked = retryAfterStatus.has(response.status)
      ? parseRetryAfter(response.headers.get('retry-after'))
      : undefined;
    const wait = asked === undefined ? backoffMs(attempt + 1, retry) : Math.min(asked, retry.maxRetryAfterMs);
    if (wait >= deadline - Date.now()) {
      if (!options.readBody) return { response, timer };
      // The last answer is final after all: read its body within this attempt's timer.
      return {
        response,
        timer,
        text: await readText(response, options.maxBodyBytes ?? MAX_BODY_BYTES).catch(() => undefined),
      };
    }
    clearTimeout(timer);
    await response.body?.cancel().catch(() => undefined);
    options.onRetry?.(attempt + 1, `HTTP ${response.status}`);
    await retryWait(options, attempt + 1, `HTTP ${response.status}`, wait);
  }
}
