/**
 * Send: every attempt of one request. The fetch options of each attempt (headers: `accept`, the
 * client's, the credential's, then the call's), a per-attempt timeout within the call's one
 * deadline, the caller's signal, the body read within the attempt, and retries of idempotent
 * requests (backoff and Retry-After: retry-policy.ts; waits, failures, the traced fetch: fetch-attempts.ts).
 */

import { callerAborted, connectionError } from '../../errors/to-error.js';
import {
  type RequestInfo,
  ResponseValidationError,
  TimeoutError,
  type ViewlinkError,
  withAttempts,
} from '../../errors/tree.js';
import { BROWSER_BUILD } from '../../internal/browser-build.js';
import { isReadableStream } from '../../internal/readable-stream.js';
import type { RequestTraceContext } from '../../observe/internal/request-trace.js';
import { backoffMs, IDEMPOTENT_METHODS, isRetryStatus, resolveRetryPolicy, waitAfterStatus } from '../retry-policy.js';
import type { CallOptions, FetchOptions, HeaderRecord, PipelineSettings, PreparedRequest, Sent } from '../types.js';
import { type Deadline, deadlinePassed } from './deadline.js';
import { MAX_BODY_BYTES, retryWait, tracedFetch } from './fetch-attempts.js';
import { utf8Decoder, utf8Length } from './utf8.js';

/** What the attempts of one request need: the call as the run built it (run.ts). */
interface AttemptsOf {
  readonly settings: PipelineSettings;
  readonly request: PreparedRequest;
  readonly options: CallOptions;
  /** The absolute URL. */
  readonly url: string;
  /** The client's headers of this call (`TransportOptions.headers`). */
  readonly client: HeaderRecord | undefined;
  /** The call's one deadline: no attempt or wait runs past it. */
  readonly deadline: Deadline;
  /** The request's tracing context when someone listens: attempts and retry waits are published under it. */
  readonly trace: RequestTraceContext | undefined;
  /** Method and (redacted) URL, for errors and the retry log line. */
  readonly info: RequestInfo;
  /** False when the body cannot be sent twice (a stream): no retry. */
  readonly replayable: boolean;
}

/** Fetch options the pipeline owns (a plain-JS caller may still pass them): never taken from a call's `fetchOptions`. */
const OWNED_INIT_KEYS = new Set(['method', 'headers', 'body', 'signal', 'duplex', 'credentials']);

function withoutOwned(extra: FetchOptions): RequestInit {
  const init: Record<string, unknown> = {};
  for (const key of Object.keys(extra)) if (!OWNED_INIT_KEYS.has(key)) init[key] = extra[key];
  return init;
}

/** The fetch options of one attempt: a fresh object each time, so a retry never sees what a custom fetch did to the last one. */
function buildInit(
  request: PreparedRequest,
  options: CallOptions,
  client: HeaderRecord | undefined,
  credentials: HeaderRecord | undefined,
  signal: AbortSignal,
): RequestInit {
  const headers: HeaderRecord = { accept: 'application/json' };
  if (client) Object.assign(headers, client);
  if (credentials) Object.assign(headers, credentials);
  if (options.headers) Object.assign(headers, options.headers);
  const extra = options.fetchOptions;
  // The call's fetch options first: method, headers, body and signal set below win over them.
  const init: RequestInit & { duplex?: 'half' } =
    extra === undefined
      ? { method: request.method, headers, signal }
      : { ...withoutOwned(extra), method: request.method, headers, signal };
  if (request.json !== undefined) {
    init.body = JSON.stringify(request.json);
    headers['content-type'] ??= 'application/json';
  } else if (request.body !== undefined) {
    init.body = request.body;
    if (isReadableStream(request.body)) init.duplex = 'half';
  }
  return init;
}

// Chosen once at load: the runtime's TextDecoder, or utf8.ts's where there is none (Hermes).
const strictUtf8 = /* @__PURE__ */ utf8Decoder(true);
const lenientUtf8 = /* @__PURE__ */ utf8Decoder(false);

/**
 * The body's bytes, up to {@link MAX_BODY_BYTES}: a larger announced length is refused before
 * reading; the body is read chunk by chunk and stopped past the limit. A reader, not
 * `arrayBuffer()`, even when the length is announced: undici's `arrayBuffer()` (and `text()`)
 * collect and copy the chunks through more promises (docs/decisions.md, "A body is read ...").
 */
function readBytes(response: Response, body: ReadableStream<Uint8Array>, info: RequestInfo): Promise<Uint8Array> {
  const declared = response.headers.get('content-length');
  if (declared === null) return readChunks(response, body, info, undefined);
  const length = Number(declared);
  if (length > MAX_BODY_BYTES) {
    const refuse = () => Promise.reject(bodyProblem(info, response, tooLarge(` (content-length ${length})`)));
    return body.cancel().then(refuse, refuse);
  }
  // The announced length counts the bytes the stream gives only when fetch did not decompress
  // them; a browser hides `content-encoding` from a cross-origin (`cors`) answer, so only an answer
  // whose headers are all shown (`basic`, or `default`: Node, a custom fetch) is trusted to have none.
  const encoding = response.headers.get('content-encoding');
  const exact =
    (response.type === 'default' || response.type === 'basic') &&
    (encoding === null || encoding.toLowerCase() === 'identity');
  return readChunks(response, body, info, exact && Number.isSafeInteger(length) && length > 0 ? length : undefined);
}

const tooLarge = (detail = '') => `the body is larger than the ${MAX_BODY_BYTES}-byte limit${detail}`;

/** A complete answer whose body cannot be used (larger than the limit, not UTF-8): its request's error, not retried. */
function bodyProblem(info: RequestInfo, response: Response, detail: string): ResponseValidationError {
  return new ResponseValidationError(info, response.status, [], detail);
}

/**
 * Reads the chunks of `body` up to the limit. `expected`: the body's announced length, in the
 * bytes the stream gives: once that many are in, the body is complete (HTTP framing says so)
 * and the read stops without waiting for the stream's end, which fetch signals a turn of the
 * event loop later (about 7 µs a loopback read).
 */
async function readChunks(
  response: Response,
  body: ReadableStream<Uint8Array>,
  info: RequestInfo,
  expected: number | undefined,
): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw bodyProblem(info, response, tooLarge());
    }
    chunks.push(value);
    if (total === expected) {
      reader.releaseLock();
      break;
    }
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The body as text: strict UTF-8 for a 2xx answer (else {@link bodyProblem}), lenient for an error answer. */
function decode(response: Response, bytes: Uint8Array, info: RequestInfo): string {
  if (!response.ok) return lenientUtf8.decode(bytes);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw bodyProblem(info, response, `the body is not valid UTF-8 (${bytes.byteLength} bytes)`);
  }
}

/**
 * A body a fetch gives without a stream (`body` undefined, not null: React Native's fetch,
 * whatwg-fetch over XMLHttpRequest, which has the whole body already): read with `text()`, as
 * the platform decoded it (no bytes to check strictly), the limit applied to its announced
 * length before and its UTF-8 size after.
 */
async function readUnstreamed(response: Response, info: RequestInfo): Promise<string> {
  const declared = response.headers.get('content-length');
  if (declared !== null && Number(declared) > MAX_BODY_BYTES)
    throw bodyProblem(info, response, tooLarge(` (content-length ${Number(declared)})`));
  const text = await response.text();
  // Up to 3 bytes a UTF-16 unit: a shorter text is under the limit without counting.
  if (text.length * 3 > MAX_BODY_BYTES && utf8Length(text) > MAX_BODY_BYTES)
    throw bodyProblem(info, response, tooLarge());
  return text;
}

/** Reads a body as text, under the body limit (see {@link readBytes}, {@link decode} and {@link readUnstreamed}); parse reads an unread error body with it. */
export async function readText(response: Response, info: RequestInfo): Promise<string> {
  const body = response.body;
  if (body) return decode(response, await readBytes(response, body, info), info);
  return body === null ? '' : readUnstreamed(response, info);
}

/**
 * Sends the request with `credentials` among its headers, retrying as the policy allows; a
 * replay after a renewal calls it again and draws from the same deadline. Resolves with the
 * final response, ok or not; throws the request's `AbortError`, `TimeoutError`,
 * `ConnectionError`, or (a 2xx body it cannot use) `ResponseValidationError`.
 */
export async function sendAttempts(call: AttemptsOf, credentials: HeaderRecord | undefined): Promise<Sent> {
  const { settings, request, options, deadline, info } = call;
  const signal = options.signal;
  const retry = options.retry === undefined ? settings.retry : resolveRetryPolicy(options.retry);
  const type = options.responseType;
  // The body is read within the attempt (every type but those that hand it over unread): a reset
  // or stall mid-body is retried like any network fault.
  const readBody = type !== 'stream' && type !== 'none' && type !== 'response';
  const retryable = (options.idempotent ?? IDEMPOTENT_METHODS.has(request.method)) && call.replayable;
  const timeoutMs = options.timeout ?? settings.timeoutMs;
  // Read the global lazily so test interceptors installed after construction still apply.
  const fetch = settings.fetch ?? globalThis.fetch;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw callerAborted(info, signal);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw final(call, deadlinePassed(info, settings.totalTimeoutMs), attempt);
    // Not AbortSignal.timeout: its uncleared timers pile up under load and measured slower
    // (1.24x vs 1.11x raw fetch in bench/transport-overhead.bench.ts).
    const controller = new AbortController();
    // Aborted with the TimeoutError the call ends with, not the default AbortError: the attempt's
    // span and a body read it cuts say what happened (an AbortError is the caller's signal,
    // docs/errors.md), and which limit it was: the attempt's `timeout`, or the call's deadline
    // when less of it is left.
    const timer = setTimeout(
      () =>
        controller.abort(
          timeoutMs <= remaining
            ? new TimeoutError(info, undefined, { limit: 'timeout', limitMs: timeoutMs })
            : deadlinePassed(info, settings.totalTimeoutMs),
        ),
      Math.min(timeoutMs, remaining),
    );
    // The caller's signal aborts the attempt. A body read here ends with the attempt, so a listener
    // removed then will do (AbortSignal.any cost ~9 µs a request); a stream outlives it.
    const unlink = signal && readBody ? link(signal, controller) : undefined;
    const attemptSignal = signal && !readBody ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    try {
      const canRetry = retryable && attempt < retry.limit;
      // Set once the headers are in: a failure after it broke off the body.
      let response: Response | undefined;
      let text: string | undefined;
      try {
        const init = buildInit(request, options, call.client, credentials, attemptSignal);
        // Called on globalThis: workerd's fetch throws 'Illegal invocation' when `this` is another object.
        response = await (BROWSER_BUILD || call.trace === undefined
          ? fetch.call(globalThis, call.url, init)
          : tracedFetch(fetch, call.url, init, call.trace));
        const retryLater = !response.ok && canRetry && isRetryStatus(response.status);
        if (readBody && !retryLater) {
          try {
            // Inline, not readText(): one async frame less per read (the hot path). A stream is
            // tested first: the no-stream branches cost a fetch with streams nothing.
            const body = response.body;
            text = body
              ? decode(response, await readBytes(response, body, info), info)
              : body === null
                ? ''
                : await readUnstreamed(response, info);
          } catch (error) {
            // An error answer whose body cannot be used still carries its status.
            if (!(error instanceof ResponseValidationError) || response.ok) throw error;
          }
        }
      } catch (error) {
        clearTimeout(timer);
        if (error instanceof ResponseValidationError) throw error;
        if (signal?.aborted) throw callerAborted(info, signal);
        const kind = controller.signal.aborted ? 'timeout' : 'network';
        const failure = () =>
          kind === 'timeout'
            ? (controller.signal.reason as TimeoutError)
            : connectionError(info, error, settings.redactor, response !== undefined);
        if (!canRetry) throw final(call, failure(), attempt + 1);
        const wait = backoffMs(attempt + 1, retry);
        if (wait >= deadline - Date.now()) throw final(call, failure(), attempt + 1);
        await waitToRetry(call, attempt + 1, kind, wait);
        continue;
      }
      const wait =
        response.ok || !canRetry ? undefined : waitAfterStatus(attempt + 1, retry, response.status, response.headers);
      // The count goes with the answer: parse ends a status error's message with it.
      if (wait === undefined) return { response, timer, text, attempts: attempt + 1 };
      if (wait >= deadline - Date.now()) {
        if (!readBody) return { response, timer, attempts: attempt + 1 };
        // The last answer is final after all: read its body within this attempt's timer.
        const last = await readText(response, info).catch(() => undefined);
        return { response, timer, text: last, attempts: attempt + 1 };
      }
      clearTimeout(timer);
      await response.body?.cancel().catch(() => undefined);
      await waitToRetry(call, attempt + 1, `HTTP ${response.status}`, wait);
    } finally {
      unlink?.();
    }
  }
}

/** The request's final `error` after `attempts` sends: with more than one, its message says so ({@link withAttempts}). */
function final<E extends ViewlinkError>(call: AttemptsOf, error: E, attempts: number): E {
  return withAttempts(error, attempts, Date.now() - call.deadline + call.settings.totalTimeoutMs);
}

/** Aborts `controller` when `signal` aborts, until the returned function is called. */
function link(signal: AbortSignal, controller: AbortController): () => void {
  const abort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', abort, { once: true });
  return () => signal.removeEventListener('abort', abort);
}

/** Logs retry `attempt` (1-based) and why, then waits `wait` ms for it (traced, cut short by the caller's signal). */
function waitToRetry(call: AttemptsOf, attempt: number, reason: string, wait: number): Promise<void> {
  const { info } = call;
  call.settings.logger?.warn?.(`viewlink: retry ${attempt} of ${info.method} ${info.url} after ${reason}`, {
    attempt,
    reason,
  });
  return retryWait(call.trace, call.options.signal, info, reason, wait);
}
