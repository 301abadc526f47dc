/**
 * Data files through a hostile network: `client.files.read()` against the mock service behind
 * the project's fault-injecting proxy on 127.0.0.1, with 100,000-record files (gzip and plain).
 * Every case asserts the records delivered (all, exactly once and in order, or a typed error
 * with the count) and that the process saw no uncaught exception.
 */
import { createMockService } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import { APIError, ConnectionError, NotFoundError, RateLimitError, TimeoutError } from '@viewlink/transport';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Fault, type FaultProxy, startFaultProxy } from '../../transport/test/fault-proxy/proxy.js';
import {
  type DataFileCheckpoint,
  DataFileError,
  type DataFileReader,
  PartnerClient,
  type PartnerClientOptions,
  type ReadFileOptions,
} from '../src/index.js';
import { withUncaughtCount } from './data-files/fixture.js';

const API_KEY = 'vl_test_FILES_api_key_26';
const RECORDS = 100_000;
const FILES = 'GET /v1/files/';

type FileEvent = Awaited<ReturnType<ReturnType<typeof createMockService>['partner']['files']['postInitial']>>;
let service: ReturnType<typeof createMockService>;
let upstream: RunningServer;
let proxy: FaultProxy;
const files: Record<'gzip' | 'plain', { event: FileEvent; keys: string[] }> = {} as never;

beforeAll(async () => {
  service = createMockService({ partner: { apiKeys: [API_KEY] } });
  upstream = await serve({ handle: service.handle });
  proxy = await startFaultProxy(upstream.url);
  for (const [name, gzip] of [
    ['gzip', true],
    ['plain', false],
  ] as const) {
    const event = await service.partner.files.postInitial(`user-${name}`, { records: RECORDS, gzip });
    const keys = service.partner.files.files.get(event.file.id)?.lines.map((line) => line.key) ?? [];
    files[name] = { event, keys };
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

interface Outcome {
  readonly keys: string[];
  readonly error: unknown;
  readonly reader: DataFileReader;
  readonly uncaught: string[];
  readonly ms: number;
}

/** Reads a file as a sync job would (a pause every 100 records), through the proxy after `faults`. */
async function read(
  name: 'gzip' | 'plain',
  faults: Fault[],
  options: ReadFileOptions = {},
  partner = client(),
): Promise<Outcome> {
  for (const fault of faults) proxy.inject({ match: FILES, ...fault });
  const reader = partner.files.read(files[name].event, { idleTimeout: 500, ...options });
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
  return { ...value, reader, uncaught, ms: performance.now() - started };
}

/** Every record of the file, once each, in file order (after `from` records a checkpoint held). */
function expectExactlyOnce(outcome: Outcome, name: 'gzip' | 'plain', from = 0): void {
  expect(outcome.uncaught).toEqual([]);
  expect(outcome.error).toBeUndefined();
  const expected = files[name].keys.slice(from);
  expect(outcome.keys.length).toBe(expected.length);
  expect(outcome.keys.every((key, i) => key === expected[i])).toBe(true);
}

describe.each(['gzip', 'plain'] as const)('%s file, 100,000 records', (name) => {
  it('reads whole through the proxy', async () => {
    const outcome = await read(name, []);
    expectExactlyOnce(outcome, name);
    expect(outcome.reader.continuations).toBe(proxy.count(`GET /v1/files/${files[name].event.file.id}`) - 1);
  });

  it.each([0.3, 0.9])('a reset at %s of the body is continued with Range + If-Range, every record once', async (at) => {
    const outcome = await read(name, [{ kind: 'cut-body', at, how: 'reset' }]);
    expectExactlyOnce(outcome, name);
    expect(outcome.reader.continuations).toBeGreaterThanOrEqual(1);
  });
});
