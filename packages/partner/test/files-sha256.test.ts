/** The streaming data-file checksum (@noble/hashes behind a TransformStream), against Web Crypto. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Stream } from '../src/files/internal/sha256.js';

async function reference(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Streams `chunks` through the checksum stream; returns the bytes that came out and the hex. */
async function streamed(chunks: Uint8Array[]): Promise<{ out: Uint8Array; hex: string | undefined }> {
  const digest = sha256Stream();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const parts: Uint8Array[] = [];
  for await (const part of source.pipeThrough(digest.stream)) parts.push(part);
  expect(digest.hex(), 'set only once the stream ends').toBeDefined();
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return { out, hex: digest.hex() };
}

describe('sha256Stream', () => {
  it('matches known vectors and is unset before the end', async () => {
    const utf8 = (text: string) => new TextEncoder().encode(text);
    expect((await streamed([])).hex).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect((await streamed([utf8('a'), utf8('bc')])).hex).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256Stream().hex()).toBeUndefined();
  });

  it('passes the bytes through unchanged and matches crypto.subtle for any chunking (500 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 700 }),
        fc.array(fc.nat(700), { maxLength: 8 }),
        async (bytes, cuts) => {
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks: Uint8Array[] = [];
          let last = 0;
          for (const point of [...points, bytes.length]) {
            chunks.push(bytes.slice(last, point));
            last = point;
          }
          const { out, hex } = await streamed(chunks);
          expect(out).toEqual(bytes);
          expect(hex).toBe(await reference(new Uint8Array(bytes)));
        },
      ),
      { numRuns: 500 },
    );
  });
});
