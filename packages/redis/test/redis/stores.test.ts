/**
 * The Redis stores on a real redis-server, in one process: several PartnerClients, each with its
 * own Redis connection, stand for several backend instances (the multi-process proofs are in
 * instances.test.ts). Both supported clients run the same checks.
 */
import {
  ConfigurationError,
  ConflictError,
  createTestWebhookEvent,
  createTestWebhookRequest,
  createWebhookHandler,
  RefreshRefusedError,
  TokenRenewalError,
  type TokenStore,
} from '@viewlink/partner';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePartnerFake } from '../../../partner/test/fixtures.js';
import {
  createRedisStores,
  type RedisClientLike,
  RedisEventStore,
  RedisRefreshLedger,
  RedisTokenStore,
  SharedStoreError,
} from '../../src/index.js';
import { type RedisServer, startRedis } from '../redis-server.js';

const setup = usePartnerFake({ accessTokenTtl: 600 });
let server: RedisServer;
const opened: Array<{ quit(): Promise<unknown> } | { close(): Promise<unknown> }> = [];

beforeAll(() => {
  server = startRedis();
});
// Each test starts from an empty Redis, whatever the previous one left.
afterEach(async () => {
  await ioredis().flushall();
});
afterAll(async () => {
  for (const client of opened) await ('quit' in client ? client.quit() : client.close()).catch(() => undefined);
  server?.dispose();
});

/** A new ioredis connection (one per simulated instance). */
function ioredis(): Redis {
  const client = new Redis(server.port, '127.0.0.1', { maxRetriesPerRequest: 1, lazyConnect: false });
  opened.push(client);
  return client;
}

async function nodeRedis(): Promise<RedisClientLike> {
  const client = createClient({ url: server.url });
  client.on('error', () => undefined);
  await client.connect();
  opened.push({ close: () => client.close() });
  return client;
}

let userSeq = 0;
const freshUser = () => `user ${++userSeq} {tag}:x`;

describe.each([
  ['ioredis', async () => ioredis() as RedisClientLike],
  ['node-redis', nodeRedis],
])('RedisTokenStore with %s', (_name, connectClient) => {
  it('keeps, returns and forgets a pair under a per-user hash-tagged key with a TTL', async () => {
    const client = await connectClient();
    const store = new RedisTokenStore(client, { prefix: 'test:' });
    const userId = freshUser();
    const pair = { user_id: userId, access_token: 'a1', refresh_token: 'r1', expires_at: Date.now() + 60_000 };
    await store.set(userId, pair);
    expect(await store.get(userId)).toEqual(pair);
    const admin = ioredis();
    const key = `test:{u:${encodeURIComponent(userId)}}:pair`;
    expect(key).not.toMatch(/\{.*\{/); // exactly one hash tag: braces in the id are encoded
    const ttl = await admin.pttl(key);
    expect(ttl).toBeGreaterThan(29 * 86_400_000);
    await store.delete(userId);
    expect(await store.get(userId)).toBeUndefined();
    expect(JSON.stringify(store)).toBe('{"type":"RedisTokenStore","prefix":"test:"}');
  });

  it('coordinates renewal: three instances with 200 reads each and one expired pair send one renewal', async () => {
    const client = await connectClient();
    const clients = [0, 1, 2].map(() => setup.client({ tokenStore: new RedisTokenStore(client) }));
    const pair = await clients[0]!.user('demo-user').tokenPair();
    setup.clock.advance(601_000);
    const reads = clients.flatMap((c) => Array.from({ length: 200 }, () => c.user('demo-user').watchlist()));
    await Promise.all(reads);
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
    expect(setup.fake().requestCount('GET /v1/user/watchlist')).toBe(600);
    const stored = await new RedisTokenStore(client).get('demo-user');
    expect(stored?.access_token).not.toBe(pair.toStored().access_token);
    await new RedisTokenStore(client).delete('demo-user');
  });
});

describe.each([
  ['ioredis', async () => ioredis() as RedisClientLike],
  ['node-redis', nodeRedis],
])('renewal notifications (pub/sub) with %s', (_name, connectClient) => {
  /** Resolves with the user's notifications seen by `store` within `ms`. */
  function notificationsOf(store: RedisTokenStore, userId: string, ms: number): Promise<number> {
    let seen = 0;
    const stop = store.renewal.onChange?.(userId, () => seen++);
    expect(stop).toBeTypeOf('function');
    return new Promise((resolve) =>
      setTimeout(() => {
        stop?.();
        resolve(seen);
      }, ms),
    );
  }

  it('a waiting store is told when another connection stores a pair (set or renewal), leaves a failure notice or releases the lease', async () => {
    const waiting = new RedisTokenStore(await connectClient(), { prefix: 'notify:' });
    const renewing = new RedisTokenStore(ioredis(), { prefix: 'notify:', notifications: false });
    expect(renewing.renewal.onChange).toBeUndefined();
    // The subscriber connects in the background, with the store.
    await new Promise((r) => setTimeout(r, 300));
    const userId = freshUser();
    const previous = { user_id: userId, access_token: 'a1', refresh_token: 'r1', expires_at: Date.now() - 1 };
    // A plain set is announced too (local copies of the pair drop it).
    const set = notificationsOf(waiting, userId, 300);
    await renewing.set(userId, previous);
    expect(await set).toBe(1);
    const other = notificationsOf(waiting, `${userId} other`, 300);

    const completed = notificationsOf(waiting, userId, 300);
    const lease = await renewing.renewal.acquire(userId, 5_000);
    const renewed = { ...previous, access_token: 'a2', refresh_token: 'r2', expires_at: Date.now() + 60_000 };
    expect(await renewing.renewal.complete(userId, lease!, previous, renewed)).toBe(true);
    expect(await completed).toBe(1);

    const failed = notificationsOf(waiting, userId, 300);
    const second = await renewing.renewal.acquire(userId, 5_000);
    await renewing.renewal.fail(userId, second!, renewed, { code: 'invalid_refresh_token', status: 401 });
    expect(await failed).toBe(1);

    const released = notificationsOf(waiting, userId, 300);
    const third = await renewing.renewal.acquire(userId, 5_000);
    await renewing.renewal.release(userId, third!);
    // A release by a stale lease id deletes nothing and tells nobody.
    await renewing.renewal.release(userId, 'not-the-holder');
    expect(await released).toBe(1);
    // Another user's listener heard none of it.
    expect(await other).toBe(0);
  });

  it('a read waiting for another instance wakes as soon as that instance stores the pair, not at its next poll', async () => {
    const redis = await connectClient();
    const store = new RedisTokenStore(redis);
    // The waiting instance's store, its state reads timed (the coordinator's methods are closures).
    const reads: number[] = [];
    const timed: TokenStore = {
      get: (userId) => store.get(userId),
      set: (userId, pair) => store.set(userId, pair),
      delete: (userId) => store.delete(userId),
      renewal: {
        ...store.renewal,
        state: (userId, previous) => {
          reads.push(Date.now());
          return store.renewal.state(userId, previous);
        },
      },
    };
    const client = setup.client({ tokenStore: timed });
    const userId = freshUser();
    const pair = await client.tokens.issue({ userId });
    await store.set(userId, pair.toStored());
    setup.clock.advance(601_000);
    await new Promise((r) => setTimeout(r, 300)); // the subscriber connects in the background
    // Another instance holds the lease and renews slowly.
    const other = new RedisTokenStore(ioredis());
    const lease = await other.renewal.acquire(userId, 10_000);
    const read = client.user(userId).watchlist();
    await new Promise((r) => setTimeout(r, 1_500));
    const renewed = await setup.client().tokens.renew(pair);
    expect(await other.renewal.complete(userId, lease!, pair.toStored(), renewed.toStored())).toBe(true);
    const storedAt = Date.now();
    await read;
    const after = reads.find((at) => at >= storedAt);
    const before = reads.filter((at) => at < storedAt);
    // By then the waiter polled every 250 ms: the read right after the store came from the notification.
    expect(before.at(-1)! - before.at(-2)!).toBeGreaterThanOrEqual(150);
    expect(after! - storedAt).toBeLessThan(100);
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GETs the server has run (INFO commandstats): a read answered from a local copy adds none. */
async function getCalls(admin: Redis): Promise<number> {
  const stats = String(await admin.info('commandstats'));
  return Number(/cmdstat_get:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

/** Waits until `store` answers reads of `userId` from its local copy (subscriber up, probe back). */
async function untilLocal(store: RedisTokenStore, userId: string, admin: Redis): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    await store.get(userId);
    const before = await getCalls(admin);
    await store.get(userId);
    if ((await getCalls(admin)) === before) return;
    await sleep(100);
  }
  throw new Error('the local copy was never used');
}

describe.each([
  ['ioredis', async () => ioredis() as RedisClientLike],
  ['node-redis', nodeRedis],
])('local copy of the pairs with %s', (_name, connectClient) => {
  const pairOf = (userId: string, n: number) => ({
    user_id: userId,
    access_token: `a${n}`,
    refresh_token: `r${n}`,
    expires_at: Date.now() + 60_000,
  });

  it('answers reads without Redis, and a pair renewed by another instance is what the next read returns', async () => {
    const admin = ioredis();
    const here = new RedisTokenStore(await connectClient(), { prefix: 'local:' });
    // Another instance: its own connection, no subscriber of its own.
    const there = new RedisTokenStore(ioredis(), { prefix: 'local:', notifications: false });
    const userId = freshUser();
    const first = pairOf(userId, 1);
    await there.set(userId, first);
    await untilLocal(here, userId, admin);
    const before = await getCalls(admin);
    for (let i = 0; i < 20; i++) expect(await here.get(userId)).toEqual(first);
    expect(await getCalls(admin)).toBe(before);

    const notified = new Promise<void>((resolve) => {
      const stop = here.renewal.onChange?.(userId, () => {
        stop?.();
        resolve();
      });
    });
    const lease = await there.renewal.acquire(userId, 5_000);
    const renewed = pairOf(userId, 2);
    expect(await there.renewal.complete(userId, lease!, first, renewed)).toBe(true);
    await notified;
    const beforeRead = await getCalls(admin);
    expect(await here.get(userId)).toEqual(renewed);
    expect(await getCalls(admin)).toBe(beforeRead + 1);
    // A sign-out elsewhere is announced the same way.
    const signedOut = new Promise<void>((resolve) => {
      const stop = here.renewal.onChange?.(userId, () => {
        stop?.();
        resolve();
      });
    });
    await there.delete(userId);
    await signedOut;
    expect(await here.get(userId)).toBeUndefined();
  });

  it('serves no stale pair once its subscriber dropped: a change it may have missed is read from Redis', async () => {
    const admin = ioredis();
    const here = new RedisTokenStore(await connectClient(), { prefix: 'drop:' });
    const userId = freshUser();
    const key = `drop:{u:${encodeURIComponent(userId)}}:pair`;
    const first = pairOf(userId, 1);
    await here.set(userId, first);
    await untilLocal(here, userId, admin);
    // A change whose notification never reached this process (written behind the store's back).
    const missed = pairOf(userId, 2);
    await admin.set(key, JSON.stringify(missed), 'PX', 60_000);
    expect(await here.get(userId)).toEqual(first);
    // The subscriber connection drops: every copy goes, reads are Redis's until a probe is back.
    await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    await sleep(100);
    expect(await here.get(userId)).toEqual(missed);
    // Reconnected and probed: the copy answers again.
    await untilLocal(here, userId, admin);
    expect(await here.get(userId)).toEqual(missed);
  });

  it('re-reads Redis once a copy is older than localCacheMs; 0 turns the copy off', async () => {
    const admin = ioredis();
    const client = await connectClient();
    const here = new RedisTokenStore(client, { prefix: 'age:', localCacheMs: 400 });
    const userId = freshUser();
    const key = `age:{u:${encodeURIComponent(userId)}}:pair`;
    await here.set(userId, pairOf(userId, 1));
    await untilLocal(here, userId, admin);
    const changed = pairOf(userId, 2);
    await admin.set(key, JSON.stringify(changed), 'PX', 60_000);
    await sleep(500);
    expect(await here.get(userId)).toEqual(changed);

    const off = new RedisTokenStore(client, { prefix: 'age:', localCacheMs: 0 });
    const before = await getCalls(admin);
    await off.get(userId);
    await off.get(userId);
    expect(await getCalls(admin)).toBe(before + 2);
    expect(() => new RedisTokenStore(client, { localCacheMs: -1 })).toThrow(/`localCacheMs` must be/);
  });
});

describe('notifications with ioredis and enableOfflineQueue: false', () => {
  it('subscribes once the connection is ready (a SUBSCRIBE sent earlier is refused), so waiters are woken and the copy is used', async () => {
    const admin = ioredis();
    const client = new Redis(server.port, '127.0.0.1', { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    client.on('error', () => undefined);
    opened.push(client);
    await new Promise((resolve) => client.once('ready', resolve));
    const store = new RedisTokenStore(client, { prefix: 'offline:' });
    const userId = freshUser();
    await store.set(userId, {
      user_id: userId,
      access_token: 'a1',
      refresh_token: 'r1',
      expires_at: Date.now() + 60_000,
    });
    await untilLocal(store, userId, admin);
    let seen = 0;
    const stop = store.renewal.onChange?.(userId, () => seen++);
    await new RedisTokenStore(ioredis(), { prefix: 'offline:', notifications: false }).delete(userId);
    const until = Date.now() + 2_000;
    while (seen === 0 && Date.now() < until) await sleep(10);
    stop?.();
    expect(seen).toBe(1);
    expect(await store.get(userId)).toBeUndefined();
  });
});

describe('node-redis client checks', () => {
  it("refuses a node-redis client with no 'error' listener (Node would exit the process when Redis drops)", async () => {
    const bare = createClient({ url: server.url });
    expect(() => new RedisTokenStore(bare)).toThrow(ConfigurationError);
    expect(() => new RedisTokenStore(bare)).toThrow(/no 'error' listener.*client\.on\('error'/);
    expect(() => createRedisStores(bare)).toThrow(ConfigurationError);
    bare.on('error', () => undefined);
    expect(() => new RedisTokenStore(bare)).not.toThrow();
  });
});

describe('coordinated renewal on Redis', () => {
  it('heals a refused renewal: one instance issues one new pair under the lease, every read succeeds', async () => {
    const store = new RedisTokenStore(ioredis());
    const clients = [0, 1, 2].map(() => setup.client({ tokenStore: new RedisTokenStore(ioredis()) }));
    const pair = await clients[0]!.user('demo-user').tokenPair();
    await setup.client().tokens.renew(pair);
    setup.clock.advance(601_000);
    const issuedBefore = setup.fake().tokens.issued;
    const outcomes = await Promise.allSettled(
      clients.flatMap((c) => Array.from({ length: 50 }, () => c.user('demo-user').watchlist())),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(setup.fake().tokens.issued - issuedBefore).toBe(1);
    // One renewal refused by the fake (plus the one that spent the token); nobody renewed again.
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(2);
    const stored = await store.get('demo-user');
    expect(stored?.refresh_token).not.toBe(pair.toStored().refresh_token);
    expect(setup.fake().tokens.byAccess.get(stored?.access_token ?? '')?.renewedAt).toBeUndefined();
    await store.delete('demo-user');
  });

  it('a heal that cannot issue (service answering 503) fails that wave as TokenRenewalError, stores nothing; the next wave heals', async () => {
    const store = new RedisTokenStore(ioredis());
    const clients = [0, 1, 2].map(() => setup.client({ tokenStore: new RedisTokenStore(ioredis()), retry: false }));
    const pair = await clients[0]!.user('demo-user').tokenPair();
    await setup.client().tokens.renew(pair);
    setup.clock.advance(601_000);
    const issuedBefore = setup.fake().tokens.issued;
    setup.fake().faults.add({ route: 'POST /v1/auth/token', status: 503, times: 1 });
    const first = await Promise.allSettled(
      clients.flatMap((c) => Array.from({ length: 20 }, () => c.user('demo-user').watchlist())),
    );
    expect(first.every((o) => o.status === 'rejected' && o.reason instanceof TokenRenewalError)).toBe(true);
    expect(setup.fake().requestCount('POST /v1/auth/token')).toBe(1 + 1); // the seed, then the failed heal
    expect((await store.get('demo-user'))?.refresh_token).toBe(pair.toStored().refresh_token);
    // The failure notice lives 5 s; once it is gone, the next wave heals with one new pair.
    await new Promise((r) => setTimeout(r, 5_100));
    const second = await Promise.allSettled(
      clients.flatMap((c) => Array.from({ length: 20 }, () => c.user('demo-user').watchlist())),
    );
    expect(second.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(setup.fake().tokens.issued - issuedBefore).toBe(1);
    await store.delete('demo-user');
  });

  it('with renewal.reissue: false, reports a refused renewal to every instance as TokenRenewalError and stores nothing', async () => {
    const redis = ioredis();
    const store = new RedisTokenStore(redis);
    const clients = [0, 1, 2].map(() =>
      setup.client({ tokenStore: new RedisTokenStore(ioredis()), renewal: { reissue: false } }),
    );
    const pair = await clients[0]!.user('demo-user').tokenPair();
    // Spend the refresh token elsewhere (no store): every instance now holds a dead pair.
    await setup.client().tokens.renew(pair);
    setup.clock.advance(601_000);
    const outcomes = await Promise.allSettled(
      clients.flatMap((c) => Array.from({ length: 50 }, () => c.user('demo-user').watchlist())),
    );
    expect(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof TokenRenewalError)).toBe(true);
    // One renewal request (refused); the others learned it from the failure notice.
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(2);
    expect((await store.get('demo-user'))?.refresh_token).toBe(pair.toStored().refresh_token);
    await store.delete('demo-user');
  });

  it('takes over the lease of an instance that died mid-renewal once it expires', async () => {
    const redis = ioredis();
    const store = new RedisTokenStore(redis, { leaseMs: 400 });
    const client = setup.client({ tokenStore: store });
    await client.user('demo-user').tokenPair();
    setup.clock.advance(601_000);
    // A dead instance's lease: nobody will release it.
    await redis.set('viewlink:{u:demo-user}:lease', 'dead-instance', 'PX', 400);
    const started = Date.now();
    await client.user('demo-user').watchlist();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(setup.fake().requestCount('POST /v1/auth/token/refresh')).toBe(1);
    await store.delete('demo-user');
  });

  it('fails a read with SharedStoreError when Redis does not answer, without sending anything', async () => {
    const silent: RedisClientLike = () => new Promise(() => undefined);
    const client = setup.client({ tokenStore: new RedisTokenStore(silent, { commandTimeoutMs: 50 }) });
    const error = await client
      .user('demo-user')
      .watchlist()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SharedStoreError);
    expect((error as SharedStoreError).operation).toBe('token-store.get');
    expect(setup.fake().requestCount()).toBe(0);
  });
});

describe('RedisRefreshLedger', () => {
  it('two instances pressing refresh for one user at the same moment send one refresh', async () => {
    for (let round = 0; round < 10; round++) {
      const userId = `refresh-user-${round}`;
      await fetch('http://127.0.0.1:4020/__mock/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: userId, accounts: [{ service: 'streamflix' }] }),
      });
      const [a, b] = [0, 1].map(() =>
        setup.client({
          refresh: { ledger: new RedisRefreshLedger(ioredis()) },
          tokenStore: new RedisTokenStore(ioredis()),
        }),
      );
      await a!.user(userId).tokenPair();
      const before = setup.fake().stats.refreshes;
      const outcomes = await Promise.allSettled([
        a!.user(userId).refresh({ trigger: 'user-action', service: 'streamflix' }),
        b!.user(userId).refresh({ trigger: 'user-action', service: 'streamflix' }),
      ]);
      expect(setup.fake().stats.refreshes - before).toBe(1);
      const refused = outcomes.filter((o) => o.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(RefreshRefusedError);
    }
  });

  it('a refresh the server refused releases its reservation, so the next press is sent', async () => {
    const ledger = new RedisRefreshLedger(ioredis());
    const client = setup.client({ refresh: { ledger, maxPerSecond: 10 }, tokenStore: new RedisTokenStore(ioredis()) });
    // tubely is broken for demo-user: 409.
    await expect(
      client.user('demo-user').refresh({ trigger: 'user-action', service: 'tubely' }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(
      client.user('demo-user').refresh({ trigger: 'user-action', service: 'tubely' }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(setup.fake().requestCount('POST /v1/user/refresh')).toBe(2);
    // An accepted one holds the cooldown in Redis.
    await client.user('demo-user').refresh({ trigger: 'user-action', service: 'streamflix' });
    await expect(
      client.user('demo-user').refresh({ trigger: 'user-action', service: 'streamflix' }),
    ).rejects.toMatchObject({ reason: 'cooldown' });
    expect(await ledger.lastAccepted('demo-user', 'service:streamflix')).toBe(setup.clock.now());
  });
});

describe('RedisEventStore', () => {
  const secret = 'whsec_redis_test_secret';

  it('the same webhook delivered to four instances at once runs the handler once', async () => {
    let runs = 0;
    const instances = [0, 1, 2, 3].map(() =>
      createWebhookHandler({
        secret,
        store: new RedisEventStore(ioredis()),
        on: {
          UserDataRefreshCompleted: async () => {
            runs += 1;
            await new Promise((r) => setTimeout(r, 50));
          },
        },
      }),
    );
    const event = createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'r1', services: [] });
    const answers = await Promise.all(
      instances.map(async (handle) => handle(await createTestWebhookRequest(event, { secret }))),
    );
    expect(runs).toBe(1);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    // Redelivered later: acknowledged, not run again.
    const again = await instances[2]!(await createTestWebhookRequest(event, { secret }));
    expect(again.status).toBe(200);
    expect(runs).toBe(1);
  });

  it('a failed handler releases the id, so the redelivery runs it', async () => {
    let runs = 0;
    const handle = createWebhookHandler({
      secret,
      store: new RedisEventStore(ioredis()),
      on: {
        UserDataRefreshCompleted: () => {
          runs += 1;
          if (runs === 1) throw new Error('database down');
        },
      },
    });
    const event = createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'r2', services: [] });
    expect((await handle(await createTestWebhookRequest(event, { secret }))).status).toBe(500);
    expect((await handle(await createTestWebhookRequest(event, { secret }))).status).toBe(200);
    expect(runs).toBe(2);
  });
});

describe('every key expires', () => {
  it('leaves no key without a TTL after renewals, refreshes and webhooks', async () => {
    const redis = ioredis();
    const { tokenStore, refreshLedger, eventStore } = createRedisStores(redis, { prefix: 'ttl:' });
    const client = setup.client({ tokenStore, refresh: { ledger: refreshLedger } });
    await client.user('demo-user').watchlist();
    setup.clock.advance(601_000);
    await client.user('demo-user').watchlist();
    await client.user('demo-user').refresh({ trigger: 'user-action' });
    await tokenStore.renewal.fail('demo-user', 'x', (await tokenStore.get('demo-user'))!, { code: 'test' });
    await eventStore.begin('evt-1');
    await eventStore.complete('evt-1');
    await eventStore.begin('evt-2');
    const keys = await redis.keys('ttl:*');
    expect(keys.length).toBeGreaterThanOrEqual(5);
    for (const key of keys) expect({ key, ttl: await redis.pttl(key) }).toMatchObject({ ttl: expect.any(Number) });
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
  });

  it('runs its scripts by SHA (EVALSHA), sending a script body only the first time', async () => {
    const redis = ioredis();
    const client = setup.client({ tokenStore: new RedisTokenStore(redis) });
    await redis.call('CONFIG', 'RESETSTAT');
    for (let i = 0; i < 3; i++) {
      await client.user('demo-user').watchlist();
      setup.clock.advance(601_000);
    }
    const stats = String(await redis.info('commandstats'));
    const calls = (name: string) => Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
    expect(calls('evalsha')).toBeGreaterThanOrEqual(2);
    expect(calls('eval')).toBeLessThanOrEqual(1);
  });
});
