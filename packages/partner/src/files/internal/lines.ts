/**
 * Splits a byte stream into lines without buffering the file: only the current partial line
 * is held, and a line over the limit is dropped as it streams (reported, not stored).
 */

/** One physical line: its bytes (without `\n`), or `undefined` when it was over the limit. */
export interface Line {
  readonly number: number;
  readonly bytes: Uint8Array | undefined;
  /** Offset in the stream just past this line's `\n` (a checkpoint of an uncompressed file resumes there). */
  readonly end: number;
}

const NEWLINE = 0x0a;

function join(parts: readonly Uint8Array[], size: number, tail: Uint8Array): Uint8Array {
  if (parts.length === 0) return tail;
  const out = new Uint8Array(size + tail.byteLength);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  out.set(tail, offset);
  return out;
}

/** Yields the lines of a stream read through `reader`, releasing the lock when done. */
export async function* splitLines(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxLineBytes: number,
): AsyncGenerator<Line> {
  let parts: Uint8Array[] = [];
  let size = 0;
  let overflow = false;
  let number = 0;
  // Bytes of the chunks before the current one.
  let before = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const base = before;
      before += value.byteLength;
      let start = 0;
      for (let nl = value.indexOf(NEWLINE, start); nl !== -1; nl = value.indexOf(NEWLINE, start)) {
        number += 1;
        const piece = value.subarray(start, nl);
        const fits = !overflow && size + piece.byteLength <= maxLineBytes;
        yield { number, bytes: fits ? join(parts, size, piece) : undefined, end: base + nl + 1 };
        parts = [];
        size = 0;
        overflow = false;
        start = nl + 1;
      }
      if (start < value.byteLength && !overflow) {
        const rest = value.subarray(start);
        if (size + rest.byteLength > maxLineBytes) {
          overflow = true;
          parts = [];
          size = 0;
        } else {
          // A copy, so the rest of the chunk can be freed.
          parts.push(rest.slice());
          size += rest.byteLength;
        }
      }
    }
    if (size > 0 || overflow)
      yield { number: number + 1, bytes: overflow ? undefined : join(parts, size, new Uint8Array(0)), end: before };
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
