/**
 * No silent short read: without the descriptor, `readDataFile` accepts a file only when
 * something shows it complete (bytes in memory, the gzip trailer, a Content-Length matched),
 * and otherwise refuses (`unverified_length`) or warns, as the caller chose.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataFileError, type ReadDataFileOptions, readDataFile } from '../src/index.js';
import { makeFile } from './data-files/fixture.js';
import { collect } from './files-helpers.js';

const plain = makeFile('f_plain', 10_000, 'none');
const gz = makeFile('f_gz', 10_000, 'gzip');
// Cut at a line boundary, about 60% in: every line before it is whole.
const cut = new Uint8Array(
  plain.bytes.subarray(0, plain.bytes.lastIndexOf(0x0a, Math.floor(plain.bytes.length * 0.6)) + 1),
);
const cutLines = Buffer.from(cut).toString().split('\n').length - 1;
let base: string;
let close: () => void;

beforeAll(async () => {
  const server = createServer((req, res) => {
    // Chunked (no Content-Length), ended cleanly at the cut: nothing on the wire says it is short.
    if (req.url === '/cut-chunked') {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(cut);
    } else if (req.url === '/whole-length') {
      res.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-length': plain.bytes.length });
      res.end(plain.bytes);
    } else {
      res.writeHead(200, { 'content-type': 'application/gzip' });
      res.end(gz.bytes.subarray(0, gz.bytes.length - 9));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function failure(records: AsyncIterable<unknown>): Promise<DataFileError> {
  const error = await collect(records).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DataFileError);
  return error as DataFileError;
}

describe('readDataFile without the descriptor', () => {
  it('refuses an uncompressed body cut at a line boundary that nothing shows short, naming the records read', async () => {
    const error = await failure(readDataFile(await fetch(`${base}/cut-chunked`)));
    expect(error).toMatchObject({ reason: 'unverified_length', records: cutLines });
    expect(error.message).toMatch(/descriptor/);
  });

  it('warns instead when asked, or accepts', async () => {
    const warned: string[] = [];
    const records = await collect(
      readDataFile(await fetch(`${base}/cut-chunked`), { unverifiedLength: (m) => warned.push(m) }),
    );
    expect(records).toHaveLength(cutLines);
    expect(warned).toEqual([expect.stringMatching(/complete/)]);
    expect(
      await collect(readDataFile(await fetch(`${base}/cut-chunked`), { unverifiedLength: 'accept' })),
    ).toHaveLength(cutLines);
  });

  it('accepts an uncompressed body whose Content-Length was received in full', async () => {
    expect(await collect(readDataFile(await fetch(`${base}/whole-length`)))).toHaveLength(10_000);
  });

  it('a Content-Length the body falls short of is an interrupted read, with the records delivered', async () => {
    const body = new Blob([cut]).stream();
    const response = new Response(body, { headers: { 'content-length': String(plain.bytes.length) } });
    expect(await failure(readDataFile(response))).toMatchObject({ reason: 'interrupted', records: cutLines });
  });

  it('a gzip body without its trailer never looks complete', async () => {
    const error = await failure(readDataFile(await fetch(`${base}/gzip-cut`)));
    expect(error.reason).toBe('decompression_failed');
    expect(error.records).toBeGreaterThan(0);
  });

  it('an uncompressed ReadableStream without a count is refused; with the descriptor it is checked by count', async () => {
    expect(await failure(readDataFile(new Blob([cut]).stream()))).toMatchObject({ reason: 'unverified_length' });
    expect(await failure(readDataFile(new Blob([cut]).stream(), { file: plain.descriptor }))).toMatchObject({
      reason: 'checksum_mismatch',
      records: cutLines,
    });
  });

  it('bytes and strings in memory are complete by construction', async () => {
    expect(await collect(readDataFile(cut))).toHaveLength(cutLines);
    expect(await collect(readDataFile(Buffer.from(cut).toString()))).toHaveLength(cutLines);
  });
});

describe('options', () => {
  it('refuses a mistyped unverifiedLength or idleTimeout before reading', async () => {
    const invalid: Record<string, unknown>[] = [
      { unverifiedLength: 'warn' },
      { idleTimeout: 0 },
      { idleTimeout: '5s' },
    ];
    for (const options of invalid) {
      const given: unknown = options;
      const error = await collect(readDataFile('', given as ReadDataFileOptions)).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'ValidationError', issues: [{ path: [Object.keys(options)[0]] }] });
    }
  });
});
