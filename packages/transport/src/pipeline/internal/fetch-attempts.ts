/**
 * What a retried fetch attempt needs (the attempts themselves: send.ts): the retry wait and the
 * traced fetch. Plain `fetch` underneath: see docs/decisions.md for why the attempt loop is not ky's.
 */
import type { RequestInfo } from '../../errors/tree.js';
import { BROWSER_BUILD } from '../../internal/browser-build.js';
import { type AttemptTrace, attemptChannel, retryChannel } from '../../observe/channels.js';
import type { RequestTraceContext } from '../../observe/internal/request-trace.js';
import { sleep } from './deadline.js';

/** Largest response body read into memory: 64 MiB (a hostile server could send gigabytes within one timeout). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * One fetch published on the attempt channel, numbered across the whole request (a replay after
 * a token renewal continues the count: a resend, as the semantic conventions have it); the
 * request's status and request id are those of the latest attempt (none when it got no answer).
 */
export function tracedFetch(
  fetch: typeof globalThis.fetch,
  url: string,
  init: RequestInit,
  request: RequestTraceContext,
): Promise<Response> {
  // The request's one count of attempts: its `retryCount` is read from it.
  const attempt = request.attemptSent();
  // The request's status and request id are the latest attempt's: one that gets no answer
  // (a timeout, a reset) leaves none, not an earlier attempt's 503 beside its TimeoutError.
  request.status = undefined;
  request.requestId = undefined;
  const context: AttemptTrace = { request, attempt, status: undefined };
  return attemptChannel.trace(context, async () => {
    const response = await fetch.call(globalThis, url, init);
    context.status = response.status;
    request.status = response.status;
    request.requestId = response.headers.get('x-request-id') ?? undefined;
    return response;
  });
}

/**
 * The wait before the next attempt of `info`'s request (a retry), cut short by `signal` (an
 * `AbortError`), published on the retry channel when the request is traced.
 */
export function retryWait(
  request: RequestTraceContext | undefined,
  signal: AbortSignal | undefined,
  info: RequestInfo,
  reason: string,
  delayMs: number,
): Promise<void> {
  if (BROWSER_BUILD || request === undefined) return sleep(delayMs, signal, info);
  return retryChannel.trace({ request, attempt: request.attempts + 1, reason, delayMs }, () =>
    sleep(delayMs, signal, info),
  );
}
