/**
 * Reading a streamed response body (a data-file download) without the two ways a runtime's fetch
 * lets it end badly: a body that stalls for ever, and Node's HTTP/1 parser crash when a server
 * closes the connection while the parser is paused by backpressure (`AssertionError:
 * assert(!this.paused)`, nodejs/undici#5360, fixed in undici 8 by #5389/#5474; Node 24.21 bundles
 * undici 7.29.1, the last 7.x still has it). The body is read eagerly into a bounded queue of
 * our own, so the runtime's parser is never left paused by a slow consumer; when the queue is
 * full the connection is either closed (the caller resumes with a `Range` request) or, for a
 * body that cannot be resumed, left to backpressure. Every fault ends as a typed error.
 */
import { ConnectionError, type RequestInfo, TimeoutError } from '../errors/tree.js';
import type { Redactor } from '../secrets/redact.js';

/** What to do when the consumer lags `readAheadBytes` behind the network. */
export type WhenReadAheadFull =
  /** Cancel the body (the connection closes cleanly): {@link StreamedBody.next} reports `closed`, resume with `Range`. */
  | 'close'
  /** Stop reading until the consumer catches up (backpressure): for bodies that cannot be resumed. */
  | 'wait';

/** Options of {@link StreamedBody}. */
export interface StreamedBodyOptions {
  /** Longest wait for the next bytes, in ms; then the body is cancelled and the read throws a `TimeoutError`. */
  readonly idleTimeoutMs: number;
  /** Bytes read ahead of the consumer before `whenFull` applies. */
  readonly readAheadBytes: number;
  /** See {@link WhenReadAheadFull}. */
  readonly whenFull: WhenReadAheadFull;
  /** Method and (redacted) URL named in errors. */
  readonly info: RequestInfo;
  /** Scrubs runtime error messages before they reach an error. */
  readonly redactor?: Redactor | undefined;
}

/** One step of a {@link StreamedBody}: bytes, the end of the body, or its early close (read-ahead full). */
export type StreamedChunk =
  | { readonly done: false; readonly value: Uint8Array }
  | { readonly done: true; readonly closed: boolean };

/**
 * A response body pumped eagerly into a bounded queue. `next()` hands out the bytes in order,
 * then `{ done: true, closed }`: `closed` when the SDK closed the connection early because the
 * consumer lagged (the rest must be fetched with a `Range` request). A network fault throws a
 * `ConnectionError`, a stall a `TimeoutError`, after the bytes that arrived before it.
 */
export class StreamedBody {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #options: StreamedBodyOptions;
  readonly #queue: Uint8Array[] = [];
  #queued = 0;
  #ended = false;
  #closedEarly = false;
  #failure: Error | undefined;
  #cancelled = false;
  #wake: (() => void) | undefined;
  #resumePump: (() => void) | undefined;
  /** Bytes received from the network so far. */
  received = 0;

  constructor(body: ReadableStream<Uint8Array>, options: StreamedBodyOptions) {
    this.#reader = body.getReader();
    this.#options = options;
    void this.#pump();
  }

  async #pump(): Promise<void> {
    const { idleTimeoutMs, readAheadBytes, whenFull } = this.#options;
    for (;;) {
      if (this.#cancelled) return;
      if (this.#queued >= readAheadBytes) {
        if (whenFull === 'close') {
          this.#closedEarly = true;
          this.#finish();
          // A cancelled fetch destroys the socket: the parser is freed, never finished while paused.
          await this.#reader.cancel().catch(() => undefined);
          return;
        }
        await new Promise<void>((resolve) => {
          this.#resumePump = resolve;
        });
        continue;
      }
      let idle = false;
      const timer = setTimeout(() => {
        idle = true;
        void this.#reader.cancel().catch(() => undefined);
      }, idleTimeoutMs);
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await this.#reader.read();
      } catch (error) {
        clearTimeout(timer);
        if (this.#cancelled) return;
        this.#fail(idle ? this.#timeout() : this.#connection(error));
        return;
      }
      clearTimeout(timer);
      if (this.#cancelled) return;
      if (idle) {
        // The timer fired as the read settled: the body was cancelled, it cannot continue.
        this.#fail(this.#timeout());
        return;
      }
      if (step.done) {
        this.#ended = true;
        this.#finish();
        return;
      }
      this.received += step.value.byteLength;
      this.#queue.push(step.value);
      this.#queued += step.value.byteLength;
      this.#wake?.();
    }
  }

  #timeout(): TimeoutError {
    const limitMs = this.#options.idleTimeoutMs;
    // Named as the option the caller sets (the partner's data-file reads take `idleTimeout`).
    return new TimeoutError(this.#options.info, `no bytes for ${limitMs} ms in the body (idleTimeout)`, {
      limit: 'idleTimeout',
      limitMs,
    });
  }

  #connection(error: unknown): ConnectionError {
    const cause = (error as { cause?: { message?: unknown } } | undefined)?.cause?.message;
    const message = error instanceof Error ? error.message : 'the body failed';
    const text = typeof cause === 'string' && cause !== message ? `${message} (${cause})` : message;
    return new ConnectionError(this.#options.info, `the body broke off: ${this.#options.redactor?.text(text) ?? text}`);
  }

  #fail(error: Error): void {
    this.#failure = error;
    this.#finish();
  }

  #finish(): void {
    this.#wake?.();
  }

  /** The next bytes, or the end; throws the fault after the bytes that came before it. */
  async next(): Promise<StreamedChunk> {
    for (;;) {
      if (this.#cancelled) return { done: true, closed: false };
      const value = this.#queue.shift();
      if (value !== undefined) {
        this.#queued -= value.byteLength;
        if (this.#queued < this.#options.readAheadBytes && this.#resumePump) {
          const resume = this.#resumePump;
          this.#resumePump = undefined;
          resume();
        }
        return { done: false, value };
      }
      if (this.#failure) throw this.#failure;
      if (this.#ended || this.#closedEarly || this.#cancelled) return { done: true, closed: this.#closedEarly };
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = undefined;
    }
  }

  /** Stops reading and closes the connection (an early exit of the consumer). */
  async cancel(): Promise<void> {
    if (this.#cancelled) return;
    this.#cancelled = true;
    this.#queue.length = 0;
    this.#queued = 0;
    this.#resumePump?.();
    this.#wake?.();
    await this.#reader.cancel().catch(() => undefined);
  }
}
