/**
 * Redis misbehaving under a partner backend, on a real redis-server: stopped mid-traffic (by
 * pid), hung (SIGSTOP) and resumed, out of memory under `noeviction`, a wrong password. With both
 * supported clients: how long a call waits (inside its one deadline), which error it gets (typed,
 * naming the store operation, no credentials anywhere), and that the same client serves calls
 * again once Redis is back, with no lease or reservation left behind by a command answered late.
 */
import { inspect } from 'node:util';
import { TimeoutError } from '@viewlink/partner';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePartnerFake } from '../../../partner/test/fixtures.js';
import { createRedisStores, type RedisClientLike, SharedStoreError } from '../../src/index.js';
import { type RedisServer, startRedis } from '../redis-server.js';

const setup = usePartnerFake({ accessTokenTtl: 600 });
let server: RedisServer;
let admin: Redis;
const closers: Array<() => unknown> = [];
const PASSWORD = 'right-Pa55word-9f8e';
const WRONG = 'wrong-Pa55word-7a6b';

beforeAll(() => {
  server = startRedis();
  admin = new Redis(server.port, '127.0.0.1', { maxRetriesPerRequest: 1 });
  admin.on('error', () => undefined);
});
afterEach(async () => {
  for (const close of closers.splice(0)) await Promise.resolve(close()).catch(() => undefined);
});
afterAll(() => {
  admin?.disconnect();
  server?.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const noop = () => undefined;

/** One backend instance's Redis client, as the README sets it up. */
async function open(library: string, url = server.url): Promise<RedisClientLike> {
  if (library === 'ioredis') {
    const client = new Redis(url, { maxRetriesPerRequest: 1 });
    client.on('error', noop);
    closers.push(() => client.disconnect());
    return client;
  }
  const client = createClient({ url });
  client.on('error', noop);
  closers.push(() => client.destroy());
  // A refused password keeps connect() retrying: the app goes on after a second, as one would.
  await Promise.race([client.connect().catch(noop), sleep(1_000)]);
  return client;
}

/** How long `work` took and what it rejected with. */
async function timed(work: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = Date.now();
  const error = await work.then(noop, (e: unknown) => e);
  return { ms: Date.now() - started, error };
}

/** Retries `work` until it succeeds (Redis coming back), failing after 10 s. */
async function eventually(work: () => Promise<unknown>): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      await work();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await sleep(100);
    }
  }
}

/** Every key of the stores has a TTL: nothing left to block a user forever. */
async function everyKeyExpires(): Promise<void> {
  for (const key of await admin.keys('viewlink:*')) expect(await admin.pttl(key), key).toBeGreaterThan(0);
}

describe.each(['ioredis', 'node-redis'])('%s', (library) => {
  it('Redis stopped mid-traffic: each call fails at once with SharedStoreError, and the same client serves calls once it is back', async () => {
    const stores = createRedisStores(await open(library));
    const partner = setup.client({ tokenStore: stores.tokenStore, refresh: { ledger: stores.refreshLedger } });
    await partner.user('stopped').watchlist();
    // Traffic while the server goes away.
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      sleep(i * 10).then(() =>
        partner
          .user(`stopped-${i % 4}`)
          .watchlist()
          .then(noop, noop),
      ),
    );
    server.stop();
    try {
      await Promise.all(inFlight);
      // Over several of the client's reconnect attempts (ioredis's delay grows to 2 s): no call waits for one.
      for (let i = 0; i < 4; i++) {
        const { ms, error } = await timed(partner.user(`down-${i}`).watchlist());
        expect(error).toBeInstanceOf(SharedStoreError);
        expect((error as SharedStoreError).operation).toBe('token-store.get');
        expect((error as SharedStoreError).message).toMatch(/^user\.watchlist\(\): The shared store failed/);
        expect(ms).toBeLessThan(100);
        await sleep(400);
      }
    } finally {
      server.start();
    }
    await eventually(() => partner.user('stopped').watchlist());
    await partner.user('after-restart').watchlist();
    await everyKeyExpires();
  }, 60_000);

  it('Redis hung (SIGSTOP): a call fails after commandTimeoutMs, or at its deadline if that comes first; after SIGCONT no lease or reservation is left by a command Redis answered late', async () => {
    const stores = createRedisStores(await open(library), { commandTimeoutMs: 300 });
    const partner = setup.client({ tokenStore: stores.tokenStore, refresh: { ledger: stores.refreshLedger } });
    const short = setup.client({ tokenStore: stores.tokenStore, totalTimeout: 150 });
    await partner.user('hung').watchlist();
    server.signal('SIGSTOP');
    try {
      const read = await timed(partner.user('hung-new').watchlist());
      expect(read.error).toBeInstanceOf(SharedStoreError);
      expect((read.error as SharedStoreError).operation).toBe('token-store.get');
      expect(read.ms).toBeGreaterThanOrEqual(290);
      expect(read.ms).toBeLessThan(1_000);
      // The call's deadline bounds the wait too: it names the call and its totalTimeout.
      const bounded = await timed(short.user('hung-short').watchlist());
      expect(bounded.error).toBeInstanceOf(TimeoutError);
      expect(bounded.ms).toBeLessThan(290);
      // A renewal lease and a refresh reservation asked for while Redis hangs: the commands sit in
      // the socket and Redis runs them on SIGCONT, after the caller gave up.
      const acquire = await timed(stores.tokenStore.renewal!.acquire('hung', 10_000));
      expect((acquire.error as SharedStoreError).operation).toBe('renewal.acquire');
      const reserve = await timed(
        stores.refreshLedger.reservations!.reserve('hung', {
          check: ['all'],
          hold: ['all'],
          atMs: Date.now(),
          cooldownMs: 60_000,
          pendingMs: 30_000,
        }),
      );
      expect((reserve.error as SharedStoreError).operation).toBe('refresh-ledger.reserve');
    } finally {
      server.signal('SIGCONT');
    }
    await eventually(() => partner.user('hung').watchlist());
    await sleep(100);
    // Nobody holds the lease or the reservation: the next renewal and refresh do not wait for them.
    expect(await admin.keys('viewlink:{u:hung}:lease')).toEqual([]);
    expect(await admin.keys('viewlink:{u:hung}:refresh:*')).toEqual([]);
    setup.clock.advance(601_000);
    const renewal = await timed(partner.user('hung').watchlist());
    expect(renewal.error).toBeUndefined();
    expect(renewal.ms).toBeLessThan(2_000);
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
    await everyKeyExpires();
  }, 60_000);

  it('maxmemory reached under noeviction: writes fail with SharedStoreError, stored pairs are still read, and writes work again once memory is freed', async () => {
    const stores = createRedisStores(await open(library));
    const partner = setup.client({ tokenStore: stores.tokenStore });
    await partner.user('full-kept').watchlist();
    const used = Number(/used_memory:(\d+)/.exec(await admin.info('memory'))?.[1]);
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    await admin.config('SET', 'maxmemory', String(used + 1_000_000));
    try {
      const filler = 'x'.repeat(20_000);
      for (let i = 0; ; i++) {
        const failed = await admin.set(`filler:${i}`, filler).then(
          () => false,
          () => true,
        );
        if (failed) break;
      }
      // Full: the refused value's buffer is freed after the refusal, which would leave a few bytes
      // for the next small write; a limit under what is used keeps Redis refusing every write.
      await admin.config('SET', 'maxmemory', '1');
      const write = await timed(partner.user('full-new').watchlist());
      expect(write.error).toBeInstanceOf(SharedStoreError);
      expect((write.error as SharedStoreError).operation).toBe('token-store.set');
      expect(String((write.error as Error).cause)).toMatch(/OOM/);
      // ioredis's own error carries the refused command, the pair's tokens among its arguments.
      expect(inspect(write.error, { depth: 10 })).not.toMatch(/access_token|refresh_token/);
      await partner.user('full-kept').watchlist();
    } finally {
      for (const key of await admin.keys('filler:*')) await admin.del(key);
      await admin.config('SET', 'maxmemory', '0');
    }
    await partner.user('full-new').watchlist();
    await everyKeyExpires();
  }, 60_000);

  it('a wrong password: calls fail with SharedStoreError, and no password is in its message, toJSON, inspect or the logs', async () => {
    await admin.config('SET', 'requirepass', PASSWORD);
    try {
      const lines: unknown[] = [];
      const logger = {
        debug: noop,
        info: noop,
        warn: (...a: unknown[]) => lines.push(a),
        error: (...a: unknown[]) => lines.push(a),
      };
      const stores = createRedisStores(await open(library, `redis://default:${WRONG}@127.0.0.1:${server.port}`));
      const partner = setup.client({ tokenStore: stores.tokenStore, logger });
      const { ms, error } = await timed(partner.user('wrong-password').watchlist());
      expect(error).toBeInstanceOf(SharedStoreError);
      expect((error as SharedStoreError).operation).toBe('token-store.get');
      expect(ms).toBeLessThan(2_500);
      const renderings = [
        (error as Error).message,
        JSON.stringify(error),
        inspect(error, { depth: 10 }),
        String((error as Error).stack),
        inspect(lines, { depth: 10 }),
      ].join('\n');
      expect(renderings).not.toContain(WRONG);
      expect(renderings).not.toContain(PASSWORD);
    } finally {
      await admin.config('SET', 'requirepass', '');
    }
  }, 30_000);
});
