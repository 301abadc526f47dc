/**
 * `totalTimeout` of `client.files.read()`: one bound on the whole read, against a real server on
 * 127.0.0.1 that trickles bytes (one every 50 ms, never idle long enough for `idleTimeout`),
 * resets and trickles again, or answers at once to a slow loop. The read ends within the bound
 * plus slack with `DataFileError` `total_timeout` and the records delivered, the connection is
 * closed, the timer is cleared however the read ends, and bad values are refused before sending.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AbortError, TimeoutError } from '@viewlink/transport';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataFileError, type DataFileReader, PartnerClient, type ReadFileOptions } from '../src/index.js';
import { makeFile, type TestFile, withUncaughtCount } from './data-files/fixture.js';

const API_KEY = 'vl_test_DEADLINE_api_key_26';
const RECORDS = 2_000;
const plain = makeFile('f_deadline_plain', RECORDS, 'none');
const gzip = makeFile('f_deadline_gzip', RECORDS, 'gzip');
/** Slack for a shared, loaded machine: the read must end within the bound plus this. */
const SLACK_MS = 2_500;

/** How the server answers one request: `burst` bytes at once, then one byte every 50 ms (if `trickle`), reset after `resetAfterMs`. */
interface Answer {
  readonly burst: number;
  readonly trickle: boolean;
  readonly resetAfterMs?: number;
}

let plan: (request: number) => Answer = () => ({ burst: Number.POSITIVE_INFINITY, trickle: false });
const requests: Array<{ id: string; range: string | undefined }> = [];
/** Responses still being written (a trickle the client has not closed). */
const open = new Set<ServerResponse>();
let base: string;
let close: () => Promise<void>;

function serveFile(file: TestFile, range: string | undefined, answer: Answer, res: ServerResponse): void {
  const from = Number(/^bytes=(\d+)-$/.exec(range ?? '')?.[1] ?? 0);
  const headers = {
    'content-type': file.descriptor.compression === 'gzip' ? 'application/gzip' : 'application/x-ndjson',
    'content-length': String(file.bytes.length - from),
    etag: `"${file.descriptor.sha256}"`,
    'accept-ranges': 'bytes',
  };
  if (range !== undefined)
    res.writeHead(206, { ...headers, 'content-range': `bytes ${from}-${file.bytes.length - 1}/${file.bytes.length}` });
  else res.writeHead(200, headers);
  let at = Math.min(file.bytes.length, from + answer.burst);
  if (!answer.trickle) {
    res.end(file.bytes.subarray(from, at));
    return;
  }
  res.write(file.bytes.subarray(from, at));
  open.add(res);
  const timer = setInterval(() => {
    if (at < file.bytes.length) res.write(file.bytes.subarray(at, ++at));
  }, 50);
  const reset =
    answer.resetAfterMs === undefined
      ? undefined
      : setTimeout(() => res.socket?.resetAndDestroy(), answer.resetAfterMs);
  res.on('close', () => {
    clearInterval(timer);
    clearTimeout(reset);
    open.delete(res);
  });
}

beforeAll(async () => {
  const server = createServer((req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').pathname.split('/').pop() ?? '';
    requests.push({ id, range: req.headers.range });
    const file = [plain, gzip].find((f) => f.descriptor.id === id);
    if (!file) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'file_not_found', message: 'No such data file' } }));
      return;
    }
    serveFile(file, req.headers.range, plan(requests.filter((r) => r.id === id).length - 1), res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
});
afterEach(() => {
  requests.length = 0;
  plan = () => ({ burst: Number.POSITIVE_INFINITY, trickle: false });
});
afterAll(() => close());

const client = () =>
  new PartnerClient({ apiKey: API_KEY, baseUrl: base, timeout: 2_000, totalTimeout: 10_000, retry: false });

interface Outcome {
  readonly keys: string[];
  readonly error: unknown;
  readonly reader: DataFileReader;
  readonly uncaught: string[];
  readonly ms: number;
}

/** Reads `file` to its end or its error, spending `perRecordMs` on each record as a sync job would. */
async function read(file: TestFile, options: ReadFileOptions, perRecordMs = 0): Promise<Outcome> {
  const reader = client().files.read(file.descriptor, { idleTimeout: 1_000, ...options });
  const started = performance.now();
  let ms = 0;
  const { value, uncaught } = await withUncaughtCount(async () => {
    const keys: string[] = [];
    try {
      for await (const record of reader) {
        keys.push(record.key);
        if (perRecordMs > 0) await new Promise((resolve) => setTimeout(resolve, perRecordMs));
      }
      return { keys, error: undefined };
    } catch (error) {
      return { keys, error };
    } finally {
      ms = performance.now() - started;
    }
  });
  return { ...value, reader, uncaught, ms };
}

/** The typed error of a read past its bound: the records delivered (a prefix, once each) counted on it and in the checkpoint. */
function expectTotalTimeout(outcome: Outcome, bound: number): DataFileError {
  expect(outcome.uncaught).toEqual([]);
  expect(outcome.error).toBeInstanceOf(DataFileError);
  const error = outcome.error as DataFileError;
  expect(error.reason).toBe('total_timeout');
  expect(error.cause).toBeInstanceOf(TimeoutError);
  expect(error.message).toMatch(/totalTimeout/);
  expect(error.records).toBe(outcome.keys.length);
  expect(outcome.reader.checkpoint.records).toBe(outcome.keys.length);
  expect(outcome.keys.every((key, i) => key === `h${i}`)).toBe(true);
  expect(`${String(error)} ${JSON.stringify(error)} ${String(error.cause)}`).not.toContain(API_KEY);
  // Not before the bound (timers never fire early; 20 ms of clock granularity), and not long after.
  expect(outcome.ms).toBeGreaterThanOrEqual(bound - 20);
  expect(outcome.ms).toBeLessThan(bound + SLACK_MS);
  return error;
}

/** Waits until the server saw every trickling response closed by the client (no socket left open). */
async function expectConnectionsClosed(): Promise<void> {
  await vi.waitFor(() => expect(open.size).toBe(0), { timeout: 2_000, interval: 20 });
}

describe('a server trickling bytes for ever', () => {
  it.each([
    ['plain', plain],
    ['gzip', gzip],
  ] as const)('%s file: total_timeout at the bound, records delivered counted, the body closed', async (_, file) => {
    plan = () => ({ burst: Math.floor(file.bytes.length * 0.2), trickle: true });
    const outcome = await read(file, { totalTimeout: 1_500 });
    expectTotalTimeout(outcome, 1_500);
    expect(outcome.keys.length).toBeGreaterThan(0);
    expect(outcome.keys.length).toBeLessThan(RECORDS);
    expect(requests).toHaveLength(1);
    await expectConnectionsClosed();
  });

  it('without totalTimeout (the default) the trickle keeps the read going: idleTimeout never trips', async () => {
    plan = () => ({ burst: Math.floor(plain.bytes.length * 0.2), trickle: true });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 2_500);
    const outcome = await read(plain, { signal: controller.signal });
    clearTimeout(timer);
    // Only the caller's abort ended it, after more than twice the idle timeout.
    expect(outcome.error).toBeInstanceOf(AbortError);
    expect(outcome.ms).toBeGreaterThanOrEqual(2_480);
    expect(outcome.reader.continuations).toBe(0);
    await expectConnectionsClosed();
  });
});

describe('the bound spans every request and the loop', () => {
  it('resets every 600 ms, each continuation trickling: one bound over them all, not one per request', async () => {
    // Each request lives 600 ms, well under the bound: only a bound over the whole read can end it
    // before the ten continuations run out (about 6.6 s, then `interrupted`).
    plan = () => ({ burst: 4_000, trickle: true, resetAfterMs: 600 });
    const outcome = await read(plain, { totalTimeout: 1_500, resumes: 10 });
    expectTotalTimeout(outcome, 1_500);
    expect(outcome.reader.continuations).toBeGreaterThanOrEqual(1);
    const ranges = requests.slice(1).map((r) => Number(/^bytes=(\d+)-$/.exec(r.range ?? '')?.[1]));
    // Every continuation the server saw asked for the byte reached (one sent as the bound passed may not arrive).
    expect(ranges.length).toBeGreaterThanOrEqual(1);
    expect(ranges.length).toBeLessThanOrEqual(outcome.reader.continuations);
    expect(ranges.every((from, i) => from > (ranges[i - 1] ?? 0))).toBe(true);
    await expectConnectionsClosed();
  });

  it('a fast server and a slow loop: the time the loop spends on records counts, the read ends at the bound', async () => {
    const outcome = await read(plain, { totalTimeout: 800 }, 20);
    expectTotalTimeout(outcome, 800);
    expect(outcome.keys.length).toBeGreaterThan(0);
    expect(outcome.keys.length).toBeLessThan(RECORDS);
    // The whole file arrived with the first answer: it was the loop that ran out of time.
    expect(requests).toHaveLength(1);
  });

  it('a read that finishes within the bound delivers every record', async () => {
    const outcome = await read(gzip, { totalTimeout: 10_000 });
    expect(outcome.error).toBeUndefined();
    expect(outcome.keys).toHaveLength(RECORDS);
  });
});

describe('the timer is cleared however the read ends', () => {
  const BOUND = 987_654;

  it.each(['an early break', 'the end of the file', 'an error'] as const)('%s', async (ending) => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    try {
      const descriptor = ending === 'an error' ? { ...plain.descriptor, id: 'f_missing' } : plain.descriptor;
      const reader = client().files.read(descriptor, { totalTimeout: BOUND });
      // Nothing is started before the loop.
      expect(set.mock.calls.filter(([, ms]) => ms === BOUND)).toHaveLength(0);
      let count = 0;
      const error = await (async () => {
        for await (const _ of reader) if (++count === 10 && ending === 'an early break') break;
      })().then(
        () => undefined,
        (e: unknown) => e,
      );
      if (ending === 'an error') expect(error).toMatchObject({ name: 'NotFoundError' });
      else expect(error).toBeUndefined();
      expect(count).toBe(ending === 'an early break' ? 10 : ending === 'an error' ? 0 : RECORDS);
      const deadlines = set.mock.results.filter((_, i) => set.mock.calls[i]?.[1] === BOUND).map((r) => r.value);
      expect(deadlines).toHaveLength(1);
      expect(cleared.mock.calls.map(([handle]) => handle)).toContain(deadlines[0]);
    } finally {
      set.mockRestore();
      cleared.mockRestore();
    }
  });
});

describe('bad values are refused before any request', () => {
  it.each([-1, 0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '5s', null])('totalTimeout: %s', (value) => {
    const given: unknown = { totalTimeout: value };
    let error: unknown;
    try {
      client().files.read(plain.descriptor, given as ReadFileOptions);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ name: 'ValidationError', issues: [{ path: ['totalTimeout'] }] });
    expect(String(error)).toMatch(/client\.files\.read\(\).*totalTimeout/s);
    expect(requests).toHaveLength(0);
  });

  it('a positive number of ms is accepted', () => {
    expect(() => client().files.read(plain.descriptor, { totalTimeout: 1 })).not.toThrow();
    expect(() => client().files.read(plain.descriptor, { totalTimeout: 2 ** 31 - 1 })).not.toThrow();
    expect(requests).toHaveLength(0);
  });
});
