/** Raw-body handling shared by verifyWebhook and the receivers. */
import { RAW_BODY_HELP, WebhookBodyError } from '../errors.js';
import type { HeadersLike } from '../headers.js';
import { utf8 } from './crypto.js';

/** Default body size limit: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Refuses a body over the limit. */
export function tooLarge(max: number): WebhookBodyError {
  return new WebhookBodyError('too_large', `The webhook body is larger than the ${max}-byte limit`);
}

/** Turns a raw body into bytes, refusing parsed objects with the raw-body explanation. */
export function toBytes(body: unknown, max: number): Uint8Array<ArrayBuffer> {
  let bytes: Uint8Array<ArrayBuffer>;
  if (typeof body === 'string') {
    // Every UTF-16 unit is at least one UTF-8 byte: refuse huge strings before encoding them.
    if (body.length > max) throw tooLarge(max);
    bytes = utf8(body);
  } else if (body instanceof Uint8Array) {
    // Web Crypto refuses views of a SharedArrayBuffer: copy those.
    bytes =
      body.buffer instanceof ArrayBuffer
        ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
        : new Uint8Array(body);
  } else if (body instanceof ArrayBuffer) {
    bytes = new Uint8Array(body);
  } else if (body === undefined || body === null) {
    throw new WebhookBodyError('invalid_json', 'The webhook request has no body');
  } else {
    throw new WebhookBodyError('not_raw', RAW_BODY_HELP);
  }
  if (bytes.byteLength > max) throw tooLarge(max);
  return bytes;
}

/** Reads a byte stream up to `max` bytes, cancelling it as soon as it exceeds the limit. */
export async function readLimited(
  stream: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (stream === null) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > max) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(max);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return join(chunks, total);
}

/** Concatenates chunks of known total length. */
export function join(chunks: readonly Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Reads one header case-insensitively; repeated values are joined with `, `. */
export function getHeader(headers: HeadersLike, name: string): string | undefined {
  // A record's values are strings, so a callable `get` means a Headers object (any realm).
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (key.toLowerCase() !== lower) continue;
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join(', ');
  }
  return undefined;
}
