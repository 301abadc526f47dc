/**
 * Upload bodies for `POST /media`. WordPress takes the raw file as the request body with
 * `Content-Disposition: attachment; filename="..."` and `Content-Type`; this module turns a
 * Blob/File, bytes, a Web ReadableStream or a Node Readable into that, in Node and browsers.
 */
import { ValidationError } from '@viewlink/transport';

/** A Node.js `Readable` (duck-typed, so browsers never load `node:stream`). */
export interface NodeReadableLike extends AsyncIterable<unknown> {
  /** Node's `pipe` (duck-typing marker). */
  pipe(...args: never[]): unknown;
  /** Node's `on` (duck-typing marker). */
  on(...args: never[]): unknown;
}

/** Anything `media.upload` accepts as file content. */
export type UploadSource = Blob | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array> | NodeReadableLike;

/** File name and type of an upload (a `File` carries both; other sources need `filename`). */
export interface UploadFileInfo {
  /** File name WordPress stores the upload under, e.g. `photo.jpg`. Default: the File's name. */
  readonly filename?: string | undefined;
  /** MIME type, e.g. `image/jpeg`. Default: the Blob's type, else guessed from the file name's extension. */
  readonly contentType?: string | undefined;
}

/** A body ready to send. */
export interface UploadBody {
  /** The request body. */
  readonly body: BodyInit;
  /** `Content-Disposition` and `Content-Type` of the upload. */
  readonly headers: { 'content-disposition': string; 'content-type': string };
  /** False for streams: they can be read once, so the request is never retried. */
  readonly replayable: boolean;
}

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  heic: 'image/heic',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
  txt: 'text/plain',
  csv: 'text/csv',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Guesses a MIME type from a file name's extension. */
export function guessContentType(filename: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  return ext === undefined ? undefined : MIME_BY_EXTENSION[ext];
}

/** A header value carrying `text`'s UTF-8 bytes, one character per byte (what `fetch` sends as they are). */
function utf8Bytes(text: string): string {
  let bytes = '';
  for (const byte of new TextEncoder().encode(text)) bytes += String.fromCharCode(byte);
  return bytes;
}

/**
 * Whether this runtime sends a header value's characters as one byte each: Node, Deno and Bun do
 * (measured). Browsers encode them as UTF-8 instead (Chromium sends the one character U+00E9 as
 * the two bytes C3 A9), so UTF-8 bytes given one per character arrive encoded twice (WordPress
 * stored `æ±äº¬.png` for `東京.png`), and React Native's HTTP stacks refuse a byte past 0x7F.
 * Told by the user agent string (`Node.js/24`, `Deno/2.9.6`, `Bun/1.4.5`); anywhere else the
 * name goes as an ASCII stand-in.
 */
function headerBytesAsGiven(): boolean {
  return typeof navigator !== 'undefined' && /^(Node\.js|Deno|Bun)\//.test(String(navigator.userAgent));
}

/**
 * `attachment; filename="..."` as WordPress reads it, plus RFC 5987 `filename*` for other
 * servers when the name is not plain ASCII. WordPress 6.5.5 reads `filename` only: it splits the
 * header at `;`, trims the quotes without unescaping, and takes the value's bytes as UTF-8 (as a
 * multipart upload from its media library sends them). So the name goes as its UTF-8 bytes, and
 * `"`, `\`, `;` and control characters become `_`; an ASCII stand-in would store `café.jpg` as
 * `caf_.jpg` (docs/decisions/cms.md, "Uploads"). Where those bytes cannot be sent (a browser:
 * see {@link headerBytesAsGiven}) the name's other characters become `_` too.
 */
export function contentDisposition(filename: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it replaces.
  const safe = filename.replace(/[\x00-\x1f\x7f"\\;]/g, '_');
  const sent = headerBytesAsGiven() ? utf8Bytes(safe) : safe.replace(/[^\x20-\x7e]/g, '_');
  const disposition = `attachment; filename="${sent}"`;
  if (safe === filename && /^[\x20-\x7e]*$/.test(filename)) return disposition;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename*=UTF-8''${encoded}`;
}

function isNodeReadable(value: unknown): value is NodeReadableLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as NodeReadableLike).pipe === 'function' &&
    typeof (value as NodeReadableLike).on === 'function' &&
    Symbol.asyncIterator in value
  );
}

/** Wraps a Node Readable (or any async iterable of chunks) in a Web ReadableStream. */
export function toWebStream(source: AsyncIterable<unknown>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) return controller.close();
      if (typeof value === 'string') controller.enqueue(encoder.encode(value));
      else if (value instanceof Uint8Array) controller.enqueue(value);
      else if (ArrayBuffer.isView(value)) {
        controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      } else if (value instanceof ArrayBuffer) controller.enqueue(new Uint8Array(value));
      else controller.error(new TypeError('Upload stream chunks must be bytes or strings'));
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}

function invalid(field: string, message: string): ValidationError {
  return new ValidationError('media.upload()', [{ path: [field], message }]);
}

/**
 * Builds the raw upload body and its headers from an {@link UploadSource} (anything else is refused).
 * @throws ValidationError when the file name or type is missing, or the source is not supported.
 */
export function toUploadBody(source: unknown, info: UploadFileInfo = {}): UploadBody {
  const fileName =
    info.filename ?? (typeof File !== 'undefined' && source instanceof File && source.name ? source.name : undefined);
  if (fileName === undefined || fileName.trim() === '') {
    throw invalid('filename', 'is required (WordPress stores the upload under it)');
  }
  if (/[\r\n]/.test(fileName)) throw invalid('filename', 'must not contain line breaks');
  const blobType = source instanceof Blob && source.type !== '' ? source.type : undefined;
  const type = info.contentType ?? blobType ?? guessContentType(fileName);
  if (type === undefined) {
    throw invalid('contentType', `cannot tell the MIME type of ${JSON.stringify(fileName)}; pass \`contentType\``);
  }
  if (!/^[\w.+-]+\/[\w.+-]+(?:\s*;.*)?$/.test(type)) throw invalid('contentType', `not a MIME type: ${type}`);
  const headers = { 'content-disposition': contentDisposition(fileName), 'content-type': type };
  if (source instanceof Blob) return { body: source, headers, replayable: true };
  if (source instanceof ArrayBuffer) return { body: source, headers, replayable: true };
  if (source instanceof Uint8Array) return { body: source as Uint8Array<ArrayBuffer>, headers, replayable: true };
  // Hermes has no ReadableStream (`instanceof` an undefined global throws a TypeError).
  if (typeof ReadableStream === 'function' && source instanceof ReadableStream)
    return { body: source, headers, replayable: false };
  if (isNodeReadable(source)) return { body: toWebStream(source), headers, replayable: false };
  throw invalid('file', 'must be a Blob/File, Uint8Array, ArrayBuffer, ReadableStream or Node Readable');
}
