import { inspect } from 'node:util';
import { ValidationError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import {
  applyDelta,
  DataFileError,
  type DataFileRecord,
  planDelta,
  readDataFile,
  recordKey,
} from '../src/files/index.js';
import { collect, gzip, historyLine, ndjson, title } from './files-helpers.js';

const file = (record_count: number, compression = 'none') => ({
  id: 'file_1',
  format: 'ndjson',
  compression,
  record_count,
});

async function failure(iterable: AsyncIterable<unknown>): Promise<DataFileError> {
  try {
    await collect(iterable);
  } catch (error) {
    if (error instanceof DataFileError) return error;
    throw error;
  }
  throw new Error('expected a DataFileError');
}

describe('readDataFile', () => {
  it('yields typed, validated records of each kind', async () => {
    const text = ndjson([
      historyLine(1),
      JSON.stringify({ kind: 'watchlist_item', op: 'upsert', key: 'w1', data: { category: 'saved', title: title(2) } }),
      JSON.stringify({ kind: 'rating', op: 'upsert', key: 'r1', data: { title: title(3), thumbs: 'up' }, extra: 1 }),
      JSON.stringify({ kind: 'rating', op: 'delete', key: 'r0' }),
    ]);
    const records = await collect(readDataFile(text));
    expect(records.map((r) => [r.kind, r.op, r.key])).toEqual([
      ['history_entry', 'upsert', 'h1'],
      ['watchlist_item', 'upsert', 'w1'],
      ['rating', 'upsert', 'r1'],
      ['rating', 'delete', 'r0'],
    ]);
    const first = records[0]!;
    if (first.kind === 'history_entry' && first.op === 'upsert') expect(first.data.title.name).toBe('Title 1');
    else expect.unreachable();
  });

  it('reads gzip from bytes, a stream and a Response, sniffing or as announced', async () => {
    const text = ndjson([historyLine(1), historyLine(2)]);
    const bytes = await gzip(text);
    expect(await collect(readDataFile(bytes))).toHaveLength(2);
    expect(await collect(readDataFile(new Blob([bytes]).stream()))).toHaveLength(2);
    expect(await collect(readDataFile(new Response(bytes), { file: file(2, 'gzip') }))).toHaveLength(2);
    expect(await collect(readDataFile(bytes.buffer, { compression: 'gzip' }))).toHaveLength(2);
  });

  it('handles CRLF, blank lines, a missing final newline and lines split across chunks', async () => {
    const text = `${historyLine(1)}\r\n\r\n  \n${historyLine(2)}`;
    const bytes = new TextEncoder().encode(text);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.subarray(i, i + 7));
        controller.close();
      },
    });
    const records = await collect(readDataFile(chunked, { expectedRecords: 2 }));
    expect(records.map((r) => r.key)).toEqual(['h1', 'h2']);
  });

  it('throws a typed error naming the line of a bad record, with the field path', async () => {
    const bad = JSON.stringify({
      kind: 'history_entry',
      op: 'upsert',
      key: 'h2',
      data: { title: title(2), completion_percentage: 150, watched_at: '2026-01-01T00:00:00Z' },
    });
    const error = await failure(readDataFile(ndjson([historyLine(1), '', bad])));
    expect(error).toMatchObject({ reason: 'invalid_line', line: 3 });
    expect(error.message).toMatch(/^readDataFile\(\): Line 3: invalid history_entry/);
    expect(error.callSite).toBe('readDataFile()');
    expect(error.issues.map((i) => i.path)).toEqual([['data', 'completion_percentage']]);
  });

  it.each([
    ['not JSON', '{nope'],
    ['not an envelope', '{"kind":"rating"}'],
    ['a JSON array', '[1,2]'],
  ])('refuses %s with its line number', async (_, line) => {
    expect(await failure(readDataFile(ndjson([historyLine(1), line])))).toMatchObject({
      reason: 'invalid_line',
      line: 2,
    });
  });

  it('never quotes the line content in the error', async () => {
    const error = await failure(
      readDataFile('{"kind":"rating","op":"upsert","key":"k","data":{"email":"person@example.com"}}\n'),
    );
    expect(inspect(error, { showHidden: true, depth: 5 }) + JSON.stringify(error)).not.toContain('person@example.com');
  });

  it('refuses a bad source and mistyped options with a ValidationError before reading', async () => {
    await expect(collect(readDataFile(null as never))).rejects.toThrow(ValidationError);
    await expect(collect(readDataFile(null as never))).rejects.toThrow(
      'readDataFile(): source must be a Response, a ReadableStream<Uint8Array>, bytes or a string',
    );
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ onInvalid: 'ignore' }, 'onInvalid'],
      [{ maxLineBytes: -1 }, 'maxLineBytes'],
      [{ expectedRecords: 1.5 }, 'expectedRecords'],
      [{ compression: 'zip' }, 'compression'],
    ];
    for (const [options, path] of bad) {
      const error = await collect(readDataFile(ndjson(['{nope']), options as never)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => i.path.join('.'))).toEqual([path]);
    }
  });

  it('skips bad lines with onInvalid: skip, or reports them to a function', async () => {
    const text = ndjson([historyLine(1), '{nope', historyLine(3), '"x"']);
    expect((await collect(readDataFile(text, { onInvalid: 'skip' }))).map((r) => r.key)).toEqual(['h1', 'h3']);
    const reported: number[] = [];
    const records = await collect(readDataFile(text, { onInvalid: (e) => reported.push(e.line!), expectedRecords: 4 }));
    expect(records).toHaveLength(2);
    expect(reported).toEqual([2, 4]);
  });

  it('returns unknown kinds and ops as unknown records', async () => {
    const records = await collect(
      readDataFile(
        ndjson([
          JSON.stringify({ kind: 'badge', op: 'upsert', key: 'b1', data: { level: 3 } }),
          JSON.stringify({ kind: 'rating', op: 'archive', key: 'r1' }),
        ]),
      ),
    );
    expect(records).toEqual([
      { kind: 'unknown', recordKind: 'badge', op: 'upsert', key: 'b1', data: { level: 3 } },
      { kind: 'unknown', recordKind: 'rating', op: 'archive', key: 'r1', data: undefined },
    ]);
  });

  it('refuses a line over maxLineBytes without holding it, and can skip it', async () => {
    const long = JSON.stringify({ kind: 'badge', op: 'upsert', key: 'x', data: 'y'.repeat(5000) });
    const text = ndjson([historyLine(1), long, historyLine(3)]);
    expect(await failure(readDataFile(text, { maxLineBytes: 1000 }))).toMatchObject({
      reason: 'line_too_long',
      line: 2,
    });
    const kept = await collect(readDataFile(text, { maxLineBytes: 1000, onInvalid: 'skip' }));
    expect(kept.map((r) => r.key)).toEqual(['h1', 'h3']);
  });

  it('detects a truncated file by the announced record count', async () => {
    const error = await failure(readDataFile(ndjson([historyLine(1), historyLine(2)]), { file: file(3) }));
    expect(error).toMatchObject({ reason: 'record_count_mismatch' });
  });

  it('detects a truncated or corrupt gzip stream', async () => {
    const bytes = await gzip(ndjson(Array.from({ length: 200 }, (_, i) => historyLine(i))));
    const truncated = bytes.subarray(0, bytes.length - 30);
    expect(await failure(readDataFile(truncated))).toMatchObject({ reason: 'decompression_failed' });
    const corrupt = bytes.slice();
    corrupt.fill(0x55, 20, 60);
    expect(await failure(readDataFile(corrupt, { compression: 'gzip' }))).toMatchObject({
      reason: 'decompression_failed',
    });
  });

  it('refuses an unsupported format or compression, and a failed response', async () => {
    expect(await failure(readDataFile('', { file: { ...file(0), format: 'parquet' } }))).toMatchObject({
      reason: 'unsupported_format',
    });
    expect(await failure(readDataFile('', { file: file(0, 'zstd') }))).toMatchObject({ reason: 'unsupported_format' });
    expect(await failure(readDataFile(new Response('x', { status: 404 })))).toMatchObject({ reason: 'bad_response' });
  });

  it('cancels the source when the consumer stops early', async () => {
    let cancelled = false;
    const encoder = new TextEncoder();
    let n = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode(`${historyLine(n++)}\n`));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const record of readDataFile(source)) {
      expect(record.key).toBe('h0');
      break;
    }
    expect(cancelled).toBe(true);
  });
});

describe('applyDelta', () => {
  const upsert = (key: string, n: number): DataFileRecord => ({
    kind: 'rating',
    op: 'upsert',
    key,
    data: { title: title(n), stars: n },
  });

  it('cold start: loads an initial file into an empty map', async () => {
    const held = await applyDelta(new Map(), readDataFile(ndjson([historyLine(1), historyLine(2)])));
    expect([...held.keys()]).toEqual(['history_entry:h1', 'history_entry:h2']);
  });

  it('upserts replace or add, deletes remove, missing deletes are harmless', async () => {
    const held = await applyDelta([upsert('a', 1), upsert('b', 2)] as never, [
      upsert('b', 5),
      upsert('c', 3),
      { kind: 'rating', op: 'delete', key: 'a' },
      { kind: 'rating', op: 'delete', key: 'zzz' },
      { kind: 'history_entry', op: 'delete', key: 'b' },
    ]);
    expect([...held.keys()].sort()).toEqual(['rating:b', 'rating:c']);
    const b = held.get('rating:b');
    expect(b?.kind === 'rating' && b.op === 'upsert' && b.data.stars).toBe(5);
  });

  it('keys by kind: the same key in two kinds is two records', async () => {
    const held = await applyDelta(new Map(), [
      upsert('x', 1),
      {
        kind: 'history_entry',
        op: 'upsert',
        key: 'x',
        data: { title: title(1), completion_percentage: 1, watched_at: '2026-01-01T00:00:00Z' },
      },
    ]);
    expect(held.size).toBe(2);
  });

  it('does not change the map it was given unless inPlace', async () => {
    const start = await applyDelta(new Map(), [upsert('a', 1)]);
    const next = await applyDelta(start, [{ kind: 'rating', op: 'delete', key: 'a' }]);
    expect([start.size, next.size]).toEqual([1, 0]);
    const same = await applyDelta(start, [upsert('b', 2)], { inPlace: true });
    expect(same).toBe(start);
    expect(start.size).toBe(2);
  });

  it('is idempotent: applying the same delta twice gives the same records', async () => {
    const delta: DataFileRecord[] = [upsert('b', 7), { kind: 'rating', op: 'delete', key: 'a' }];
    const once = await applyDelta([upsert('a', 1)] as never, delta);
    const twice = await applyDelta(once, delta);
    expect([...twice.entries()]).toEqual([...once.entries()]);
  });

  it('keeps unknown-kind upserts and applies their deletes; ignores unknown ops', async () => {
    const held = await applyDelta(new Map(), [
      { kind: 'unknown', recordKind: 'badge', op: 'upsert', key: 'b', data: 1 },
      { kind: 'unknown', recordKind: 'badge', op: 'upsert', key: 'c', data: 2 },
      { kind: 'unknown', recordKind: 'badge', op: 'delete', key: 'c', data: undefined },
      { kind: 'unknown', recordKind: 'rating', op: 'archive', key: 'a', data: undefined },
    ]);
    expect([...held.keys()]).toEqual(['badge:b']);
    expect(recordKey({ kind: 'unknown', recordKind: 'badge', op: 'upsert', key: 'b', data: 1 })).toBe('badge:b');
  });
});

describe('planDelta', () => {
  it('applies a delta that follows, skips one already applied, and reports gaps', () => {
    expect(planDelta(4, { base_sequence: 4, sequence: 5 })).toBe('apply');
    expect(planDelta(5, { base_sequence: 4, sequence: 5 })).toBe('already_applied');
    expect(planDelta(3, { base_sequence: 4, sequence: 5 })).toBe('gap');
    expect(planDelta(undefined, { base_sequence: 0, sequence: 1 })).toBe('gap');
  });
});

describe('readDataFile checksum', () => {
  const hex = async (bytes: Uint8Array<ArrayBuffer>) =>
    [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');

  it('checks the announced sha256 of the bytes as served (gzip)', async () => {
    const bytes = await gzip(ndjson([historyLine(1), historyLine(2)]));
    const sha256 = await hex(bytes);
    expect(await collect(readDataFile(bytes, { file: { ...file(2, 'gzip'), sha256 } }))).toHaveLength(2);
    const wrong = `${sha256.slice(0, -1)}${sha256.endsWith('0') ? '1' : '0'}`;
    expect(await failure(readDataFile(bytes, { file: { ...file(2, 'gzip'), sha256: wrong } }))).toMatchObject({
      reason: 'checksum_mismatch',
    });
    expect(
      await collect(readDataFile(bytes, { file: { ...file(2, 'gzip'), sha256: wrong }, expectedSha256: false })),
    ).toHaveLength(2);
  });

  it('catches a changed byte that still parses', async () => {
    const original = new TextEncoder().encode(ndjson([historyLine(1)]));
    const sha256 = await hex(original);
    const altered = new TextEncoder().encode(ndjson([historyLine(1).replace('Title 1', 'Title 7')]));
    expect(await failure(readDataFile(altered, { expectedSha256: sha256 }))).toMatchObject({
      reason: 'checksum_mismatch',
    });
  });

  it('leaves the held records unchanged when a delta fails its checksum', async () => {
    const held = await applyDelta(new Map(), readDataFile(ndjson([historyLine(1)])));
    const delta = new TextEncoder().encode(
      ndjson([JSON.stringify({ kind: 'history_entry', op: 'delete', key: 'h1' })]),
    );
    await expect(applyDelta(held, readDataFile(delta, { expectedSha256: '0'.repeat(64) }))).rejects.toMatchObject({
      reason: 'checksum_mismatch',
    });
    expect(held.has('history_entry:h1')).toBe(true);
  });
});
