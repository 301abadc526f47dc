/**
 * The whole-read bound of `client.files.read()` (`totalTimeout`): one timer from the first
 * request to the last record, across continuations and the caller's own loop. When it fires the
 * download is stopped at once (the request in flight aborted, the body cancelled) and the reader
 * yields no further record; it is cleared however the read ends (done, error, early `break`).
 */
import { TimeoutError } from '@viewlink/transport';
import { DataFileError } from '../errors.js';

/** A running deadline: `expired` is the error that ends the read once the time is up. */
export class ReadDeadline {
  /** The typed error of the read once the time is up, else undefined. */
  expired: DataFileError | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;

  /**
   * Starts the clock. `onExpire` stops the download with the error; `records` counts the
   * records delivered at that moment (for the message; the thrown error carries the final count).
   */
  constructor(ms: number, url: string, records: () => number, onExpire: (error: DataFileError) => void) {
    this.#timer = setTimeout(() => {
      const cause = new TimeoutError({ method: 'GET', url }, `the read did not finish within totalTimeout (${ms} ms)`);
      this.expired = new DataFileError(
        'total_timeout',
        `The read of the data file did not finish within totalTimeout (${ms} ms), ${records()} records delivered: continue later with resumeFrom: reader.checkpoint`,
        { cause },
      );
      onExpire(this.expired);
    }, ms);
    // A deadline never keeps a process alive by itself (the sockets of a live download do).
    (this.#timer as { unref?: () => void }).unref?.();
  }

  /** Stops the clock (the read ended). */
  clear(): void {
    clearTimeout(this.#timer);
  }
}
