/**
 * The one deadline of a call (`totalTimeout`): fixed when the call starts, drawn on by every
 * attempt, backoff wait, credential renewal and replay, so nothing can stretch the call past it.
 */
import { AbortError, type RequestInfo, TimeoutError } from '../../errors/tree.js';

/** The instant (ms since epoch) by which a call must have settled: `Date.now() + totalTimeout` at its start. */
export type Deadline = number;

/**
 * Settles as `work` does, unless the deadline passes first (a {@link TimeoutError} of `request`)
 * or `signal` aborts (an {@link AbortError}). Work left running, such as a renewal shared with
 * other calls, is not cancelled.
 */
export function withinDeadline<T>(
  work: PromiseLike<T>,
  deadline: Deadline,
  signal: AbortSignal | undefined,
  request: RequestInfo,
): Promise<T> {
  if (signal?.aborted) return Promise.reject(new AbortError(request));
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new TimeoutError(request));
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(new AbortError(request));
    };
    const timer = setTimeout(() => {
      done();
      reject(new TimeoutError(request));
    }, remaining);
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
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
