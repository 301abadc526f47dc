/**
 * A renewal that cannot complete heals, across real processes: backend instances as child
 * processes (instance-worker.ts) sharing one real redis-server, talking to the mock service
 * through a fault-injecting proxy. In each case the stored pair's refresh token ends up refused
 * by the server (its renewal answer lost, its renewer killed after the server accepted, revoked);
 * the instances must issue one new pair between them and every read after must succeed.
 */
import { createMockService, type MockService } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../transport/test/fault-proxy/proxy.js';
import { RedisTokenStore } from '../../src/index.js';
import { forkInstances, type Instance, seedExpiredPair as seedExpired, stopInstances } from '../instances.js';
import { type RedisServer, startRedis } from '../redis-server.js';

const API_KEY = 'vl_test_heal_key';
const PROCESSES = 4;
const READS = 25;

let redisServer: RedisServer;
let redis: Redis;
let mock: MockService;
let http: RunningServer;
let proxy: FaultProxy;
let instances: Instance[] = [];

beforeAll(async () => {
  redisServer = startRedis();
  redis = new Redis(redisServer.port, '127.0.0.1', { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  mock = createMockService({ partner: { apiKeys: [API_KEY], accessTokenTtl: 3600 } });
  http = await serve({ handle: mock.handle });
  http.server.keepAliveTimeout = 600_000;
  proxy = await startFaultProxy(http.url);
  instances = await forkInstances(PROCESSES, { REDIS_PORT: String(redisServer.port), BASE_URL: proxy.url, API_KEY });
});

afterAll(async () => {
  await stopInstances(instances);
  redis?.disconnect();
  await proxy?.close();
  await http?.close();
  redisServer?.dispose();
});

const tokens = () => mock.partner.tokens;

/** Issues a pair at the fake and stores it in Redis already expired (both sides). */
const seedExpiredPair = (userId: string) => seedExpired({ baseUrl: http.url, apiKey: API_KEY, mock, redis }, userId);

interface ReadsDone {
  ok: number;
  errors: string[];
  issued: number;
  tokensUsed: string[];
}

/** Every instance reads `READS` times at once; the outcome of the wave. */
async function wave(userId: string, from: readonly Instance[] = instances) {
  const results = await Promise.all(from.map((i) => i.run<ReadsDone>({ type: 'reads', userId, reads: READS })));
  return {
    failed: results.flatMap((r) => r.errors),
    issued: results.reduce((n, r) => n + r.issued, 0),
    tokensUsed: new Set(results.flatMap((r) => r.tokensUsed)),
  };
}

/** After healing: the stored pair is live at the fake, every read of a new wave succeeds with it, nothing issued. */
async function expectHealed(userId: string, seeded: { refresh_token: string }) {
  const stored = await new RedisTokenStore(redis).get(userId);
  expect(stored?.refresh_token).not.toBe(seeded.refresh_token);
  expect(tokens().byAccess.get(stored?.access_token ?? '')?.renewedAt).toBeUndefined();
  const later = await wave(userId);
  expect(later.failed).toEqual([]);
  expect(later.issued).toBe(0);
  expect(later.tokensUsed).toEqual(new Set([stored?.access_token]));
}

describe(`${PROCESSES} instances on real Redis: a renewal that cannot complete heals`, () => {
  it('the renewal answer is lost on the network (the server applied it): no read fails, one new pair', async () => {
    const userId = 'heal-lost-answer';
    const seeded = await seedExpiredPair(userId);
    const before = { issued: tokens().issued, renewed: tokens().renewed, refused: tokens().refused };
    // The server renews, then the proxy resets the connection before the status line.
    proxy.inject({ kind: 'reset-before-headers', match: 'POST /v1/auth/token/refresh', times: 1 });
    const first = await wave(userId);
    expect(first.failed.length).toBeLessThanOrEqual(1);
    // The lost renewal applied, its retry refused as spent, one pair issued.
    expect(tokens().renewed - before.renewed).toBe(1);
    expect(tokens().refused - before.refused).toBe(1);
    expect(tokens().issued - before.issued).toBe(1);
    expect(first.issued).toBe(1);
    await expectHealed(userId, seeded);
  }, 120_000);

  it('a renewer killed after the server accepted its renewal: a survivor issues one new pair, no survivor read fails', async () => {
    const userId = 'heal-killed-renewer';
    const seeded = await seedExpiredPair(userId);
    const [doomed] = await forkInstances(1, {
      REDIS_PORT: String(redisServer.port),
      BASE_URL: proxy.url,
      API_KEY,
      LEASE_MS: '1500',
      HANG_AFTER_RENEW: '1',
    });
    const before = { issued: tokens().issued, renewed: tokens().renewed };
    const renewed = doomed!.renewed();
    void doomed!.run({ type: 'reads', userId, reads: 5 }).catch(() => undefined);
    await renewed; // the server spent the refresh token; the answer never reaches the store: kill -9
    doomed!.kill();
    expect(tokens().renewed - before.renewed).toBe(1);
    const first = await wave(userId);
    expect(first.failed.length).toBeLessThanOrEqual(1);
    expect(tokens().renewed - before.renewed).toBe(1);
    expect(tokens().issued - before.issued).toBe(1);
    await expectHealed(userId, seeded);
  }, 120_000);

  it('a revoked refresh token: one new pair issued, no read fails', async () => {
    const userId = 'heal-revoked';
    const seeded = await seedExpiredPair(userId);
    expect(tokens().revokeRefresh(userId)).toBe(1);
    const before = { issued: tokens().issued, refused: tokens().refused };
    const first = await wave(userId);
    expect(first.failed.length).toBeLessThanOrEqual(1);
    expect(tokens().refused - before.refused).toBe(1);
    expect(tokens().issued - before.issued).toBe(1);
    await expectHealed(userId, seeded);
  }, 120_000);
});
