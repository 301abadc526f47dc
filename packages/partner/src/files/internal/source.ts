/** Turns any data-file source into a byte stream, decompressing gzip (sniffed or announced). */
import { ValidationError } from '@viewlink/transport';
import { DataFileError } from '../errors.js';

/** Where a data file's bytes come from. */
export type DataFileSource = Response | ReadableStream<Uint8Array> | Uint8Array | ArrayBuffer | string;

/** How the bytes are compressed; `'auto'` sniffs the gzip magic number. */
export type DataFileCompression = 'auto' | 'gzip' | 'none';

function fromBytes(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** The raw (possibly compressed) byte stream of a source. */
export function toStream(source: DataFileSource): ReadableStream<Uint8Array> {
  if (typeof source === 'string') return fromBytes(new TextEncoder().encode(source));
  if (source instanceof Uint8Array) return fromBytes(source);
  if (source instanceof ArrayBuffer) return fromBytes(new Uint8Array(source));
  if (typeof Response !== 'undefined' && source instanceof Response) {
    if (!source.ok) throw new DataFileError('bad_response', `The data file response has status ${source.status}`);
    if (source.body === null) throw new DataFileError('bad_response', 'The data file response has no body');
    return source.body;
  }
  if (source instanceof ReadableStream) return source;
  throw new ValidationError('readDataFile() source', [
    { path: ['source'], message: 'expected a Response, a ReadableStream<Uint8Array>, bytes or a string' },
  ]);
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
  const head: Uint8Array[] = [];
  let seen = 0;
  let ended = false;
  if (compression === 'auto') {
    while (seen < 2) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      head.push(value);
      seen += value.byteLength;
    }
  }
  const first = head[0];
  const second = first && first.byteLength > 1 ? first[1] : head[1]?.[0];
  const gzip = compression === 'gzip' || (compression === 'auto' && first?.[0] === 0x1f && second === 0x8b);
  const replay = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      if (ended) controller.close();
    },
    async pull(controller) {
      if (ended) return;
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  if (!gzip) return { stream: replay, gzip };
  const gunzip = new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  return { stream: replay.pipeThrough(gunzip), gzip };
}
