/**
 * Several backend instances as child processes (instance-worker.ts), one real redis-server, and
 * the mock service over HTTP (`@viewlink/mock` served on 127.0.0.1) counting token requests. The
 * fake rotates refresh tokens: a spent one is refused and counted, and so is any use of a
 * renewed pair's access token, so the counters prove no instance stores or uses a spent pair.
 */
import { createMockService, type MockService } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import { PartnerClient } from '@viewlink/partner';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisTokenStore } from '../../src/index.js';
import {
  forkInstances,
  type Instance,
  issuePair,
  seedExpiredPair as seedExpired,
  stopInstances,
  storedPair,
} from '../instances.js';
import { type RedisServer, startRedis } from '../redis-server.js';

const API_KEY = 'vl_test_instances_key';
const PROCESSES = 8;
const READS = 250;
const ROUNDS = Number(process.env.INSTANCES_ROUNDS ?? 20);

let redisServer: RedisServer;
let redis: Redis;
let mock: MockService;
let http: RunningServer;
let instances: Instance[] = [];

beforeAll(async () => {
  redisServer = startRedis();
  redis = new Redis(redisServer.port, '127.0.0.1', { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  mock = createMockService({ partner: { apiKeys: [API_KEY], accessTokenTtl: 3600 } });
  http = await serve({ handle: mock.handle });
  // Idle keep-alive sockets between rounds must not be closed by the server just as an
  // instance reuses them (a reset that would measure Node's keep-alive race, not the SDK).
  http.server.keepAliveTimeout = 600_000;
  instances = await forkInstances(PROCESSES, {
    REDIS_PORT: String(redisServer.port),
    BASE_URL: http.url,
    API_KEY,
  });
});

afterAll(async () => {
  await stopInstances(instances);
  redis?.disconnect();
  await http?.close();
  redisServer?.dispose();
});

const tokens = () => mock.partner.tokens;
const renewals = () => mock.partner.requestCount('POST /v1/auth/token/refresh');

/** Issues a pair at the fake and stores it in Redis already expired (both sides). */
const seedExpiredPair = (userId: string) => seedExpired({ baseUrl: http.url, apiKey: API_KEY, mock, redis }, userId);

interface ReadsDone {
  ok: number;
  errors: string[];
  tokensUsed: string[];
}

describe(`${PROCESSES} instances sharing one expired pair on real Redis`, () => {
  it(`${PROCESSES} processes x ${READS} concurrent reads: exactly 1 renewal and 0 failed reads, ${ROUNDS} rounds`, async () => {
    const perRound: Array<{ renewals: number; failed: number; errors?: Record<string, number> }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const userId = `instances-user-${round}`;
      const before = { renewals: renewals(), refused: tokens().refused, retired: tokens().retiredAccessUses };
      const seeded = await seedExpiredPair(userId);
      const results = await Promise.all(
        instances.map((i) => i.run<ReadsDone>({ type: 'reads', userId, reads: READS })),
      );
      const failed = results.reduce((n, r) => n + r.errors.length, 0);
      const errors: Record<string, number> = {};
      for (const name of results.flatMap((r) => r.errors)) errors[name] = (errors[name] ?? 0) + 1;
      perRound.push({ renewals: renewals() - before.renewals, failed, ...(failed ? { errors } : {}) });
      const stored = await new RedisTokenStore(redis).get(userId);
      // Every instance read with the one renewed pair, which is the one stored.
      expect(new Set(results.flatMap((r) => r.tokensUsed))).toEqual(new Set([stored?.access_token]));
      expect(stored?.refresh_token).not.toBe(seeded.refresh_token);
      expect(tokens().refused - before.refused).toBe(0);
      expect(tokens().retiredAccessUses - before.retired).toBe(0);
    }
    expect(perRound).toEqual(Array.from({ length: ROUNDS }, () => ({ renewals: 1, failed: 0 })));
    expect(tokens().spentRefreshAttempts).toBe(0);
  }, 900_000);

  it('a pair renewed by another process is what every instance reads once told: their local copies are dropped', async () => {
    const userId = 'instances-local-copy';
    const first = storedPair(userId, await issuePair(http.url, API_KEY, userId), 3_600_000);
    const store = new RedisTokenStore(redis, { notifications: false });
    await store.set(userId, first);
    const gets = async () => Number(/cmdstat_get:calls=(\d+)/.exec(String(await redis.info('commandstats')))?.[1] ?? 0);
    const readAll = () => Promise.all(instances.map((i) => i.run<ReadsDone>({ type: 'reads', userId, reads: 20 })));
    const used = (results: ReadsDone[]) => [...new Set(results.flatMap((r) => r.tokensUsed))];
    // Until each instance answers from its copy (its subscriber live): a round reads nothing from Redis.
    let local = false;
    for (let attempt = 0; attempt < 30 && !local; attempt++) {
      const before = await gets();
      expect(used(await readAll())).toEqual([first.access_token]);
      local = (await gets()) === before;
      if (!local) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(local).toBe(true);

    // This process renews (as another backend instance would) and stores the new pair.
    const lease = await store.renewal.acquire(userId, 5_000);
    const renewed = (await new PartnerClient({ apiKey: API_KEY, baseUrl: http.url }).tokens.renew(first)).toStored();
    expect(await store.renewal.complete(userId, lease!, first, renewed)).toBe(true);
    // The renewal is announced by pub/sub, which reaches each instance on its own connection: a read
    // sent before the message arrives may still use the old pair (a 401 then renews from Redis, never
    // from the copy). Loopback delivers in well under a millisecond; 1 s leaves room for a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const retired = tokens().retiredAccessUses;
    const after = await readAll();
    expect(after.flatMap((r) => r.errors)).toEqual([]);
    expect(used(after)).toEqual([renewed.access_token]);
    expect(tokens().retiredAccessUses).toBe(retired);
  }, 120_000);

  it('a renewer killed mid-renewal: its lease expires, another instance renews once, no read fails', async () => {
    const userId = 'instances-killed-renewer';
    await seedExpiredPair(userId);
    const [doomed] = await forkInstances(1, {
      REDIS_PORT: String(redisServer.port),
      BASE_URL: http.url,
      API_KEY,
      LEASE_MS: '1500',
      HANG_ON_RENEW: '1',
    });
    const before = renewals();
    const renewing = doomed!.renewing();
    void doomed!.run({ type: 'reads', userId, reads: 10 }).catch(() => undefined);
    await renewing; // it holds the lease and is about to send: kill -9
    doomed!.kill();
    const killedAt = Date.now();
    const results = await Promise.all(instances.map((i) => i.run<ReadsDone>({ type: 'reads', userId, reads: 50 })));
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(renewals() - before).toBe(1);
    // The survivors waited for the dead lease (1.5 s) before one took over.
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(1_000);
    expect(new Set(results.flatMap((r) => r.tokensUsed)).size).toBe(1);
    expect(tokens().spentRefreshAttempts).toBe(0);
  }, 180_000);

  it('Redis stopped and restarted mid-run: typed errors while down, no pair lost, recovery after', async () => {
    const userId = 'instances-redis-restart';
    await seedExpiredPair(userId);
    const before = { renewals: renewals(), refused: tokens().refused };
    type Loop = { tally: Record<string, number>; timeline: Array<{ at: number; ok: number; failed: number }> };
    const running = instances.map((i) => i.run<Loop>({ type: 'loop', userId, batch: 10 }));
    // Down once the instances renewed the seeded pair and read with it for a while.
    const seeded = await new RedisTokenStore(redis).get(userId);
    while ((await new RedisTokenStore(redis).get(userId))?.access_token === seeded?.access_token)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1_000));
    const stored = await new RedisTokenStore(redis).get(userId);
    redisServer.stop({ keepData: true });
    await new Promise((r) => setTimeout(r, 2_000));
    redisServer.start();
    const upAt = Date.now();
    await new Promise((r) => setTimeout(r, 1_000));
    // Server-side expiry after the restart: the instances must renew once more, across processes.
    mock.partner.tokens.expire(userId);
    await new Promise((r) => setTimeout(r, 3_000));
    for (const instance of instances) instance.child.send({ type: 'stop-loop' });
    const results = await Promise.all(running);

    const tally: Record<string, number> = {};
    for (const r of results) for (const [name, n] of Object.entries(r.tally)) tally[name] = (tally[name] ?? 0) + n;
    // Failures are all the typed store error, and there were some: Redis really was down.
    expect(Object.keys(tally).sort()).toEqual(['SharedStoreError', 'ok']);
    expect(tally.SharedStoreError).toBeGreaterThan(0);
    // Recovery: every instance's batches from a second after the restart on succeeded in full.
    for (const r of results) {
      const tail = r.timeline.filter((b) => b.at > upAt + 1_000);
      expect(tail.length).toBeGreaterThan(0);
      expect(tail.every((b) => b.failed === 0)).toBe(true);
    }
    // No pair lost: the pair stored before the stop survived it and was renewed once after.
    expect(renewals() - before.renewals).toBe(2);
    expect(tokens().refused - before.refused).toBe(0);
    const after = await new RedisTokenStore(redis).get(userId);
    expect(after?.access_token).not.toBe(stored?.access_token);
    expect(mock.partner.pairs.get(after?.access_token ?? '')?.renewedAt).toBeUndefined();
  }, 180_000);
});
