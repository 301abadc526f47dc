/**
 * One server runtime (Node, Deno or Bun, argv: its label and the client, `ioredis` or
 * `node-redis`) running @viewlink/redis (the bundle at VIEWLINK_REDIS, built from the sources by
 * runtimes.test.ts) against a real redis-server (REDIS_PORT). Each step's outcome goes into one JSON line on stdout; the parent stops Redis
 * (by pid) between the `down` and `back` lines, which it asks for on stdin.
 */
const { createRedisStores, SharedStoreError } = await import(process.env.VIEWLINK_REDIS);

const [, , label, library] = process.argv;
const port = Number(process.env.REDIS_PORT);
const steps = {};
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

let redis;
let close;
if (library === 'ioredis') {
  const { Redis } = await import('ioredis');
  redis = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  close = () => redis.quit();
} else {
  const { createClient } = await import('redis');
  redis = createClient({ url: `redis://127.0.0.1:${port}` });
  redis.on('error', () => undefined);
  await redis.connect();
  close = () => redis.close();
}

const { tokenStore, refreshLedger, eventStore } = createRedisStores(redis, { prefix: `rt-${label}-${library}:` });
const pair = {
  user_id: 'u1',
  access_token: 'at',
  refresh_token: 'rt',
  token_type: 'Bearer',
  expires_at: Date.now() + 600_000,
};
try {
  await tokenStore.set('u1', pair);
  steps.tokens = (await tokenStore.get('u1'))?.access_token === 'at';
  const lease = await tokenStore.renewal.acquire('u1', 5_000);
  steps.renewal =
    typeof lease === 'string' &&
    (await tokenStore.renewal.complete('u1', lease, pair, { ...pair, access_token: 'at2', refresh_token: 'rt2' }));
  // Notifications: a waiter of this store is woken by the pub/sub message of the other's write.
  const other = createRedisStores(redis, { prefix: `rt-${label}-${library}:` }).tokenStore;
  const woken = new Promise((resolve) => {
    const stop = tokenStore.renewal.onChange?.('u1', () => {
      stop?.();
      resolve(true);
    });
    setTimeout(() => resolve(false), 3_000);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await other.set('u1', pair);
  steps.notified = await woken;
  const reserve = { check: ['all'], hold: ['all'], atMs: Date.now(), cooldownMs: 60_000, pendingMs: 5_000 };
  const first = await refreshLedger.reservations.reserve('u1', reserve);
  const second = await refreshLedger.reservations.reserve('u1', reserve);
  steps.ledger = 'reserved' in first && !('reserved' in second);
  const id = `evt-${Date.now()}`;
  const claimed = await eventStore.begin(id);
  await eventStore.complete(id);
  steps.events = claimed === 'new' && (await eventStore.begin(id)) === 'done';
  process.stdout.write(`${JSON.stringify({ up: steps })}\n`);

  await line(); // the parent stopped Redis
  const started = Date.now();
  const error = await tokenStore.get('u2').then(
    () => undefined,
    (e) => e,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const again = Date.now();
  const error2 = await tokenStore.get('u2').then(
    () => undefined,
    (e) => e,
  );
  process.stdout.write(
    `${JSON.stringify({
      down: {
        typed: error instanceof SharedStoreError && error2 instanceof SharedStoreError,
        operation: error?.operation,
        ms: [again - started - 500, Date.now() - again],
      },
    })}\n`,
  );

  await line(); // the parent started Redis again
  const until = Date.now() + 10_000;
  let back = false;
  while (!back && Date.now() < until) {
    back = await tokenStore.set('u3', pair).then(
      () => true,
      () => false,
    );
    if (!back) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.stdout.write(`${JSON.stringify({ back })}\n`);
} finally {
  await close().catch(() => undefined);
  process.stdin.destroy();
}
