/**
 * Issue 26: a 100,000-record data file (gzip NDJSON) served on 127.0.0.1.
 * 1. Throughput of `client.files.read()` (download, gunzip, split, parse, validate each record)
 *    against raw `fetch` + `zlib` + `JSON.parse` of the same bytes.
 * 2. What a reset at 90% of the file costs: the SDK continuing with `Range` + `If-Range`, against a
 *    full restart (what a job did before: `resumes: 0`, catch, read the whole file again).
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';
import { type HistorySpec, historyEntry } from '@viewlink/mock';
import { type DataFileDescriptor, DataFileError, PartnerClient } from '@viewlink/partner';
import { compare, localServer, report } from './lib.js';

const RECORDS = 100_000;
const spec: HistorySpec = {
  seed: 26,
  size: RECORDS,
  services: ['streamflix', 'cineplus', 'primevista', 'tubely'],
  firstActivityMs: Date.UTC(2010, 0, 1),
  lastActivityMs: Date.UTC(2026, 9, 31),
};
const lines: string[] = [];
for (let i = 0; i < RECORDS; i++)
  lines.push(JSON.stringify({ kind: 'history_entry', op: 'upsert', key: `h${i}`, data: historyEntry(spec, i) }));
const plain = Buffer.from(`${lines.join('\n')}\n`);
const gz = gzipSync(plain);
const sha256 = createHash('sha256').update(gz).digest('hex');
const etag = `"${sha256}"`;
const descriptor = (id: string): DataFileDescriptor => ({
  id,
  format: 'ndjson',
  compression: 'gzip',
  record_count: RECORDS,
  byte_size: gz.length,
  sha256,
});

// Files whose id starts with `cut-` are reset at 90% on their first request (one fault per id).
const cutOnce = new Set<string>();
const server = await localServer((req, res: ServerResponse) => {
  const id = (req.url ?? '').split('/').pop() ?? '';
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  const headers = { 'content-type': 'application/gzip', etag, 'accept-ranges': 'bytes' };
  if (range && req.headers['if-range'] === etag) {
    const start = Number(range[1]);
    res.writeHead(206, {
      ...headers,
      'content-length': gz.length - start,
      'content-range': `bytes ${start}-${gz.length - 1}/${gz.length}`,
    });
    res.end(gz.subarray(start));
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': gz.length });
  if (id.startsWith('cut-') && !cutOnce.has(id)) {
    cutOnce.add(id);
    // Reset once the first 90% has reached the client: a reset sooner would drop what is still in
    // the kernel's send buffer and cut the file much earlier.
    res.write(gz.subarray(0, Math.floor(gz.length * 0.9)), () => setTimeout(() => req.socket.resetAndDestroy(), 100));
    return;
  }
  res.end(gz);
});

const client = new PartnerClient({ apiKey: 'vl_bench_key', baseUrl: server.url, retry: 0 });
let sink = 0;

async function rawRead(): Promise<number> {
  const response = await fetch(`${server.url}/v1/files/raw`);
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>).pipe(
    createGunzip(),
  );
  let rest = '';
  let count = 0;
  for await (const chunk of body) {
    const text = rest + (chunk as Buffer).toString('utf8');
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) if (part !== '') count += JSON.parse(part).key ? 1 : 0;
  }
  return count;
}

async function sdkRead(id: string, resumes?: number): Promise<number> {
  let count = 0;
  const reader = client.files.read(descriptor(id), resumes === undefined ? {} : { resumes });
  for await (const record of reader) count += record.key ? 1 : 0;
  return count;
}

const throughput = await compare(
  [
    { name: 'raw fetch + zlib + JSON.parse (no validation)', run: async () => (sink += await rawRead()) },
    { name: 'client.files.read() (gunzip, parse, validate, sha256)', run: async () => (sink += await sdkRead('f')) },
  ],
  { rounds: 8, perRound: 1, warmup: 2 },
);
const rawUs = throughput[0]?.medianUs ?? Number.NaN;
const mb = plain.length / 2 ** 20;
report({
  title: `Partner data file: read ${RECORDS.toLocaleString('en')} records (${(gz.length / 2 ** 20).toFixed(1)} MB gzip, ${mb.toFixed(1)} MB NDJSON)`,
  rows: throughput.map((f) => ({
    contender: f.name,
    median: `${(f.medianUs / 1000).toFixed(0)} ms`,
    'records/s': Math.round(RECORDS / (f.medianUs / 1e6)).toLocaleString('en'),
    'MB/s (NDJSON)': (mb / (f.medianUs / 1e6)).toFixed(1),
    'x raw': (f.medianUs / rawUs).toFixed(2),
    runs: f.ops,
  })),
});

let round = 0;
const resumeCost = await compare(
  [
    { name: 'no fault (reference)', run: async () => (sink += await sdkRead(`ok-${round++}`)) },
    {
      name: 'reset at 90%, continued with Range + If-Range',
      run: async () => (sink += await sdkRead(`cut-${round++}`)),
    },
    {
      name: 'reset at 90%, full restart (resumes: 0, read again)',
      run: async () => {
        const id = `cut-${round++}`;
        try {
          sink += await sdkRead(id, 0);
        } catch (error) {
          if (!(error instanceof DataFileError) || error.reason !== 'interrupted') throw error;
          sink += await sdkRead(id, 0);
        }
      },
    },
  ],
  { rounds: 5, perRound: 1, warmup: 1 },
);
const reference = resumeCost[0]?.medianUs ?? Number.NaN;
const resumed = resumeCost[1]?.medianUs ?? Number.NaN;
const restarted = resumeCost[2]?.medianUs ?? Number.NaN;
report({
  title: 'Partner data file: the cost of a reset at 90%',
  rows: resumeCost.map((f) => ({
    contender: f.name,
    median: `${(f.medianUs / 1000).toFixed(0)} ms`,
    'x no fault': (f.medianUs / reference).toFixed(2),
    runs: f.ops,
  })),
  verdict: `continuing costs ${((resumed / reference - 1) * 100).toFixed(0)}% over a clean read, a full restart ${((restarted / reference - 1) * 100).toFixed(0)}%`,
});
if (sink === 0) console.error('nothing read');
await server.close();
