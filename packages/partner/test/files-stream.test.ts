/** Bounded memory: a 100,000-line gzipped file is read as it streams, never buffered whole. */
import { beforeAll, describe, expect, it } from 'vitest';
import { applyDelta, readDataFile } from '../src/files/index.js';
import { historyLine } from './files-helpers.js';

const LINES = 100_000;

/** gzip of a lazily generated 100,000-line NDJSON file (built once; ~1 MB compressed). */
async function gzipFixture(): Promise<Uint8Array[]> {
  let produced = 0;
  const encoder = new TextEncoder();
  const plain = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= LINES) return controller.close();
      let text = '';
      for (let i = 0; i < 100 && produced < LINES; i++) text += `${historyLine(produced++)}\n`;
      controller.enqueue(encoder.encode(text));
    },
  });
  const bytes = new Uint8Array(
    await new Response(
      plain.pipeThrough(new CompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>),
    ).arrayBuffer(),
  );
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += 16 * 1024) chunks.push(bytes.subarray(i, i + 16 * 1024));
  return chunks;
}

/** Serves the fixture chunk by chunk on demand, counting the compressed bytes pulled. */
function source(chunks: readonly Uint8Array[]): {
  stream: ReadableStream<Uint8Array>;
  pulled: () => number;
  total: number;
} {
  let index = 0;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[index++];
        if (!chunk) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, total: chunks.reduce((n, c) => n + c.byteLength, 0) };
}

let fixture: Uint8Array[] = [];
beforeAll(async () => {
  fixture = await gzipFixture();
}, 60_000);

describe('readDataFile over a 100,000-line gzipped stream', () => {
  it('yields the first record long before the source is read, and keeps the read-ahead bounded', async () => {
    const src = source(fixture);
    expect(fixture.length).toBeGreaterThan(20);
    let consumed = 0;
    let pulledAtFirst = -1;
    let maxAhead = 0;
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const file = { id: 'f', format: 'ndjson', compression: 'gzip', record_count: LINES };
    for await (const record of readDataFile(src.stream, { file })) {
      if (consumed === 0) pulledAtFirst = src.pulled();
      expect(record.key).toBe(`h${consumed}`);
      consumed += 1;
      // Compressed bytes fetched beyond those of the records handed out: the read-ahead.
      maxAhead = Math.max(maxAhead, src.pulled() - (consumed / LINES) * src.total);
      if (consumed % 10_000 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }
    expect(consumed).toBe(LINES);
    expect(src.pulled()).toBe(src.total);
    // The read-ahead is a constant (stream and zlib buffers, measured ~128 kB compressed), not a
    // share of the file: the first record came after a fraction of it, and the reader never ran
    // further ahead of the consumer than that.
    const bound = 256 * 1024;
    expect(src.total).toBeGreaterThan(4 * bound);
    expect(pulledAtFirst).toBeGreaterThan(0);
    expect(pulledAtFirst).toBeLessThanOrEqual(bound);
    expect(maxAhead).toBeLessThanOrEqual(bound);
    // The file is ~20 MB uncompressed; holding it would show up in the heap.
    expect(heapPeak - heapBefore).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it('applies a 100,000-record initial file straight from the stream', async () => {
    const held = await applyDelta(new Map(), readDataFile(source(fixture).stream));
    expect(held.size).toBe(LINES);
    expect(held.has('history_entry:h99999')).toBe(true);
  }, 60_000);
});
