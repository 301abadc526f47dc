/**
 * The whole-read bound of the data-file calls (`totalTimeout` of `client.files.read()`,
 * `client.files.fetch()`, `readDataFile()`): one timer from the first request (or the first
 * record asked for) to the last byte or record, across continuations and the caller's own loop.
 * When it fires the call's listeners stop the work at once (the request in flight aborted, the
 * body cancelled) and nothing further is delivered; it is cleared however the call ends (done,
 * error, early `break`, a cancelled body) and never keeps a process alive.
 */
import { TimeoutError } from '@viewlink/transport';
import { DataFileError } from '../errors.js';

/** What a deadline says once the time is up. */
interface DeadlineSpec {
  /** The bound, in ms (checked by the caller: positive, at most 2^31 - 1). */
  readonly ms: number;
  /** Origin and path of the file, never a signed query: the URL of the `TimeoutError`. */
  readonly url: string;
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

/** A running deadline: `expired` is the error that ends the call once the time is up. */
export class ReadDeadline {
  /** The typed error of the call once the time is up, else undefined. */
  expired: Error | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #listeners: Array<(error: Error) => void> = [];

  /** Starts the clock. */
  constructor(spec: DeadlineSpec) {
    this.#timer = setTimeout(() => {
      const timeout = new TimeoutError(
        { method: 'GET', url: spec.url },
        `the ${spec.what} did not finish within totalTimeout (${spec.ms} ms)`,
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

/** Records that `response`'s body is bounded by `deadline`. */
export function boundBody(response: Response, deadline: ReadDeadline): Response {
  bodyDeadlines.set(response, deadline);
  return response;
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
  deadline: ReadDeadline,
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
