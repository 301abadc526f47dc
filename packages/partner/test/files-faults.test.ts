/**
 * Data files through a hostile network: `client.files.read()` against the mock service behind
 * the project's fault-injecting proxy on 127.0.0.1, with 100,000-record files (gzip and plain).
 * Every case asserts the records delivered (all, exactly once and in order, or a typed error
 * with the count) and that the process saw no uncaught exception.
 */
import { createMockService } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import {
  AbortError,
  APIError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
} from '@viewlink/transport';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Fault, type FaultProxy, startFaultProxy } from '../../transport/test/fault-proxy/proxy.js';
import {
  type DataFileCheckpoint,
  DataFileError,
  PartnerClient,
  type PartnerClientOptions,
  type ReadFileOptions,
} from '../src/index.js';
import { type ReadOutcome, withUncaughtCount } from './data-files/fixture.js';

const API_KEY = 'vl_test_FILES_api_key_26';
const RECORDS = 100_000;
const FILES = 'GET /v1/files/';

type FileEvent = Awaited<ReturnType<ReturnType<typeof createMockService>['partner']['files']['postInitial']>>;
let service: ReturnType<typeof createMockService>;
let upstream: RunningServer;
let proxy: FaultProxy;
type FileName = 'gzip' | 'plain' | 'plain20k';
const files = new Map<FileName, { event: FileEvent; keys: string[] }>();
const file = (name: FileName) => {
  const found = files.get(name);
  if (!found) throw new Error(`no file ${name}`);
  return found;
};

beforeAll(async () => {
  service = createMockService({ partner: { apiKeys: [API_KEY] } });
  upstream = await serve({ handle: service.handle });
  proxy = await startFaultProxy(upstream.url);
  for (const [name, gzip, records] of [
    ['gzip', true, RECORDS],
    ['plain', false, RECORDS],
    // Uncompressed 100,000-record files cost seconds per read on the shared machine: the truncation
    // cases of plain files use 20,000 records (the resets above use the full size).
    ['plain20k', false, 20_000],
  ] as const) {
    const event = await service.partner.files.postInitial(`user-${name}`, { records, gzip });
    const keys = service.partner.files.files.get(event.file.id)?.lines.map((line) => line.key) ?? [];
    files.set(name, { event, keys });
  }
}, 60_000);
afterEach(() => proxy.reset());
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

function client(options: Partial<PartnerClientOptions> = {}): PartnerClient {
  return new PartnerClient({
    apiKey: API_KEY,
    baseUrl: proxy.url,
    timeout: 2_000,
    totalTimeout: 10_000,
    retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

/** Reads a file as a sync job would (a pause every 100 records), through the proxy after `faults`. */
async function read(
  name: FileName,
  faults: Fault[],
  options: ReadFileOptions = {},
  partner = client(),
): Promise<ReadOutcome> {
  for (const fault of faults) proxy.inject({ match: FILES, ...fault });
  const reader = partner.files.read(file(name).event, { idleTimeout: 3_000, ...options });
  const started = performance.now();
  const { value, uncaught } = await withUncaughtCount(async () => {
    const keys: string[] = [];
    try {
      for await (const record of reader) {
        keys.push(record.key);
        if (keys.length % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      return { keys, error: undefined };
    } catch (error) {
      return { keys, error };
    }
  });
  // Whatever the fault, the API Key shows in no error (message, JSON, cause).
  const error = value.error as { cause?: unknown } | undefined;
  expect(`${String(error)} ${JSON.stringify(error)} ${String(error?.cause)}`).not.toContain(API_KEY);
  return { ...value, reader, uncaught, ms: performance.now() - started };
}

/** Every record of the file, once each, in file order (after `from` records a checkpoint held). */
function expectExactlyOnce(outcome: ReadOutcome, name: FileName, from = 0): void {
  expect(outcome.uncaught).toEqual([]);
  expect(outcome.error).toBeUndefined();
  const expected = file(name).keys.slice(from);
  expect(outcome.keys.length).toBe(expected.length);
  expect(outcome.keys.every((key, i) => key === expected[i])).toBe(true);
}

describe.each(['gzip', 'plain'] as const)('%s file, 100,000 records', (name) => {
  it.each([0.3, 0.9])('a reset at %s of the body is continued with Range + If-Range, every record once', async (at) => {
    // Read-ahead large enough that the SDK never closes the connection itself: the reset is the cut.
    // Patient timeouts: the proxy buffers the whole upstream body (29 MB) before answering, and the
    // machine is shared (an idle timeout would add continuations, harmless but not this case).
    const outcome = await read(
      name,
      [{ kind: 'cut-body', at, how: 'reset' }],
      { readAheadBytes: 64 * 1024 * 1024, timeout: 15_000, idleTimeout: 5_000 },
      client({ totalTimeout: 30_000 }),
    );
    expectExactlyOnce(outcome, name);
    // The cut request, then continuations only: the first from the byte reached, at most `at` of the
    // file (bytes in flight when the reset comes are lost, as with a real reset), not from the start.
    const requests = proxy.seen.filter((r) => r.path === `/v1/files/${file(name).event.file.id}`);
    expect(requests[0]).toMatchObject({ fault: 'cut-body', range: undefined });
    expect(requests.slice(1).every((r) => r.fault === undefined && r.range !== undefined)).toBe(true);
    expect(outcome.reader.continuations).toBe(requests.length - 1);
    const from = Number(/^bytes=(\d+)-$/.exec(requests[1]?.range ?? '')?.[1]);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThanOrEqual(Math.floor(file(name).event.file.byte_size * at));
  });
});

/** The records delivered before a typed failure: a prefix of the file, each once, and the count the error names. */
function expectTypedPrefix(outcome: ReadOutcome, name: FileName): DataFileError {
  expect(outcome.uncaught).toEqual([]);
  expect(outcome.error).toBeInstanceOf(DataFileError);
  const expected = file(name).keys;
  expect(outcome.keys.every((key, i) => key === expected[i])).toBe(true);
  return outcome.error as DataFileError;
}

describe('truncations: the download continues to the size the server or the event announced', () => {
  it.each([
    ['gzip', 'length-close'],
    ['gzip', 'chunked-end'],
    ['gzip', 'close-end'],
    ['plain20k', 'length-close'],
    ['plain20k', 'chunked-end'],
    ['plain20k', 'close-end'],
  ] as const)('%s file cut by %s at 50%%: every record once', async (name, how) => {
    const outcome = await read(name, [{ kind: 'cut-body', at: 0.5, how }]);
    expectExactlyOnce(outcome, name);
    expect(outcome.reader.continuations).toBeGreaterThanOrEqual(1);
  });
});

describe('stalls', () => {
  it('before the headers: the attempt times out and is retried; every record once', async () => {
    const outcome = await read('gzip', [{ kind: 'no-answer' }], { timeout: 300 });
    expectExactlyOnce(outcome, 'gzip');
    expect(proxy.seen.filter((r) => r.path.startsWith('/v1/files/')).map((r) => r.fault)).toEqual(
      expect.arrayContaining(['no-answer', undefined]),
    );
  });

  it('before the headers on every attempt: TimeoutError within timeout x attempts, no record', async () => {
    const outcome = await read('gzip', [{ kind: 'no-answer', times: 3 }], { timeout: 300 });
    expect(outcome.uncaught).toEqual([]);
    expect(outcome.error).toBeInstanceOf(TimeoutError);
    expect(outcome.keys).toEqual([]);
    // Three attempts of 300 ms and the backoffs: ended by itself, with room for a loaded machine.
    expect(outcome.ms).toBeLessThan(5_000);
  });

  it.each(['gzip', 'plain20k'] as const)(
    '%s file stalling mid-body: the idle timeout ends the connection, the download continues',
    async (name) => {
      const outcome = await read(name, [{ kind: 'cut-body', at: 0.5, how: 'stall' }], { idleTimeout: 300 });
      expectExactlyOnce(outcome, name);
      expect(outcome.reader.continuations).toBeGreaterThanOrEqual(1);
    },
  );

  it('stalling mid-body on every continuation: DataFileError interrupted, cause TimeoutError, records delivered', async () => {
    const faults: Fault[] = [{ kind: 'cut-body', at: 0.3, how: 'stall', times: 3 }];
    const outcome = await read('gzip', faults, { idleTimeout: 200, resumes: 2 });
    const error = expectTypedPrefix(outcome, 'gzip');
    expect(error.reason).toBe('interrupted');
    expect(error.cause).toBeInstanceOf(TimeoutError);
    // Led by the call once: the stalled request's own words follow without it.
    expect(error.callSite).toBe('client.files.read()');
    expect(error.message).toMatch(
      /^client\.files\.read\(\): The download stalled at byte \d+ after 2 continuations: GET \S+: no bytes for 200 ms in the body \(idleTimeout\)$/,
    );
    expect(error.records).toBe(outcome.keys.length);
    expect(outcome.keys.length).toBeLessThan(RECORDS);
    // Three idle timeouts and the requests between them, well within the timeouts.
    expect(outcome.ms).toBeLessThan(10_000);
  });
});

describe('the server cannot continue', () => {
  it('no resume left: DataFileError interrupted with the ConnectionError as cause and the records delivered', async () => {
    const outcome = await read('gzip', [{ kind: 'cut-body', at: 0.5, how: 'reset' }], { resumes: 0 });
    const error = expectTypedPrefix(outcome, 'gzip');
    expect(error).toMatchObject({
      reason: 'interrupted',
      records: outcome.keys.length,
      callSite: 'client.files.read()',
    });
    expect(error.cause).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(
      /^client\.files\.read\(\): The download broke off at byte \d+ after 0 continuations: Connection failed for GET /,
    );
    expect(error.message.split('client.files.read()')).toHaveLength(2);
    expect(outcome.keys.length).toBeGreaterThan(0);
  });

  it('answering the whole file (200) to the Range request: resume_failed with the records delivered', async () => {
    const outcome = await read('plain20k', [
      { kind: 'cut-body', at: 0.5, how: 'reset' },
      { kind: 'status', status: 200, body: '{"kind":"history_entry"}' },
    ]);
    const error = expectTypedPrefix(outcome, 'plain20k');
    expect(error).toMatchObject({ reason: 'resume_failed', records: outcome.keys.length });
    expect(error.cause).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(/whole file/);
  });

  it('410 to the Range request (the file expired meanwhile): resume_failed, cause the APIError', async () => {
    const expired = JSON.stringify({ error: { code: 'file_expired', message: 'The data file expired' } });
    const outcome = await read('gzip', [
      { kind: 'cut-body', at: 0.5, how: 'reset' },
      { kind: 'status', status: 410, body: expired },
    ]);
    const error = expectTypedPrefix(outcome, 'gzip');
    expect(error).toMatchObject({ reason: 'resume_failed', records: outcome.keys.length });
    expect(error.cause).toMatchObject({ status: 410, code: 'file_expired' });
  });
});

describe('corrupted bytes', () => {
  it.each(['gzip', 'plain20k'] as const)(
    '%s file with a flipped byte: a typed DataFileError, never a silent success',
    async (name) => {
      const outcome = await read(name, [{ kind: 'corrupt-body', at: 0.5 }]);
      const error = expectTypedPrefix(outcome, name);
      expect(['decompression_failed', 'invalid_line', 'checksum_mismatch']).toContain(error.reason);
    },
  );
});

describe('statuses', () => {
  it.each([429, 503])('%s with Retry-After: 1 is waited for and retried; every record once', async (status) => {
    const outcome = await read('gzip', [{ kind: 'status', status, headers: { 'retry-after': '1' } }]);
    expectExactlyOnce(outcome, 'gzip');
    expect(outcome.ms).toBeGreaterThanOrEqual(950);
  });

  it('429 on every attempt: RateLimitError with retryAfterMs, no record', async () => {
    const outcome = await read('gzip', [{ kind: 'status', status: 429, headers: { 'retry-after': '0' }, times: 3 }]);
    expect(outcome.uncaught).toEqual([]);
    expect(outcome.error).toBeInstanceOf(RateLimitError);
    expect(outcome.error).toMatchObject({ retryAfterMs: 0 });
    expect(outcome.keys).toEqual([]);
  });

  it('404 (unknown file) is NotFoundError with the server code; 410 (expired) an APIError file_expired; no retry', async () => {
    const missing = client().files.read({ ...file('gzip').event.file, id: 'file_nope' });
    await expect(collectKeys(missing)).rejects.toBeInstanceOf(NotFoundError);
    const expired = JSON.stringify({ error: { code: 'file_expired', message: 'The data file expired' } });
    const outcome = await read('gzip', [{ kind: 'status', status: 410, body: expired }]);
    expect(outcome.error).toBeInstanceOf(APIError);
    expect(outcome.error).toMatchObject({ status: 410, code: 'file_expired' });
    expect(outcome.keys).toEqual([]);
    expect(proxy.count(`GET /v1/files/${file('gzip').event.file.id}`)).toBe(1);
  });
});

async function collectKeys(records: AsyncIterable<{ key: string }>): Promise<string[]> {
  const keys: string[] = [];
  for await (const record of records) keys.push(record.key);
  return keys;
}

describe('Connection: close and a pausing reader', () => {
  it('a server answering with Connection: close, 3 rounds: every record once, no crash', async () => {
    for (let round = 0; round < 3; round++)
      expectExactlyOnce(await read('gzip', [{ kind: 'connection-close' }], { readAheadBytes: 256 * 1024 }), 'gzip');
  });

  it('a reader that waits before reading and lags behind: the SDK closes and continues, every record once', async () => {
    proxy.inject({ match: FILES, kind: 'connection-close', times: 50 });
    const reader = client().files.read(file('plain20k').event, { readAheadBytes: 1024 * 1024 });
    const { value, uncaught } = await withUncaughtCount(async () => {
      const keys: string[] = [];
      for await (const record of reader) {
        if (keys.length === 0) await new Promise((resolve) => setTimeout(resolve, 300));
        keys.push(record.key);
        if (keys.length % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return keys;
    });
    expect(uncaught).toEqual([]);
    expect(value).toEqual(file('plain20k').keys);
    expect(reader.continuations).toBeGreaterThanOrEqual(2);
  });
});

describe('the caller aborts', () => {
  it('an abort mid-file ends the read at once with AbortError, the records before it delivered once', async () => {
    const controller = new AbortController();
    const reader = client().files.read(file('gzip').event, { signal: controller.signal });
    const { value, uncaught } = await withUncaughtCount(async () => {
      const keys: string[] = [];
      try {
        for await (const record of reader) {
          keys.push(record.key);
          if (keys.length === 5_000) controller.abort();
        }
      } catch (error) {
        return { keys, error };
      }
      return { keys, error: undefined };
    });
    expect(uncaught).toEqual([]);
    expect(value.error).toBeInstanceOf(AbortError);
    // Named at the call (it said `GET <url> was aborted`), as an abort of any other call is.
    expect((value.error as AbortError).message).toMatch(/^client\.files\.read\(\): GET \S+ was aborted$/);
    expect((value.error as AbortError).callSite).toBe('client.files.read()');
    // At once: no record after the abort, though the decompressed bytes already hold thousands more.
    expect(value.keys).toEqual(file('gzip').keys.slice(0, 5_000));
  });
});

describe('checkpoints: a sync job that died continues the same file later', () => {
  async function firstPart(
    name: FileName,
    stopAfter: number,
  ): Promise<{ keys: string[]; checkpoint: DataFileCheckpoint }> {
    const reader = client().files.read(file(name).event);
    const keys: string[] = [];
    for await (const record of reader) {
      keys.push(record.key);
      if (keys.length === stopAfter) break;
    }
    return { keys, checkpoint: reader.checkpoint };
  }

  it.each(['plain20k', 'gzip'] as const)(
    '%s: the second read delivers exactly the records after the checkpoint',
    async (name) => {
      const { keys, checkpoint } = await firstPart(name, 7_777);
      expect(checkpoint).toMatchObject({ fileId: file(name).event.file.id, records: 7_777 });
      expect(checkpoint.validator).toBe(`"${file(name).event.file.sha256}"`);
      // Uncompressed: continue at the byte after the last record; gzip: read again, skip what was delivered.
      if (name === 'plain20k') expect(checkpoint.offset).toBeGreaterThan(0);
      else expect(checkpoint.offset).toBe(0);
      const later = await read(name, [], { resumeFrom: JSON.parse(JSON.stringify(checkpoint)) });
      expectExactlyOnce(later, name, 7_777);
      expect([...keys, ...later.keys]).toEqual(file(name).keys);
      expect(later.reader.records).toBe(file(name).keys.length);
    },
  );

  it('a checkpoint of a file that changed since (another validator) is refused: resume_failed', async () => {
    const { checkpoint } = await firstPart('plain20k', 100);
    const outcome = await read('plain20k', [], { resumeFrom: { ...checkpoint, validator: '"another-version"' } });
    expect(outcome.uncaught).toEqual([]);
    expect(outcome.error).toMatchObject({ name: 'DataFileError', reason: 'resume_failed', records: 100 });
    expect(outcome.keys).toEqual([]);
  });

  it('a checkpoint of another file is refused before anything is sent', async () => {
    const { checkpoint } = await firstPart('plain20k', 10);
    proxy.reset();
    await expect(
      collectKeys(client().files.read(file('gzip').event, { resumeFrom: checkpoint })),
    ).rejects.toMatchObject({
      name: 'ValidationError',
      issues: [{ path: ['resumeFrom', 'fileId'] }],
    });
    expect(proxy.count()).toBe(0);
  });
});

describe('delta sequences', () => {
  it('a delta that does not follow the last sequence applied is a typed error naming the missing one; nothing sent', async () => {
    const delta = { type: 'DeltaFilePosted', file: file('gzip').event.file, sequence: 7, base_sequence: 6 };
    const before = proxy.count();
    let error: unknown;
    try {
      client().files.read(delta, { appliedSequence: 4 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataFileError);
    expect(error).toMatchObject({ reason: 'sequence_gap', missingSequence: 5 });
    expect(String(error)).toMatch(/sequence 5 is missing/);
    const applied = client().files.read(delta, { appliedSequence: 7 });
    expect(applied.alreadyApplied).toBe(true);
    expect(await collectKeys(applied)).toEqual([]);
    expect(proxy.count()).toBe(before);
  });
});
