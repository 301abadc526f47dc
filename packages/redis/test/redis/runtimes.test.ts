/**
 * @viewlink/redis on the server runtimes of the runtime matrix (docs/runtimes.md): Node 22 and 26,
 * Node 24 (this one), Deno and Bun at the versions scripts/runtimes/versions.mjs pins (test/runtimes.ts),
 * each with ioredis and node-redis, against a real redis-server: every store works, a command
 * while Redis is stopped (by pid) fails at once with SharedStoreError, and the same client works
 * again once Redis is back, every store included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../redis-server.js';
import { prepareRuntimes, RUNTIMES, type RuntimeHarness } from '../runtimes.js';

let server: RedisServer;
let harness: RuntimeHarness;

beforeAll(async () => {
  server = startRedis();
  harness = await prepareRuntimes();
}, 600_000);
afterAll(() => {
  server?.dispose();
  harness?.dispose();
});

const everyStore = { tokens: true, renewal: true, notified: true, ledger: true, events: true };

describe.each(RUNTIMES)('%s', (runtime) => {
  it.each(['ioredis', 'node-redis'])(
    '%s: every store, a fast typed failure while Redis is stopped, recovery',
    async (library) => {
      // Redis stopped after the first line, started again after the second.
      const [up, down, back] = await harness.run(
        runtime,
        library,
        { REDIS_PORT: String(server.port) },
        (index) => (index === 0 ? server.stop() : server.start()),
        3,
      );
      expect(up).toEqual({ up: everyStore });
      expect(down).toMatchObject({ down: { typed: true, operation: 'token-store.get' } });
      for (const ms of (down as { down: { ms: number[] } }).down.ms) expect(ms).toBeLessThan(100);
      expect(back).toMatchObject({ back: true, stores: everyStore });
    },
    90_000,
  );
});
