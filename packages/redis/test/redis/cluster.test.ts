/**
 * The Redis stores on a real Redis Cluster (scripts/redis/cluster-start.sh: 3 masters with a
 * replica each, six redis-server processes) through ioredis's Cluster client: renewal
 * notifications reach waiters across nodes, and a master killed with SIGKILL mid-run fails reads
 * with typed errors while its replica takes over, loses no pair, and reads recover. Several
 * PartnerClients, each with its own cluster connection, stand for backend instances; the mock
 * service answers over HTTP.
 */
import { execFileSync } from 'node:child_process';
import { createMockService, type MockService } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import { PartnerClient } from '@viewlink/partner';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisTokenStore } from '../../src/index.js';
import { keySlot, ownerOf, type RedisCluster, replicaCaughtUp, startRedisCluster } from '../redis-server.js';

const API_KEY = 'vl_test_cluster_key';
const USERS = Array.from({ length: 12 }, (_, i) => `cluster-user-${i}`);

let redisCluster: RedisCluster;
let mock: MockService;
let http: RunningServer;
const opened: Cluster[] = [];

beforeAll(async () => {
  redisCluster = startRedisCluster();
  mock = createMockService({ partner: { apiKeys: [API_KEY], accessTokenTtl: 3600 } });
  http = await serve({ handle: mock.handle });
});

afterAll(async () => {
  for (const client of opened) client.disconnect();
  await http?.close();
  redisCluster?.dispose();
});

/** A new cluster connection (one per simulated instance). */
function cluster(): Cluster {
  const client = new Cluster(
    redisCluster.nodes.map((n) => ({ host: '127.0.0.1', port: n.port })),
    {
      redisOptions: { maxRetriesPerRequest: 1 },
      retryDelayOnFailover: 100,
      retryDelayOnClusterDown: 100,
      slotsRefreshTimeout: 1_000,
      // Learn the promoted replica within a second, not ioredis's default 5 s (docs/partner.md).
      slotsRefreshInterval: 1_000,
    },
  );
  client.on('error', () => undefined);
  opened.push(client);
  return client;
}

const tokens = () => mock.partner.tokens;
const log = (line: string) => process.env.DEBUG_CLUSTER && console.error(`[cluster test] ${line}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('RedisTokenStore on a Redis Cluster (3 masters with replicas)', () => {
  it('notifies a waiting store on one node when another connection completes a renewal', async () => {
    const waiting = new RedisTokenStore(cluster(), { prefix: 'notify:' });
    const renewing = new RedisTokenStore(cluster(), { prefix: 'notify:' });
    await sleep(500); // the subscriber connects in the background
    let seen = 0;
    const stop = waiting.renewal.onChange?.('cluster-notify', () => seen++);
    const previous = { user_id: 'cluster-notify', access_token: 'a1', refresh_token: 'r1', expires_at: Date.now() };
    // A set is announced too (local copies drop the pair): seen first, then the renewal alone.
    await renewing.set('cluster-notify', previous);
    const stored = Date.now() + 2_000;
    while (seen === 0 && Date.now() < stored) await sleep(10);
    expect(seen).toBe(1);
    seen = 0;
    const lease = await renewing.renewal.acquire('cluster-notify', 5_000);
    const renewed = { ...previous, access_token: 'a2', refresh_token: 'r2', expires_at: Date.now() + 60_000 };
    expect(await renewing.renewal.complete('cluster-notify', lease!, previous, renewed)).toBe(true);
    const until = Date.now() + 2_000;
    while (seen === 0 && Date.now() < until) await sleep(10);
    stop?.();
    expect(seen).toBe(1);
  });

  it('keeps no local copy on a cluster (its subscriber may move between nodes unannounced): every read is Redis', async () => {
    const redis = cluster();
    const store = new RedisTokenStore(redis, { prefix: 'nocopy:' });
    await sleep(500); // long enough for a single-node client's subscriber to be live
    const pair = { user_id: 'cluster-copy', access_token: 'a1', refresh_token: 'r1', expires_at: Date.now() + 60_000 };
    await store.set('cluster-copy', pair);
    expect(await store.get('cluster-copy')).toEqual(pair);
    // Changed behind the store's back (nothing announced): a local copy would still answer a1.
    const changed = { ...pair, access_token: 'a2' };
    await redis.set('nocopy:{u:cluster-copy}:pair', JSON.stringify(changed), 'PX', 60_000);
    expect(await store.get('cluster-copy')).toEqual(changed);
  });

  it('a master killed mid-run: typed errors during failover, no pair lost, reads recover', async () => {
    const instances = [0, 1, 2].map(
      () =>
        new PartnerClient({
          apiKey: API_KEY,
          baseUrl: http.url,
          retry: false,
          timeout: 30_000,
          totalTimeout: 60_000,
          tokenStore: new RedisTokenStore(cluster(), { commandTimeoutMs: 1_000, leaseMs: 2_000 }),
        }),
    );
    // Every user's pair issued and stored (and replicated) before the run.
    for (const userId of USERS) await instances[0]!.user(userId).tokenPair();
    await sleep(500);
    log('pairs stored');
    const issuedBefore = tokens().issued;
    const refusedBefore = tokens().refused;
    const renewedBefore = tokens().renewed;

    // The master holding the first user's keys, and its pid.
    const first = redisCluster.nodes[0]!.port;
    const slot = keySlot(first, `viewlink:{u:${USERS[0]}}:pair`);
    const owner = ownerOf(first, slot);
    const victim = redisCluster.nodes.find((n) => n.port === owner);
    log(`slot ${slot} on ${owner}`);
    expect(victim).toBeDefined();

    let running = true;
    const tally: Record<string, number> = {};
    const timeline: Array<{ at: number; failed: number }> = [];
    const loops = instances.map(async (client) => {
      while (running) {
        const outcomes = await Promise.allSettled(USERS.map((userId) => client.user(userId).watchlist()));
        let failed = 0;
        for (const o of outcomes) {
          const name = o.status === 'fulfilled' ? 'ok' : ((o.reason as Error)?.name ?? 'unknown');
          tally[name] = (tally[name] ?? 0) + 1;
          if (o.status === 'rejected') failed++;
        }
        timeline.push({ at: Date.now(), failed });
        await sleep(20);
      }
    });

    // Renewals before the kill (server-side expiry), then the kill once they are stored.
    await sleep(500);
    tokens().expire();
    await sleep(1_500);
    // The victim's replica holds everything the victim acknowledged (bounded wait), so a lost pair
    // below would be the store's fault, not asynchronous replication's.
    const syncUntil = Date.now() + 10_000;
    while (!replicaCaughtUp(victim!.port) && Date.now() < syncUntil) await sleep(100);
    expect(replicaCaughtUp(victim!.port), `no replica of ${victim!.port} caught up within 10 s`).toBe(true);
    log(`killing ${victim!.port}`);
    process.kill(victim!.pid, 'SIGKILL');
    const killedAt = Date.now();
    // Failover: a replica takes the dead master's slots (cluster-node-timeout 1 s: about 2-3 s when
    // idle); bounded generously because on a loaded 2-core machine an election can miss and retry.
    const FAILOVER_BOUND_MS = 30_000;
    const survivor = redisCluster.nodes.find((n) => n.pid !== victim!.pid)!;
    let recoveredAt = 0;
    while (Date.now() - killedAt < FAILOVER_BOUND_MS) {
      if (ownerOf(survivor.port, slot) !== undefined && ownerOf(survivor.port, slot) !== owner) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(200);
    }
    log(`failover took ${recoveredAt - killedAt} ms`);
    if (!recoveredAt)
      for (const n of redisCluster.nodes)
        if (n.pid !== victim!.pid)
          log(
            `${n.port}: ${execFileSync('redis-cli', ['-p', String(n.port), 'CLUSTER', 'NODES'], { encoding: 'utf8' })}`,
          );
    expect(recoveredAt, `no failover within ${FAILOVER_BOUND_MS} ms (survivor ${survivor.port})`).toBeGreaterThan(0);
    // Reads recover: wait (bounded) until every instance has had three clean batches in a row.
    const RECOVERY_BOUND_MS = 45_000;
    const clean = () => {
      const recent = timeline.filter((b) => b.at > recoveredAt);
      const lastFailure = recent.findLast((b) => b.failed > 0)?.at ?? recoveredAt;
      return recent.filter((b) => b.at > lastFailure).length >= 3 * instances.length ? lastFailure : undefined;
    };
    let readsBackAt = clean();
    while (readsBackAt === undefined && Date.now() - killedAt < RECOVERY_BOUND_MS) {
      await sleep(100);
      readsBackAt = clean();
    }
    // Then renewals go through the promoted replica, and every batch from then on succeeds.
    const renewAt = Date.now();
    tokens().expire();
    await sleep(3_000);
    running = false;
    await Promise.all(loops);
    log(JSON.stringify(tally));
    log(
      `failed batches at (ms after failover): ${timeline
        .filter((b) => b.failed > 0)
        .map((b) => `${b.at - recoveredAt}:${b.failed}`)
        .join(' ')}`,
    );

    // Failures were all the typed store error, and there were some: a master really was down.
    expect(Object.keys(tally).sort()).toEqual(['SharedStoreError', 'ok']);
    expect(tally.SharedStoreError).toBeGreaterThan(0);
    expect(readsBackAt, `reads did not recover within ${RECOVERY_BOUND_MS} ms of the kill`).toBeDefined();
    log(`reads back ${readsBackAt! - killedAt} ms after the kill`);
    const tail = timeline.filter((b) => b.at > renewAt);
    expect(tail.length).toBeGreaterThan(3 * instances.length);
    expect(tail.filter((b) => b.failed > 0)).toEqual([]);
    // No pair lost: nobody had to issue a new pair or was refused, and every stored pair is live.
    expect(tokens().issued).toBe(issuedBefore);
    expect(tokens().refused).toBe(refusedBefore);
    expect(tokens().spentRefreshAttempts).toBe(0);
    // Each pair renewed once before the kill and once after the failover, across the three instances.
    expect(tokens().renewed - renewedBefore).toBe(2 * USERS.length);
    const store = new RedisTokenStore(cluster());
    for (const userId of USERS) {
      const stored = await store.get(userId);
      const live = tokens().byAccess.get(stored?.access_token ?? '');
      expect(live?.renewedAt, userId).toBeUndefined();
    }
  }, 120_000);
});
