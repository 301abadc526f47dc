/**
 * What a retried fetch attempt needs (the attempts themselves: send.ts): the retry wait and the
 * traced fetch. Plain `fetch` underneath: see docs/decisions.md for why the attempt loop is not ky's.
 */
import type { RequestInfo } from '../../errors/tree.js';
import { BROWSER_BUILD } from '../../internal/browser-build.js';
import { type AttemptTrace, attemptChannel, type RequestTrace, retryChannel } from '../../observe/channels.js';
import { sleep } from './deadline.js';

/** Largest response body read into memory: 64 MiB (a hostile server could send gigabytes within one timeout). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** One fetch published on the attempt channel; the request's status and request id follow the latest answer. */
export function tracedFetch(
  fetch: typeof globalThis.fetch,
  url: string,
  init: RequestInit,
  request: RequestTrace,
  attempt: number,
): Promise<Response> {
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
 * The wait before retry `retry` (1-based) of `info`'s request, cut short by `signal` (an
 * `AbortError`), published on the retry channel when the request is traced.
 */
export function retryWait(
  request: RequestTrace | undefined,
  signal: AbortSignal | undefined,
  info: RequestInfo,
  retry: number,
  reason: string,
  delayMs: number,
): Promise<void> {
  if (BROWSER_BUILD || request === undefined) return sleep(delayMs, signal, info);
  request.retryCount = retry;
  return retryChannel.trace({ request, attempt: retry + 1, reason, delayMs }, () => sleep(delayMs, signal, info));
}
