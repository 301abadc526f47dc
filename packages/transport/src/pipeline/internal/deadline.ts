/**
 * The one deadline of a call (`totalTimeout`): fixed when the call starts, drawn on by every
 * attempt, backoff wait, credential renewal and replay, so nothing can stretch the call past it.
 */
import { SendFailure } from './fetch-attempts.js';

/** The instant (ms since epoch) by which a call must have settled. */
export type Deadline = number;

/** A deadline `totalMs` from now. */
export function deadlineIn(totalMs: number): Deadline {
  return Date.now() + totalMs;
}

/** Milliseconds left before `deadline` (zero or negative once it passed). */
function remainingMs(deadline: Deadline): number {
  return deadline - Date.now();
}

/**
 * Settles as `work` does, unless the deadline passes first (a timeout) or `signal` aborts (an
 * abort). Work left running, such as a renewal shared with other calls, is not cancelled.
 */
export function withinDeadline<T>(work: PromiseLike<T>, deadline: Deadline, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(new SendFailure('abort', signal.reason));
  const remaining = remainingMs(deadline);
  if (remaining <= 0) return Promise.reject(new SendFailure('timeout', undefined));
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(new SendFailure('abort', signal?.reason));
    };
    const timer = setTimeout(() => {
      done();
      reject(new SendFailure('timeout', undefined));
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
