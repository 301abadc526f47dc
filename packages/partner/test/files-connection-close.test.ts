/**
 * The `Connection: close` crash of Node's fetch (nodejs/undici#5360): reproduced with the
 * runtime's own fetch in a child process, then shown unreachable through the SDK's download
 * path, with readers that wait before reading and readers that pause every 100 records.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDataFile, readDataFile } from '../src/index.js';
import { closingServer, exactlyOnceInOrder, makeFile, type TestFile, withUncaughtCount } from './data-files/fixture.js';

const API_KEY = 'vl_test_close_api_key_77';
const RECORDS = 100_000;
const gz = makeFile('file_gz', RECORDS, 'gzip');
const plain = makeFile('file_plain', RECORDS, 'none');
const small = makeFile('file_small', 400, 'none'); // ~64 KiB: one socket read, the minimal crash
let server: Awaited<ReturnType<typeof closingServer>>;

beforeAll(async () => {
  server = await closingServer([gz, plain, small]);
});
afterAll(() => server.close());

const undiciMajor = Number((process.versions as Record<string, string | undefined>).undici?.split('.')[0] ?? 0);

describe('Connection: close with a paused reader', () => {
  it("reproduces the crash with the runtime's own fetch (child process)", () => {
    const script = fileURLToPath(new URL('./data-files/connection-close-repro.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 20_000 });
    const outcome = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as { undici: string; uncaught: string[] };
    // undici 8 carries the fix (#5389, #5474); Node 24.21 bundles 7.29.1, which crashes every time.
    if (undiciMajor < 8) expect(outcome.uncaught).toEqual([expect.stringContaining('assert(!this.paused)')]);
    else expect(outcome.uncaught).toEqual([]);
  });

  it('the same server through fetchDataFile: a reader that waits before reading gets every record', async () => {
    const { value, uncaught } = await withUncaughtCount(async () => {
      const response = await fetchDataFile(small.descriptor, { apiKey: API_KEY, baseUrl: server.url });
      // The pattern of the crash: the body is not read while the server's FIN arrives.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const keys: string[] = [];
      for await (const record of readDataFile(response, { file: small.descriptor })) keys.push(record.key);
      return keys;
    });
    expect(uncaught).toEqual([]);
    expect(exactlyOnceInOrder(value, 400)).toBeUndefined();
  });

  const pausing = async (file: TestFile) => {
    const keys: string[] = [];
    const response = await fetchDataFile(file.descriptor, { apiKey: API_KEY, baseUrl: server.url });
    for await (const record of readDataFile(response, { file: file.descriptor })) {
      keys.push(record.key);
      // A reader that writes each batch of 100 to a database.
      if (keys.length % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return keys;
  };

  it('100,000-record files (gzip and plain), read by a reader that pauses every 100 records, 2 rounds each', async () => {
    const { value, uncaught } = await withUncaughtCount(async () => {
      const problems: (string | undefined)[] = [];
      for (let round = 0; round < 2; round++)
        for (const file of [gz, plain]) problems.push(exactlyOnceInOrder(await pausing(file), RECORDS));
      return problems;
    });
    expect(uncaught).toEqual([]);
    expect(value).toEqual(Array(4).fill(undefined));
  }, 60_000);
});
