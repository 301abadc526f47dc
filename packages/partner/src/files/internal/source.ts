/** Turns any data-file source into a byte stream, decompressing gzip (sniffed or announced). */
import { StreamedBody, ValidationError } from '@viewlink/transport';
import { DataFileError } from '../errors.js';
import type { DataFileCompression, DataFileSource } from '../types.js';
import {
  AbortStop,
  abortableBody,
  bodyAbort,
  bodyDeadline,
  boundBody,
  type ReadDeadline,
  streamWithin,
} from './read-deadline.js';

function fromBytes(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * Read-ahead for a `Response` that cannot be resumed: the whole of most files, so that a slow
 * consumer never leaves Node's HTTP parser paused (the crash of nodejs/undici#5360, see
 * `StreamedBody`); past it, backpressure. `client.files` closes and resumes with `Range` instead.
 */
export const RESPONSE_READ_AHEAD_BYTES = 64 * 1024 * 1024;

/** A `StreamedBody` as a byte stream: its faults (ConnectionError, TimeoutError) become the stream's errors. */
function streamOf(body: StreamedBody): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const step = await body.next();
        if (step.done) controller.close();
        else controller.enqueue(step.value);
      },
      cancel: () => body.cancel(),
    },
    { highWaterMark: 0 },
  );
}

/**
 * A `Response` whose body is already being read ahead by a `StreamedBody` (from the moment it is
 * returned, so a caller that waits before reading cannot leave the runtime's parser paused).
 * With a `deadline` the body errors with its `TimeoutError` once the time is up (its connection
 * closed), and the deadline is cleared when the body ends, errors or is cancelled.
 */
export function pumpedResponse(
  response: Response,
  idleTimeoutMs: number,
  url: string,
  deadline?: ReadDeadline | undefined,
  signal?: AbortSignal | undefined,
): Response {
  if (response.body === null) {
    deadline?.clear();
    return response;
  }
  const body = new StreamedBody(response.body, {
    idleTimeoutMs,
    readAheadBytes: RESPONSE_READ_AHEAD_BYTES,
    whenFull: 'wait',
    info: { method: 'GET', url },
  });
  let stream = streamOf(body);
  if (deadline) stream = streamWithin(stream, deadline, true);
  // The caller's signal still ends the body once the request is answered, as it would a fetch body.
  const abort = signal ? new AbortStop(signal, url) : undefined;
  // Watched until the read of the body ends (readDataFile clears it): records the body already
  // holds must not be delivered past an abort either.
  if (abort) stream = streamWithin(stream, abort, false);
  const pumped = new Response(stream, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  if (abort) abortableBody(pumped, abort);
  return deadline ? boundBody(pumped, deadline) : pumped;
}

/** The raw bytes of a source, and what is known about their length. */
export interface RawSource {
  readonly stream: ReadableStream<Uint8Array>;
  /** The bytes are all in memory (a string or bytes were passed): complete by construction. */
  readonly inMemory: boolean;
  /** The `Content-Length` of a `Response`, when it had one. */
  readonly contentLength: number | undefined;
  /** Asked at the end: the source checked its own length (a download of a file of known size). */
  readonly verified?: (() => boolean) | undefined;
  /** The source throws its faults already typed (a download: `interrupted` mid-body, the first request's errors as they are). */
  readonly typesOwnFaults?: boolean | undefined;
  /** Asked before each record: an error that ends the read (its `totalTimeout` passed, the caller aborted), else undefined. */
  readonly stopped?: (() => Error | undefined) | undefined;
  /** Origin and path of a `Response`'s URL (never its query), for messages. */
  readonly url?: string | undefined;
  /** Called once the read ends, however it ends: stops watching the caller's signal. */
  readonly ended?: (() => void) | undefined;
}

/** The raw (possibly compressed) byte stream of a source; a `Response` body is read through a `StreamedBody`. */
export function toStream(source: DataFileSource, idleTimeoutMs: number): RawSource {
  const memory = (bytes: Uint8Array): RawSource => ({
    stream: fromBytes(bytes),
    inMemory: true,
    contentLength: undefined,
  });
  if (typeof source === 'string') return memory(new TextEncoder().encode(source));
  if (source instanceof Uint8Array) return memory(source);
  if (source instanceof ArrayBuffer) return memory(new Uint8Array(source));
  if (typeof Response !== 'undefined' && source instanceof Response) {
    if (!source.ok) throw new DataFileError('bad_response', `The data file response has status ${source.status}`);
    if (source.body === null) throw new DataFileError('bad_response', 'The data file response has no body');
    const declared = source.headers.get('content-length');
    const length = declared === null ? Number.NaN : Number(declared);
    let url = 'data file';
    try {
      const parsed = new URL(source.url);
      // Origin and path only: the query of a pre-signed URL is a credential.
      url = `${parsed.origin}${parsed.pathname}`;
    } catch {
      // A constructed Response has no URL.
    }
    const body = new StreamedBody(source.body, {
      idleTimeoutMs,
      readAheadBytes: RESPONSE_READ_AHEAD_BYTES,
      whenFull: 'wait',
      info: { method: 'GET', url },
    });
    const deadline = bodyDeadline(source);
    const abort = bodyAbort(source);
    return {
      stream: streamOf(body),
      inMemory: false,
      contentLength: Number.isSafeInteger(length) && length >= 0 ? length : undefined,
      url,
      // A body of `client.files.fetch()` past its `totalTimeout`, or aborted by its signal, breaks
      // off: the deadline or the abort is the reason, and no further record is delivered.
      stopped: deadline || abort ? () => deadline?.expired ?? abort?.expired : undefined,
      ended: abort ? () => abort.clear() : undefined,
    };
  }
  if (source instanceof ReadableStream) return { stream: source, inMemory: false, contentLength: undefined };
  throw new ValidationError('readDataFile()', [
    { path: ['source'], message: 'must be a Response, a ReadableStream<Uint8Array>, bytes or a string' },
  ]);
}

/**
 * The chunk as ArrayBuffer-backed bytes, which is what `DecompressionStream` takes: a view of
 * its own buffer (no copy), or a copy for a view of a SharedArrayBuffer.
 */
function ownBytes(chunk: Uint8Array): Uint8Array<ArrayBuffer> {
  const buffer = chunk.buffer;
  return buffer instanceof ArrayBuffer ? new Uint8Array(buffer, chunk.byteOffset, chunk.byteLength) : chunk.slice();
}

/**
 * Peeks at the first bytes to detect gzip (1f 8b) and returns a stream that starts with
 * them again, piped through `DecompressionStream('gzip')` when compressed.
 */
export async function decoded(
  stream: ReadableStream<Uint8Array>,
  compression: DataFileCompression,
): Promise<{ stream: ReadableStream<Uint8Array>; gzip: boolean }> {
  const reader = stream.getReader();
  const head: Uint8Array<ArrayBuffer>[] = [];
  let seen = 0;
  let ended = false;
  if (compression === 'auto') {
    while (seen < 2) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      head.push(ownBytes(value));
      seen += value.byteLength;
    }
  }
  const first = head[0];
  const second = first && first.byteLength > 1 ? first[1] : head[1]?.[0];
  const gzip = compression === 'gzip' || (compression === 'auto' && first?.[0] === 0x1f && second === 0x8b);
  const replay = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      if (ended) controller.close();
    },
    async pull(controller) {
      if (ended) return;
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(ownBytes(value));
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  if (!gzip) return { stream: replay, gzip };
  // The gunzip stream takes any BufferSource: the bytes are piped in as one (no cast needed).
  return { stream: replay.pipeThrough(new DecompressionStream('gzip')), gzip };
}
