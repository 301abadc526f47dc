/**
 * The whole-read bound of the data-file calls (`totalTimeout` of `client.files.read()`,
 * `client.files.fetch()`, `readDataFile()`): one timer from the first request (or the first
 * record asked for) to the last byte or record, across continuations and the caller's own loop.
 * When it fires the call's listeners stop the work at once (the request in flight aborted, the
 * body cancelled) and nothing further is delivered; it is cleared however the call ends (done,
 * error, early `break`, a cancelled body) and never keeps a process alive. The caller's signal
 * stops a call the same way ({@link AbortStop}), also on a body the SDK already read ahead.
 */
import { AbortError, atCallSite, callerAborted, TimeoutError, withCallSite } from '@viewlink/transport';
import { DataFileError } from '../errors.js';

/** What a deadline says once the time is up. */
interface DeadlineSpec {
  /** The bound, in ms (checked by the caller: positive, at most 2^31 - 1). */
  readonly ms: number;
  /** Origin and path of the file, never a signed query: the URL of the `TimeoutError`. */
  readonly url: string;
  /** The call whose time it bounds (`client.files.read()`): it leads the `TimeoutError`'s message. */
  readonly callSite?: string | undefined;
  /** What ran out of time, for the `TimeoutError`'s text: `'read'` (records) or `'download'` (a body). */
  readonly what: 'read' | 'download';
  /** The error the call ends with, around the `TimeoutError`. Default: the `TimeoutError` itself. */
  readonly error?: ((timeout: TimeoutError) => Error) | undefined;
}

/** The `TimeoutError`s made by a deadline, with its bound in ms: a reader handed such a body tells `total_timeout` from a stall. */
const deadlineTimeouts = new WeakMap<TimeoutError, number>();

/**
 * The bound (ms) of the `totalTimeout` that `error` is the `TimeoutError` of (a body of
 * `client.files.fetch()`); undefined for a stall or a request's timeout.
 */
export function deadlineBoundOf(error: TimeoutError): number | undefined {
  return deadlineTimeouts.get(error);
}

/**
 * The `DataFileError` of a read past its bound: `records` delivered, a `TimeoutError` as cause,
 * and what to do next (`hint`). One phrasing for `client.files.read()`, `readDataFile()` and
 * the read of a body past the `totalTimeout` of its `client.files.fetch()`.
 */
export function totalTimeoutError(ms: number, records: number, hint: string, cause: TimeoutError): DataFileError {
  return new DataFileError(
    'total_timeout',
    `The read of the data file did not finish within totalTimeout (${ms} ms), ${records} records delivered: ${hint}`,
    { cause },
  );
}

/** What ends a call early: its {@link ReadDeadline}, or the caller's signal ({@link AbortStop}). */
interface CallStop {
  /** The error the call ends with once stopped, else undefined. */
  readonly expired: Error | undefined;
  /** Calls `listener` with that error once stopped (at once if it already is). */
  onExpire(listener: (error: Error) => void): void;
  /** The call ended: no listener is called any more. */
  clear(): void;
}

/**
 * An error of a read named at the call that read (`readDataFile()`, `client.files.read()`): an
 * {@link AbortStop}'s `AbortError` (made outside any request's run, which names its own call) led
 * by it; a `DataFileError` led by it and carrying it as `callSite` (`client.files.read(): The
 * download stalled at byte ...`); input refused as `atCallSite` names it; anything else as it is.
 */
export function atReadCall(error: unknown, callSite: string): unknown {
  if (error instanceof AbortError && error.constructor === AbortError && error.callSite === undefined)
    return new AbortError(error, callSite, { cause: error.cause });
  if (error instanceof DataFileError) return withCallSite(error, callSite);
  return atCallSite(error, callSite);
}

/**
 * The message of `error` (a request's `TimeoutError` or `ConnectionError` a data-file error wraps)
 * without the call leading it: the outer error is led by that call already.
 */
export function withoutCallSite(error: Error): string {
  const { callSite } = error as { callSite?: unknown };
  const lead = `${String(callSite)}: `;
  return typeof callSite === 'string' && error.message.startsWith(lead)
    ? error.message.slice(lead.length)
    : error.message;
}

/**
 * The caller's `signal` as a {@link CallStop}: an `AbortError` once it fires. A body the SDK
 * read ahead is no longer tied to its request, so the abort is carried to the body this way
 * (as a fetch body errors when its request's signal fires).
 */
export class AbortStop implements CallStop {
  expired: Error | undefined;
  readonly #signal: AbortSignal;
  readonly #listeners: Array<(error: Error) => void> = [];
  readonly #onAbort = () => {
    const error = callerAborted({ method: 'GET', url: this.#url }, this.#signal);
    this.expired = error;
    for (const listener of this.#listeners) listener(error);
  };
  readonly #url: string;

  /** Watches `signal` for the request of `url` (origin and path: never a signed query). */
  constructor(signal: AbortSignal, url: string) {
    this.#signal = signal;
    this.#url = url;
    if (signal.aborted) this.#onAbort();
    else signal.addEventListener('abort', this.#onAbort, { once: true });
  }

  /** {@inheritDoc CallStop.onExpire} */
  onExpire(listener: (error: Error) => void): void {
    if (this.expired) listener(this.expired);
    else this.#listeners.push(listener);
  }

  /** {@inheritDoc CallStop.clear} */
  clear(): void {
    this.#signal.removeEventListener('abort', this.#onAbort);
  }
}

/** A running deadline: `expired` is the error that ends the call once the time is up. */
export class ReadDeadline implements CallStop {
  /** The typed error of the call once the time is up, else undefined. */
  expired: Error | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #listeners: Array<(error: Error) => void> = [];

  /** Starts the clock. */
  constructor(spec: DeadlineSpec) {
    this.#timer = setTimeout(() => {
      const timeout = new TimeoutError(
        { method: 'GET', url: spec.url, callSite: spec.callSite },
        `the ${spec.what} did not finish within totalTimeout (${spec.ms} ms)`,
        { limit: 'totalTimeout', limitMs: spec.ms },
      );
      deadlineTimeouts.set(timeout, spec.ms);
      const expired = spec.error ? spec.error(timeout) : timeout;
      this.expired = expired;
      for (const listener of this.#listeners) listener(expired);
    }, spec.ms);
    // A deadline never keeps a process alive by itself (the sockets of a live download do).
    (this.#timer as { unref?: () => void }).unref?.();
  }

  /** Calls `listener` with the error once the time is up (at once if it already is): it stops the work. */
  onExpire(listener: (error: Error) => void): void {
    if (this.expired) listener(this.expired);
    else this.#listeners.push(listener);
  }

  /** Stops the clock (the call ended). */
  clear(): void {
    clearTimeout(this.#timer);
  }
}

/** The deadlines of the bodies `client.files.fetch()` returned: `readDataFile` of such a body reports its expiry as `total_timeout`. */
const bodyDeadlines = new WeakMap<Response, ReadDeadline>();

/** The caller's signals of the bodies `client.files.fetch()` returned: `readDataFile` stops at an abort. */
const bodyAborts = new WeakMap<Response, AbortStop>();

/** Records that `response`'s body is bounded by `deadline`. */
export function boundBody(response: Response, deadline: ReadDeadline): Response {
  bodyDeadlines.set(response, deadline);
  return response;
}

/** Records that `response`'s body ends at the caller's abort `stop`. */
export function abortableBody(response: Response, stop: AbortStop): Response {
  bodyAborts.set(response, stop);
  return response;
}

/** The caller's abort of `response`'s body (a `client.files.fetch()` with `signal`), if any. */
export function bodyAbort(response: Response): AbortStop | undefined {
  return bodyAborts.get(response);
}

/** The deadline bounding `response`'s body (a `client.files.fetch()` with `totalTimeout`), if any. */
export function bodyDeadline(response: Response): ReadDeadline | undefined {
  return bodyDeadlines.get(response);
}

/**
 * `source` ending at the deadline: once the time is up the stream errors with the deadline's
 * error (a read waiting for bytes that trickle or never come ends at once) and `source` is
 * cancelled (its connection closed). With `endsCall` (the stream is the whole call, a fetched
 * body) the deadline is cleared when the stream ends, errors or is cancelled; otherwise the
 * caller clears it when its read ends.
 */
export function streamWithin(
  source: ReadableStream<Uint8Array>,
  deadline: CallStop,
  endsCall: boolean,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const ended = () => {
    if (endsCall) deadline.clear();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        deadline.onExpire((error) => {
          controller.error(error);
          reader.cancel(error).catch(() => undefined);
        });
      },
      async pull(controller) {
        let step: ReadableStreamReadResult<Uint8Array>;
        try {
          step = await reader.read();
        } catch (error) {
          ended();
          // Past the deadline the stream is already errored with its error.
          if (!deadline.expired) controller.error(error);
          return;
        }
        if (deadline.expired) return;
        if (step.done) {
          ended();
          controller.close();
        } else controller.enqueue(step.value);
      },
      cancel(reason) {
        ended();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
