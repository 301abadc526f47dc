/**
 * The one deadline of a call (`totalTimeout`): fixed when the call starts, drawn on by every
 * attempt, backoff wait, credential renewal and replay, so nothing can stretch the call past it;
 * and the backoff wait itself, cut short by the caller's signal like a deadline-bound step.
 */
import { callerAborted } from '../../errors/to-error.js';
import type { AbortError, RequestInfo } from '../../errors/tree.js';
import { TimeoutError } from '../../errors/tree.js';

/** The instant (ms since epoch) by which a call must have settled: `Date.now() + totalTimeout` at its start. */
export type Deadline = number;

/** The call's deadline passed: a {@link TimeoutError} of `request` naming the `totalTimeout` it was set by. */
export function deadlinePassed(request: RequestInfo, totalTimeoutMs: number): TimeoutError {
  return new TimeoutError(request, undefined, { limit: 'totalTimeout', limitMs: totalTimeoutMs });
}

/**
 * Settles as `work` does, unless the deadline passes first (a {@link TimeoutError} of `request`
 * naming `totalTimeoutMs`, the limit the deadline was set by) or `signal` aborts (an
 * {@link AbortError}). Work left running, such as a renewal shared with other calls, is not cancelled.
 */
export function withinDeadline<T>(
  work: PromiseLike<T>,
  deadline: Deadline,
  signal: AbortSignal | undefined,
  request: RequestInfo,
  totalTimeoutMs: number,
): Promise<T> {
  return race(work, deadline - Date.now(), signal, request, totalTimeoutMs);
}

/** Waits `ms` (a retry's backoff); rejects with an {@link AbortError} of `request` when `signal` aborts first. */
export function sleep(ms: number, signal: AbortSignal | undefined, request: RequestInfo): Promise<void> {
  return race(undefined, ms, signal, request);
}

/**
 * The one timer-and-signal race of the pipeline: settles as `work` does; after `ms`, rejects
 * with {@link deadlinePassed} (given `work` and its `totalTimeoutMs`) or resolves (a plain wait); rejects with an
 * {@link AbortError} when `signal` aborts. The timer and the listener go as soon as it settles.
 */
function race<T>(
  work: PromiseLike<T> | undefined,
  ms: number,
  signal: AbortSignal | undefined,
  request: RequestInfo,
  totalTimeoutMs = 0,
): Promise<T> {
  if (signal?.aborted) return Promise.reject(callerAborted(request, signal));
  if (work !== undefined && ms <= 0) return Promise.reject(deadlinePassed(request, totalTimeoutMs));
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(callerAborted(request, signal));
    };
    const timer = setTimeout(() => {
      done();
      if (work === undefined) resolve(undefined as T);
      else reject(deadlinePassed(request, totalTimeoutMs));
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    work?.then(
      (value) => {
        done();
        resolve(value);
      },
      (error: unknown) => {
        done();
        reject(error);
      },
    );
  });
}
