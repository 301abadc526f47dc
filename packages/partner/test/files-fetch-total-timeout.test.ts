/**
 * `totalTimeout` of `client.files.fetch()`, `fetchDataFile()` and `readDataFile()`: the same
 * whole-read bound as `client.files.read()`, against a hostile server on 127.0.0.1 that trickles
 * a body for ever (one byte every 50 ms, never idle), stalls in the middle of it, or never sends
 * headers. Each ends at the bound plus slack with a typed error (`TimeoutError` for a fetch and
 * its body, `DataFileError` `total_timeout` for a read) that names neither the API Key nor a
 * signed URL's query; the connection is closed, the timer cleared however the call ends, and a
 * bad value is refused at the call site before any request.
 */
import type { ServerResponse } from 'node:http';
import { TimeoutError, ValidationError } from '@viewlink/transport';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { countLeaks, recordingLogger, renderingsOf } from '../../transport/test/fault-proxy/leak-scan.js';
import {
  DataFileError,
  type FetchDataFileOptions,
  type FetchFileOptions,
  fetchDataFile,
  PartnerClient,
  type ReadDataFileOptions,
  type ReadFileOptions,
  readDataFile,
  streamDataFile,
} from '../src/index.js';
import { makeFile, withUncaughtCount } from './data-files/fixture.js';
import { listen } from './webhooks-helpers.js';

const API_KEY = 'vl_test_FETCH_DEADLINE_api_key_42';
const SIGNATURE = 'X-Signature=presigned-SECRET-sig-99';
const RECORDS = 2_000;
const file = makeFile('f_fetch_deadline', RECORDS, 'none');
/** Slack for a shared, loaded machine: the call must end within the bound plus this. */
const SLACK_MS = 2_500;
const BOUND_MS = 1_200;

/** How the server answers: the whole body, 20 % then one byte every 50 ms, 20 % then silence, or no headers at all. */
type Mode = 'whole' | 'trickle' | 'stall' | 'no-headers';
let mode: Mode = 'whole';
const requests: string[] = [];
/** Responses still open on the server (a body the client has not closed). */
const open = new Set<ServerResponse>();
let api: { url: string; close: () => Promise<void> };
/** Every line the clients logged (debug included). */
const logLines: string[] = [];

beforeAll(async () => {
  api = await listen((req, res) => {
    requests.push(req.url ?? '');
    open.add(res);
    res.on('close', () => open.delete(res));
    if (mode === 'no-headers') return;
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-length': String(file.bytes.length) });
    if (mode === 'whole') {
      res.end(file.bytes);
      return;
    }
    let at = Math.floor(file.bytes.length * 0.2);
    res.write(file.bytes.subarray(0, at));
    if (mode === 'stall') return;
    const timer = setInterval(() => {
      if (at < file.bytes.length) res.write(file.bytes.subarray(at, ++at));
    }, 50);
    res.on('close', () => clearInterval(timer));
  });
});
afterEach(() => {
  mode = 'whole';
  requests.length = 0;
  logLines.length = 0;
});
afterAll(() => api.close());

// An idle timeout far past the bound: only the bound can end a stall here.
const client = () =>
  new PartnerClient({
    apiKey: API_KEY,
    baseUrl: api.url,
    timeout: 30_000,
    totalTimeout: 60_000,
    retry: false,
    logger: recordingLogger(logLines),
  });
/** The file by its event's direct URL, pre-signed: its query must never show. */
const signed = () => ({ ...file.descriptor, url: `${api.url}/storage/f.ndjson?${SIGNATURE}` });

async function expectConnectionsClosed(): Promise<void> {
  await vi.waitFor(() => expect(open.size).toBe(0), { timeout: 2_000, interval: 20 });
}

/** Neither the API Key nor the signed query (raw, URL-encoded or base64) in any rendering of the error or in a log line. */
function expectNoSecret(error: unknown): void {
  const texts = [...renderingsOf(error), ...logLines];
  expect(countLeaks(texts, [API_KEY, SIGNATURE])).toEqual({ count: 0, examples: [] });
  // The error (or its cause) still says where: the file's origin and path.
  expect(renderingsOf(error).join('\n')).toContain(`${api.url}/`);
}

/** Runs `work`, timing it and counting uncaught errors; resolves with its error (or undefined). */
async function timed(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number; uncaught: string[] }> {
  const started = performance.now();
  let ms = 0;
  const { value, uncaught } = await withUncaughtCount(async () => {
    try {
      await work();
      return undefined;
    } catch (error) {
      return error;
    } finally {
      ms = performance.now() - started;
    }
  });
  return { error: value, ms, uncaught };
}

function expectAtTheBound(outcome: { ms: number; uncaught: string[] }): void {
  expect(outcome.uncaught).toEqual([]);
  // Not before the bound (timers never fire early; 20 ms of clock granularity), and not long after.
  expect(outcome.ms).toBeGreaterThanOrEqual(BOUND_MS - 20);
  expect(outcome.ms).toBeLessThan(BOUND_MS + SLACK_MS);
}

describe('client.files.fetch() with totalTimeout', () => {
  it.each([
    ['trickles for ever', 'trickle'],
    ['stalls mid-body', 'stall'],
  ] as const)('a body that %s errors with a TimeoutError at the bound, its connection closed', async (_, how) => {
    mode = how;
    const options: FetchFileOptions = { totalTimeout: BOUND_MS, idleTimeout: 60_000 };
    const outcome = await timed(async () => {
      const response = await client().files.fetch(signed(), options);
      await response.text();
    });
    expectAtTheBound(outcome);
    expect(outcome.error).toBeInstanceOf(TimeoutError);
    expect(String(outcome.error)).toMatch(/the download did not finish within totalTimeout \(1200 ms\)/);
    expect(outcome.error).toMatchObject({ code: 'timeout', method: 'GET', url: `${api.url}/storage/f.ndjson` });
    expectNoSecret(outcome.error);
    expect(requests).toEqual([`/storage/f.ndjson?${SIGNATURE}`]);
    await expectConnectionsClosed();
  });

  it('no headers at all: the promise rejects with the TimeoutError at the bound (the client allows 60 s)', async () => {
    mode = 'no-headers';
    const outcome = await timed(() => client().files.fetch(file.descriptor, { totalTimeout: BOUND_MS }));
    expectAtTheBound(outcome);
    expect(outcome.error).toBeInstanceOf(TimeoutError);
    expect(String(outcome.error)).toMatch(/totalTimeout \(1200 ms\)/);
    expectNoSecret(outcome.error);
    await expectConnectionsClosed();
  });

  it('readDataFile of the fetched body ends with DataFileError total_timeout and the records delivered', async () => {
    mode = 'trickle';
    const keys: string[] = [];
    const outcome = await timed(async () => {
      const response = await client().files.fetch(file.descriptor, { totalTimeout: BOUND_MS, idleTimeout: 60_000 });
      for await (const record of readDataFile(response, { file: file.descriptor })) keys.push(record.key);
    });
    expectAtTheBound(outcome);
    expect(outcome.error).toBeInstanceOf(DataFileError);
    expect(outcome.error).toMatchObject({ reason: 'total_timeout', records: keys.length });
    expect((outcome.error as DataFileError).cause).toBeInstanceOf(TimeoutError);
    // In the words of a read's own bound (readDataFile's, client.files.read()'s), the fetch's bound named.
    expect((outcome.error as DataFileError).message).toBe(
      `readDataFile(): The read of the data file did not finish within totalTimeout (1200 ms), ${keys.length} records delivered: ` +
        'the totalTimeout of its fetch bounds the body too; fetch it again with a longer one ' +
        '(client.files.read() continues from a checkpoint)',
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.length).toBeLessThan(RECORDS);
    expectNoSecret(outcome.error);
    await expectConnectionsClosed();
  });

  it('a download that finishes within the bound delivers the whole body, and its timer is cleared', async () => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    try {
      const response = await client().files.fetch(file.descriptor, { totalTimeout: 987_654 });
      expect(Buffer.from(await response.arrayBuffer()).equals(file.bytes)).toBe(true);
      const deadlines = set.mock.results.filter((_, i) => set.mock.calls[i]?.[1] === 987_654).map((r) => r.value);
      expect(deadlines).toHaveLength(1);
      expect(cleared.mock.calls.map(([handle]) => handle)).toContain(deadlines[0]);
    } finally {
      set.mockRestore();
      cleared.mockRestore();
    }
  });

  it('a body cancelled by the caller clears the timer and closes the connection', async () => {
    mode = 'trickle';
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    const set = vi.spyOn(globalThis, 'setTimeout');
    try {
      const response = await client().files.fetch(file.descriptor, { totalTimeout: 987_655 });
      await response.body?.cancel();
      const deadline = set.mock.results.find((_, i) => set.mock.calls[i]?.[1] === 987_655)?.value;
      expect(deadline).toBeDefined();
      expect(cleared.mock.calls.map(([handle]) => handle)).toContain(deadline);
      await expectConnectionsClosed();
    } finally {
      set.mockRestore();
      cleared.mockRestore();
    }
  });

  it('fetchDataFile takes the same bound', async () => {
    mode = 'stall';
    const outcome = await timed(async () => {
      const response = await fetchDataFile(signed(), {
        apiKey: API_KEY,
        baseUrl: api.url,
        totalTimeout: BOUND_MS,
        idleTimeout: 60_000,
      });
      await response.arrayBuffer();
    });
    expectAtTheBound(outcome);
    expect(outcome.error).toBeInstanceOf(TimeoutError);
    expectNoSecret(outcome.error);
    await expectConnectionsClosed();
  });
});

describe('readDataFile() with totalTimeout', () => {
  it('a Response body that trickles for ever: DataFileError total_timeout at the bound, the body closed', async () => {
    mode = 'trickle';
    const keys: string[] = [];
    const outcome = await timed(async () => {
      // The runtime's own fetch: readDataFile is the only bound.
      const response = await fetch(`${api.url}/storage/f.ndjson?${SIGNATURE}`);
      const options: ReadDataFileOptions = { file: file.descriptor, totalTimeout: BOUND_MS, idleTimeout: 60_000 };
      for await (const record of readDataFile(response, options)) keys.push(record.key);
    });
    expectAtTheBound(outcome);
    const error = outcome.error as DataFileError;
    expect(error).toBeInstanceOf(DataFileError);
    expect(error.reason).toBe('total_timeout');
    expect(error.records).toBe(keys.length);
    expect(keys.every((key, i) => key === `h${i}`)).toBe(true);
    expect(error.cause).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(/did not finish within totalTimeout \(1200 ms\), \d+ records delivered/);
    expect(error.message).not.toMatch(/resumeFrom/);
    expectNoSecret(error);
    await expectConnectionsClosed();
  });

  it('a stream that never ends: total_timeout, the stream cancelled', async () => {
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(file.bytes.subarray(0, 5_000));
      },
      cancel() {
        cancelled = true;
      },
    });
    const outcome = await timed(async () => {
      for await (const _ of readDataFile(endless, { file: file.descriptor, totalTimeout: BOUND_MS })) {
        // Every record there is.
      }
    });
    expectAtTheBound(outcome);
    expect(outcome.error).toMatchObject({ name: 'DataFileError', reason: 'total_timeout' });
    expect(cancelled).toBe(true);
  });

  it('a slow loop over bytes in memory: the loop time counts', async () => {
    const keys: string[] = [];
    const outcome = await timed(async () => {
      for await (const record of readDataFile(file.bytes, { file: file.descriptor, totalTimeout: BOUND_MS })) {
        keys.push(record.key);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    expectAtTheBound(outcome);
    expect(outcome.error).toMatchObject({ reason: 'total_timeout', records: keys.length });
    expect(keys.length).toBeLessThan(RECORDS);
  });

  it.each(['an early break', 'the end of the file'] as const)('the timer is cleared on %s', async (ending) => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    try {
      let count = 0;
      for await (const _ of readDataFile(file.bytes, { file: file.descriptor, totalTimeout: 987_656 }))
        if (++count === 10 && ending === 'an early break') break;
      expect(count).toBe(ending === 'an early break' ? 10 : RECORDS);
      const deadline = set.mock.results.find((_, i) => set.mock.calls[i]?.[1] === 987_656)?.value;
      expect(deadline).toBeDefined();
      expect(cleared.mock.calls.map(([handle]) => handle)).toContain(deadline);
    } finally {
      set.mockRestore();
      cleared.mockRestore();
    }
  });
});

describe('bad values are refused at the call site before any request', () => {
  const BAD = [-1, 0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, '5s', null];

  it.each(BAD)('client.files.fetch() totalTimeout: %s', async (value) => {
    const given: unknown = { totalTimeout: value };
    const error = await client()
      .files.fetch(file.descriptor, given as FetchFileOptions)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ issues: [{ path: ['totalTimeout'] }] });
    expect(String(error)).toMatch(
      /client\.files\.fetch\(\): .*totalTimeout must be a positive number of milliseconds, at most 2147483647/s,
    );
    expect(requests).toHaveLength(0);
  });

  it.each(BAD)('fetchDataFile() and readDataFile() totalTimeout: %s', async (value) => {
    const bad: unknown = { totalTimeout: value };
    const given = bad as ReadDataFileOptions;
    const standalone: unknown = { apiKey: API_KEY, baseUrl: api.url, totalTimeout: value };
    const fetched = await fetchDataFile(file.descriptor, standalone as FetchDataFileOptions).catch((e: unknown) => e);
    expect(String(fetched)).toMatch(/fetchDataFile\(\): .*totalTimeout/s);
    const read = await readDataFile(file.bytes, given)
      .next()
      .catch((e: unknown) => e);
    expect(read).toBeInstanceOf(ValidationError);
    expect(String(read)).toMatch(/readDataFile\(\): .*totalTimeout must be a positive number of milliseconds/s);
    expect(requests).toHaveLength(0);
  });

  it('client.files.fetch() idleTimeout is checked too, and read() names itself for a reading option', async () => {
    const idle = await client()
      .files.fetch(file.descriptor, { idleTimeout: -5 })
      .catch((e: unknown) => e);
    expect(String(idle)).toMatch(/client\.files\.fetch\(\): .*idleTimeout/s);
    const bad: unknown = { onInvalid: 'ignore' };
    expect(() => client().files.read(file.descriptor, bad as ReadFileOptions)).toThrow(
      /client\.files\.read\(\): .*onInvalid/s,
    );
    expect(requests).toHaveLength(0);
  });

  it('an option name a data-file call does not take is refused, not ignored (a `deadline` would bound nothing)', async () => {
    const known = (names: string) => new RegExp(`is an unknown option \\(known: ${names}`);
    const fetched = await client()
      .files.fetch(file.descriptor, { deadline: 1000 } as never)
      .catch((e: unknown) => e);
    expect(fetched).toBeInstanceOf(ValidationError);
    expect(fetched).toMatchObject({ issues: [{ path: ['deadline'] }] });
    expect(String(fetched)).toMatch(known('signal, timeout, idleTimeout, retry, totalTimeout\\)'));
    expect(() => client().files.read(file.descriptor, { maxLinebytes: 10 } as never)).toThrow(
      /client\.files\.read\(\): maxLinebytes is an unknown option \(known: compression, /,
    );
    const read = await readDataFile(file.bytes, { onInvalid: 'skip', timeout: 5 } as never)
      .next()
      .catch((e: unknown) => e);
    expect(String(read)).toMatch(/readDataFile\(\): timeout is an unknown option \(known: file, /);
    const standalone = await fetchDataFile(file.descriptor, {
      apiKey: API_KEY,
      baseUrl: api.url,
      retry: 2,
    } as never).catch((e: unknown) => e);
    expect(String(standalone)).toMatch(/fetchDataFile\(\): retry is an unknown option \(known: apiKey, /);
    expect(String(standalone)).not.toContain(API_KEY);
    await expect(
      streamDataFile(file.descriptor, { apiKey: API_KEY, baseUrl: api.url, resume: 1 } as never).next(),
    ).rejects.toThrow(/streamDataFile\(\): resume is an unknown option/);
    expect(requests).toHaveLength(0);
  });

  it('streamDataFile() lists every option it takes, its client-less ones too, named at itself', async () => {
    const error = await streamDataFile(file.descriptor, { apiKey: API_KEY, baseUrl: api.url, resume: 1 } as never)
      .next()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ issues: [{ path: ['resume'] }] });
    expect((error as ValidationError).message).toBe(
      'streamDataFile(): resume is an unknown option (known: apiKey, baseUrl, fetch, compression, onInvalid, ' +
        'maxLineBytes, expectedRecords, expectedSha256, idleTimeout, totalTimeout, unverifiedLength, signal, timeout, ' +
        'retry, resumes, readAheadBytes, resumeFrom, appliedSequence)',
    );
    expect(String(error)).not.toContain(API_KEY);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['fetchDataFile()', (options: object) => fetchDataFile(file.descriptor, options as FetchDataFileOptions)],
    ['streamDataFile()', (options: object) => streamDataFile(file.descriptor, options as FetchDataFileOptions).next()],
  ])(
    '%s names a misspelt option before anything else: `apikey` is not reported as a missing API Key',
    async (call, act) => {
      const error = await act({ apikey: API_KEY, baseUrl: api.url }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(String(error)).toContain(`${call}: apikey is an unknown option (known: apiKey, baseUrl, fetch, `);
      expect(String(error)).not.toContain(API_KEY);
      // Options that are not an object are still refused as a configuration without an API Key.
      await expect(act('vl_test_key' as never)).rejects.toThrow(
        `${call}: options must be an object: { apiKey, baseUrl }`,
      );
      expect(requests).toHaveLength(0);
    },
  );
});
