/**
 * One data-file download that survives the network: the bytes of the file in order, across as
 * many connections as it takes. A reset, a stall or a short body is continued from the byte
 * reached with `Range: bytes=<offset>-` guarded by `If-Range: <validator>` (the file's strong
 * `ETag`, else its `Last-Modified`), so the caller's decompressor simply keeps reading; a lagging
 * consumer makes the SDK close the connection (never leaving Node's HTTP parser paused, see
 * `StreamedBody`) and continue the same way. When the server cannot continue, a typed error.
 */
import {
  AbortError,
  APIError,
  ConnectionError,
  type Redactor,
  type RetryPolicy,
  StreamedBody,
  TimeoutError,
} from '@viewlink/transport';
import { DataFileError } from '../errors.js';
import { withoutCallSite } from './read-deadline.js';
import { RESPONSE_READ_AHEAD_BYTES } from './source.js';

/** One request of a download: the extra headers (`Range`, `If-Range`) and the call's options. */
interface DownloadCall {
  readonly headers: Record<string, string>;
  readonly signal?: AbortSignal | undefined;
  readonly timeout?: number | undefined;
  readonly retry?: RetryPolicy | number | false | undefined;
}

/** Where the file is fetched: how to send one request of it (the route, or the event's URL) and how errors name it. */
export interface DownloadTarget {
  /** Sends one request through the pipeline; resolves with the raw, unread `Response` (2xx; others throw). */
  readonly send: (call: DownloadCall) => Promise<Response>;
  /** Origin and path for messages (never a signed query). */
  readonly shown: string;
  /** Scrubs runtime error texts. */
  readonly redactor?: Redactor | undefined;
  /** The call that reads the file (`client.files.read()`): it leads the message of every error about it. */
  readonly callSite?: string | undefined;
}

/** Per-download settings. */
interface DownloadOptions {
  readonly signal?: AbortSignal | undefined;
  /** Per-attempt timeout to the response headers, ms (the client's `timeout` by default). */
  readonly timeout?: number | undefined;
  /** Retries of one request (429/503 `Retry-After`, 5xx, network faults before the headers). */
  readonly retry?: RetryPolicy | number | false | undefined;
  /** Longest wait for the next body bytes, ms. */
  readonly idleTimeoutMs: number;
  /** Faults mid-body continued with `Range` before the download gives up. */
  readonly resumes: number;
  /** Bytes read ahead of a lagging consumer before the connection is closed and later resumed. */
  readonly readAheadBytes: number;
  /** Size of the file as served, when the event said (`byte_size`): a body ending short of it is continued. */
  readonly expectedBytes?: number | undefined;
}

/** Where a download starts: the beginning, or an offset of a file known by its validator (a checkpoint). */
interface DownloadStart {
  readonly offset: number;
  /** The validator the file had when the checkpoint was taken: a different file is refused. */
  readonly validator?: string | undefined;
}

const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+|\*)$/;

/** The strong validator of a response: a strong ETag, else Last-Modified (RFC 9110 If-Range accepts both). */
function validatorOf(response: Response): string | undefined {
  const etag = response.headers.get('etag');
  if (etag !== null && !etag.startsWith('W/')) return etag;
  return response.headers.get('last-modified') ?? undefined;
}

function lengthOf(response: Response): number | undefined {
  const range = CONTENT_RANGE.exec(response.headers.get('content-range') ?? '');
  if (range?.[3] !== undefined && range[3] !== '*') return Number(range[3]);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined;
}

/** A download of one file, read with {@link ResumableDownload.next} until it returns `undefined`. */
export class ResumableDownload {
  /** Bytes of the file delivered so far (an absolute offset in the file as served). */
  offset: number;
  /** The file's validator, once known. */
  validator: string | undefined;
  /** Requests sent after the first: resumes after faults and after read-ahead closes. */
  continuations = 0;
  readonly #target: DownloadTarget;
  readonly #options: DownloadOptions;
  readonly #expectValidator: string | undefined;
  #total: number | undefined;
  #resumable = false;
  #faultResumesLeft: number;
  #body: StreamedBody | undefined;
  #opened = false;
  #aborted = false;
  #onAbort: (() => void) | undefined;
  /** Set by {@link ResumableDownload.expire}: the error the download ends with. */
  #expired: Error | undefined;
  /** Aborts the request in flight: the caller's signal, or the read's deadline. */
  readonly #requests = new AbortController();

  constructor(target: DownloadTarget, options: DownloadOptions, start: DownloadStart = { offset: 0 }) {
    this.#target = target;
    this.#options = options;
    this.offset = start.offset;
    this.validator = start.validator;
    this.#expectValidator = start.validator;
    this.#total = options.expectedBytes;
    this.#faultResumesLeft = options.resumes;
    const signal = options.signal;
    if (signal) {
      this.#onAbort = () => {
        this.#aborted = true;
        this.#requests.abort(signal.reason);
        void this.#body?.cancel();
      };
      if (signal.aborted) this.#onAbort();
      else signal.addEventListener('abort', this.#onAbort, { once: true });
    }
  }

  /** True once every byte of a file of known size was delivered. */
  get complete(): boolean {
    return this.#total !== undefined && this.offset === this.#total;
  }

  #info() {
    return { method: 'GET', url: this.#target.shown, callSite: this.#target.callSite };
  }

  #resumeFailed(message: string, cause: unknown): DataFileError {
    return new DataFileError('resume_failed', message, cause === undefined ? {} : { cause });
  }

  async #open(cause: unknown): Promise<void> {
    const continuing = this.offset > 0;
    if (continuing && this.validator === undefined)
      throw this.#resumeFailed(
        'The server gave the file no validator (ETag or Last-Modified): continuing it could mix two versions',
        cause,
      );
    const headers: Record<string, string> = { accept: 'application/x-ndjson, application/gzip, */*' };
    if (continuing && this.validator !== undefined) {
      headers.range = `bytes=${this.offset}-`;
      headers['if-range'] = this.validator;
    }
    const target = this.#target;
    let response: Response;
    try {
      response = await target.send({
        headers,
        signal: this.#requests.signal,
        timeout: this.#options.timeout,
        retry: this.#options.retry,
      });
    } catch (error) {
      if (this.#expired) throw this.#expired;
      // The first request's errors are the caller's (404, 410, 401, ConnectionError...); a refused continuation says so.
      if (continuing && error instanceof APIError)
        throw this.#resumeFailed(`The server refused to continue the file (HTTP ${error.status})`, error);
      throw error;
    }
    this.#opened = true;
    const body = response.body;
    if (body === null) throw new DataFileError('bad_response', 'The data file response has no body');
    if (continuing) {
      const range = CONTENT_RANGE.exec(response.headers.get('content-range') ?? '');
      if (response.status !== 206 || range === null || Number(range[1]) !== this.offset) {
        await body.cancel().catch(() => undefined);
        throw this.#resumeFailed(
          response.status === 200
            ? `The server sent the whole file instead of continuing at byte ${this.offset}: the file changed (If-Range) or the server ignores ranges`
            : `The server did not continue at byte ${this.offset} (HTTP ${response.status})`,
          cause,
        );
      }
    } else {
      const validator = validatorOf(response);
      if (this.#expectValidator !== undefined && validator !== this.#expectValidator) {
        await body.cancel().catch(() => undefined);
        throw this.#resumeFailed('The file changed since the checkpoint was taken (another validator)', cause);
      }
      this.validator = validator;
    }
    this.#total = lengthOf(response) ?? this.#total;
    this.#resumable =
      this.validator !== undefined &&
      (response.status === 206 || (response.headers.get('accept-ranges') ?? '').toLowerCase().includes('bytes'));
    this.#body = new StreamedBody(body, {
      idleTimeoutMs: this.#options.idleTimeoutMs,
      readAheadBytes: this.#resumable ? this.#options.readAheadBytes : RESPONSE_READ_AHEAD_BYTES,
      whenFull: this.#resumable ? 'close' : 'wait',
      info: this.#info(),
      redactor: target.redactor,
    });
    if (this.#aborted || this.#expired) await this.#body.cancel();
  }

  /**
   * Ends the download with `error` (the read's deadline passed): the request in flight is
   * aborted, the body cancelled, and every later {@link ResumableDownload.next} throws `error`.
   */
  expire(error: Error): void {
    if (this.#expired) return;
    this.#expired = error;
    this.#requests.abort(error);
    void this.#body?.cancel();
  }

  /**
   * The error the read stops with once the caller aborted or the deadline passed, else
   * undefined: checked before each record, since bytes already decompressed hold many more.
   */
  get stopped(): Error | undefined {
    return this.#stopped();
  }

  /** The error the download stops with when the caller aborted or the deadline passed. */
  #stopped(): Error | undefined {
    if (this.#expired) return this.#expired;
    return this.#aborted ? new AbortError(this.#info()) : undefined;
  }

  /** The next bytes of the file, `undefined` at its end; a fault that cannot be continued throws. */
  async next(): Promise<Uint8Array | undefined> {
    let cause: unknown;
    for (;;) {
      const stop = this.#stopped();
      if (stop) throw stop;
      if (this.#body === undefined) {
        if (this.#opened) this.continuations += 1;
        await this.#open(cause);
      }
      const body = this.#body as StreamedBody;
      let fault: ConnectionError | TimeoutError | undefined;
      try {
        const step = await body.next();
        if (!step.done) {
          this.offset += step.value.byteLength;
          return step.value;
        }
        this.#body = undefined;
        // A body cancelled by an abort or the deadline ends early: not the end of the file.
        const stopped = this.#stopped();
        if (stopped) throw stopped;
        // Every byte is here, however the connection ended: asking for `bytes=<size>-` gets a 416.
        if (this.complete) return undefined;
        // Closed by the SDK because the consumer lagged: continue where it stopped.
        if (step.closed) continue;
        if (this.#total === undefined || this.offset >= this.#total) return undefined;
        fault = new ConnectionError(this.#info(), `the body ended after ${this.offset} of ${this.#total} bytes`);
      } catch (error) {
        this.#body = undefined;
        const stopped = this.#stopped();
        if (stopped) throw stopped;
        if (!(error instanceof ConnectionError || error instanceof TimeoutError)) throw error;
        // A reset after the last byte of a file of known size loses nothing.
        if (this.complete) return undefined;
        fault = error;
      }
      if (!this.#resumable || this.#faultResumesLeft <= 0)
        throw new DataFileError(
          'interrupted',
          `The download ${fault instanceof TimeoutError ? 'stalled' : 'broke off'} at byte ${this.offset}${this.#resumable ? ` after ${this.#options.resumes} continuations` : ' and the server offers no way to continue it (no validator or ranges)'}: ${withoutCallSite(fault)}`,
          { cause: fault },
        );
      this.#faultResumesLeft -= 1;
      cause = fault;
    }
  }

  /** Stops the download (an early exit of the reader). */
  async cancel(): Promise<void> {
    if (this.#onAbort) this.#options.signal?.removeEventListener('abort', this.#onAbort);
    await this.#body?.cancel();
    this.#body = undefined;
  }
}

/** The download as a byte stream for the reader (its errors become the stream's). */
export function downloadStream(download: ResumableDownload): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const value = await download.next();
        if (value === undefined) {
          await download.cancel();
          controller.close();
        } else controller.enqueue(value);
      },
      cancel: () => download.cancel(),
    },
    { highWaterMark: 0 },
  );
}
