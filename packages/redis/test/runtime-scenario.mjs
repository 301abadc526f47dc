/**
 * One server runtime (Node, Deno or Bun, argv: its label and the client, `ioredis` or
 * `node-redis`) running @viewlink/redis (the bundle at VIEWLINK_REDIS, built from the sources by
 * test/runtimes.ts) against a real redis-server (REDIS_PORT) or a Redis Cluster (REDIS_CLUSTER:
 * its nodes' ports, comma-separated; ioredis `Cluster`, node-redis `createCluster`). Each step's
 * outcome goes into one JSON line on stdout: `up` (every store), `down` (reads of user
 * SCENARIO_DOWN_USER, default u2, after the parent stopped Redis or killed that user's master),
 * `back` (the stores again, once a write of that user goes through). The parent asks for each
 * next step on stdin.
 */
const { createRedisStores, SharedStoreError } = await import(process.env.VIEWLINK_REDIS);

const [, , label, library] = process.argv;
const clusterPorts = process.env.REDIS_CLUSTER?.split(',').map(Number);
const prefix = process.env.SCENARIO_PREFIX ?? `rt-${label}-${library}:`;
const downUser = process.env.SCENARIO_DOWN_USER ?? 'u2';
// A cluster's failover takes seconds (more on a loaded machine); a restarted server, less.
const backWithinMs = clusterPorts ? 30_000 : 10_000;
// Each chunk on stdin is one go-ahead from the parent (it writes a line per step).
const goAheads = [];
let wake = () => undefined;
process.stdin.on('data', () => {
  goAheads.push(true);
  wake();
});
const line = () =>
  goAheads.length > 0
    ? Promise.resolve(goAheads.shift())
    : new Promise((resolve) => {
        wake = () => resolve(goAheads.shift());
      });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let redis;
let close;
if (library === 'ioredis') {
  const { Cluster, Redis } = await import('ioredis');
  redis = clusterPorts
    ? new Cluster(
        clusterPorts.map((port) => ({ host: '127.0.0.1', port })),
        {
          redisOptions: { maxRetriesPerRequest: 1 },
          retryDelayOnFailover: 100,
          retryDelayOnClusterDown: 100,
          slotsRefreshTimeout: 1_000,
          // Learn the promoted replica within a second, not ioredis's default 5 s (docs/partner.md).
          slotsRefreshInterval: 1_000,
        },
      )
    : new Redis(port(), '127.0.0.1', { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  close = () => redis.quit();
} else {
  const { createClient, createCluster } = await import('redis');
  redis = clusterPorts
    ? createCluster({ rootNodes: clusterPorts.map((port) => ({ url: `redis://127.0.0.1:${port}` })) })
    : createClient({ url: `redis://127.0.0.1:${port()}` });
  redis.on('error', () => undefined);
  await redis.connect();
  close = () => redis.close();
}
function port() {
  return Number(process.env.REDIS_PORT);
}

const pair = (userId) => ({
  user_id: userId,
  access_token: 'at',
  refresh_token: 'rt',
  token_type: 'Bearer',
  expires_at: Date.now() + 600_000,
});

/** Every store for `userId`: a pair stored and read, a renewal, its notification, the ledger, an event. */
async function checkStores(userId) {
  const steps = {};
  const { tokenStore, refreshLedger, eventStore } = createRedisStores(redis, { prefix });
  const stored = pair(userId);
  await tokenStore.set(userId, stored);
  steps.tokens = (await tokenStore.get(userId))?.access_token === 'at';
  const lease = await tokenStore.renewal.acquire(userId, 5_000);
  steps.renewal =
    typeof lease === 'string' &&
    (await tokenStore.renewal.complete(userId, lease, stored, {
      ...stored,
      access_token: 'at2',
      refresh_token: 'rt2',
    }));
  // Notifications: a waiter of this store is woken by the pub/sub message of the other's write,
  // sent again until it arrives (a subscriber still connecting or resubscribing misses one).
  // A client without a subscriber (a command function) has none: its waiters poll.
  const other = createRedisStores(redis, { prefix }).tokenStore;
  let woken = false;
  const stop = tokenStore.renewal.onChange?.(userId, () => {
    woken = true;
  });
  if (stop) {
    const until = Date.now() + 5_000;
    while (!woken && Date.now() < until) {
      await other.set(userId, stored);
      await sleep(200);
    }
    stop();
    steps.notified = woken;
  } else steps.notified = 'no subscriber';
  const reserve = { check: ['all'], hold: ['all'], atMs: Date.now(), cooldownMs: 60_000, pendingMs: 5_000 };
  const first = await refreshLedger.reservations.reserve(userId, reserve);
  const second = await refreshLedger.reservations.reserve(userId, reserve);
  steps.ledger = 'reserved' in first && !('reserved' in second);
  const id = `evt-${userId}-${Date.now()}`;
  const claimed = await eventStore.begin(id);
  await eventStore.complete(id);
  steps.events = claimed === 'new' && (await eventStore.begin(id)) === 'done';
  return steps;
}

const { tokenStore } = createRedisStores(redis, { prefix });
try {
  process.stdout.write(`${JSON.stringify({ up: await checkStores('u1') })}\n`);

  await line(); // the parent stopped Redis (or killed the down user's master)
  const started = Date.now();
  const error = await tokenStore.get(downUser).then(
    () => undefined,
    (e) => e,
  );
  await sleep(500);
  const again = Date.now();
  const error2 = await tokenStore.get(downUser).then(
    () => undefined,
    (e) => e,
  );
  process.stdout.write(
    `${JSON.stringify({
      down: {
        typed: error instanceof SharedStoreError && error2 instanceof SharedStoreError,
        // Each read's outcome: on a cluster, one may go through once the replica has taken over.
        outcomes: [error, error2].map((e) =>
          e === undefined ? 'ok' : e instanceof SharedStoreError ? e.name : String(e),
        ),
        operation: error?.operation,
        ms: [again - started - 500, Date.now() - again],
      },
    })}\n`,
  );

  await line(); // the parent started Redis again (or a replica is taking over)
  const backStarted = Date.now();
  let back = false;
  while (!back && Date.now() - backStarted < backWithinMs) {
    back = await tokenStore.set(downUser, pair(downUser)).then(
      () => true,
      () => false,
    );
    if (!back) await sleep(100);
  }
  const stores = back ? await checkStores(downUser) : undefined;
  process.stdout.write(`${JSON.stringify({ back, ms: Date.now() - backStarted, stores })}\n`);
} finally {
  await close().catch(() => undefined);
  process.stdin.destroy();
}
