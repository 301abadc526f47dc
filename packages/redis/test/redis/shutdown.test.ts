/**
 * Shutdown on a real redis-server and a real Redis Cluster: after the documented `quit()`
 * (ioredis, its Cluster) or `close()` (node-redis) an application process exits by itself, also
 * when Redis is down at that moment (a pod stopped during a Redis outage). The stores' own
 * subscriber connection must not keep it alive: ioredis's quit() while reconnecting emits no
 * 'end', so the subscriber never heard of it. A single-node subscriber reconnects on a timer of
 * its own, paced by the client's own retryStrategy.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisTokenStore } from '../../src/index.js';
import { type RedisCluster, type RedisServer, startRedis, startRedisCluster } from '../redis-server.js';

const worker = fileURLToPath(new URL('../shutdown-worker.ts', import.meta.url));
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
let server: RedisServer;
const children: ChildProcess[] = [];

beforeAll(() => {
  server = startRedis();
});
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  server?.dispose();
});

function next(child: ChildProcess, expected: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.on('message', (message) => message === expected && resolve());
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before '${expected}'`)));
  });
}

/** How a worker reaches Redis, and how the test takes it down and back (an outage). */
interface Target {
  readonly env: Record<string, string>;
  stop(): void;
  start(): void;
}

const single = (): Target => ({
  env: { REDIS_PORT: String(server.port) },
  stop: () => server.stop(),
  start: () => server.start(),
});

/** Milliseconds from the quit call's return to the process's exit, or what went wrong instead. */
async function exitAfterQuit(
  library: string,
  redisDown: boolean,
  withinMs: number,
  target = single(),
): Promise<number | string> {
  const child = fork(worker, [library], {
    cwd: repo,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...target.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  await next(child, 'ready');
  // Down for a while before the shutdown: long enough for the stores to have tried to reach it
  // (a probe queued in the client's offline queue made ioredis's quit() wait for Redis).
  if (redisDown) {
    target.stop();
    await sleep(1_500);
  }
  try {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const quitDone = next(child, 'quit-done');
    child.send('quit');
    // Bounded, so a quit that never returns fails this check, not the test's timeout (which would
    // leave the finally below restarting Redis after the file's servers were disposed).
    if ((await Promise.race([quitDone.then(() => 'done'), sleep(10_000).then(() => 'hung')])) === 'hung')
      return 'quit did not return within 10 s';
    const start = Date.now();
    const outcome = await Promise.race([exited.then(() => 'exited'), sleep(withinMs).then(() => 'alive')]);
    return outcome === 'exited' ? Date.now() - start : `still alive ${withinMs} ms after quit returned`;
  } finally {
    if (redisDown) target.start();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(['ioredis', 'node-redis'])('%s with createRedisStores()', (library) => {
  it('exits after quit with Redis up', async () => {
    expect(await exitAfterQuit(library, false, 5_000)).toBeTypeOf('number');
  });

  it('exits after quit with Redis down (the stores subscriber does not keep reconnecting)', async () => {
    // ioredis's own client gives up its reconnect timer within about 2 s of quit.
    expect(await exitAfterQuit(library, true, 5_000)).toBeTypeOf('number');
  });
});

describe('ioredis Cluster with createRedisStores() (3 masters with a replica each)', () => {
  let cluster: RedisCluster | undefined;
  let down = false;
  const target = (): Target => ({
    env: { CLUSTER_PORTS: cluster?.nodes.map((n) => n.port).join(',') ?? '' },
    // Every node down: the whole cluster is out, as the single Redis was above.
    stop: () => {
      cluster?.stop();
      down = true;
    },
    // Not restarted: the tests below run on a cluster that stays down.
    start: () => undefined,
  });
  beforeAll(() => {
    cluster = startRedisCluster();
  });
  afterAll(() => cluster?.dispose());
  // Within 8 s: the cluster client's own node connections wait out ioredis's 2 s disconnectTimeout.
  const withinMs = 8_000;

  it('exits after quit with the cluster up', async () => {
    expect(await exitAfterQuit('ioredis-cluster', false, withinMs, target())).toBeTypeOf('number');
  });

  it('exits after quit with every node down since the stores were in use', async () => {
    expect(down).toBe(false);
    expect(await exitAfterQuit('ioredis-cluster', true, withinMs, target())).toBeTypeOf('number');
  });

  it('exits after quit when every node was down since the process started (the client never stops reconnecting, and its quit() emits no end)', async () => {
    if (!down) target().stop();
    expect(await exitAfterQuit('ioredis-cluster', false, withinMs, target())).toBeTypeOf('number');
  });
});

describe('the ioredis subscriber after an outage', () => {
  it('reconnects by itself once Redis is back (after failed attempts), and waiters are woken again', async () => {
    const client = new Redis(server.port, '127.0.0.1', { maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    const other = new Redis(server.port, '127.0.0.1', { maxRetriesPerRequest: 1 });
    other.on('error', () => undefined);
    try {
      const store = new RedisTokenStore(client);
      await store.get('outage-user');
      await sleep(300);
      server.stop();
      // Long enough for several refused reconnect attempts.
      await sleep(1_500);
      server.start();
      let seen = 0;
      const stop = store.renewal.onChange?.('outage-user', () => seen++);
      const writer = new RedisTokenStore(other, { notifications: false });
      const until = Date.now() + 10_000;
      // Each set is announced; the subscriber hears one once it is back.
      while (seen === 0 && Date.now() < until) {
        await writer
          .set('outage-user', {
            user_id: 'outage-user',
            access_token: 'a',
            refresh_token: 'r',
            expires_at: Date.now() + 60_000,
          })
          .catch(() => undefined);
        await sleep(100);
      }
      stop?.();
      expect(seen).toBeGreaterThan(0);
    } finally {
      client.disconnect();
      other.disconnect();
    }
  });
});

describe("the ioredis subscriber's reconnects follow the client's own retryStrategy", () => {
  /** Connections of the stores' subscriber (a duplicate keeps the client's connection name). */
  async function subscribers(admin: Redis, name: string): Promise<number> {
    const list = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    return list.split('\n').filter((line) => line.includes(` name=${name} `)).length;
  }

  it("ioredis's default one when the client was given none (read from the client, not a copy of it)", async () => {
    const admin = new Redis(server.port, '127.0.0.1', { maxRetriesPerRequest: 1 });
    const client = new Redis(server.port, '127.0.0.1', { maxRetriesPerRequest: 1, connectionName: 'default-retry' });
    client.on('error', () => undefined);
    try {
      // ioredis fills its default in; the subscriber must ask it, whatever ioredis's version.
      const effective = client.options.retryStrategy;
      expect(effective).toBeTypeOf('function');
      const asked: number[] = [];
      client.options.retryStrategy = (times) => {
        asked.push(times);
        return effective?.(times);
      };
      const store = new RedisTokenStore(client);
      await store.get('default-retry-user');
      while ((await subscribers(admin, 'default-retry')) === 0) await sleep(20);
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      const until = Date.now() + 5_000;
      while ((await subscribers(admin, 'default-retry')) === 0 && Date.now() < until) await sleep(20);
      expect(asked[0]).toBe(1);
      expect(await subscribers(admin, 'default-retry')).toBe(1);
    } finally {
      client.disconnect();
      admin.disconnect();
    }
  });

  it('none when the client reconnects never (retryStrategy: null), as ioredis itself would not', async () => {
    const admin = new Redis(server.port, '127.0.0.1', { maxRetriesPerRequest: 1 });
    const client = new Redis(server.port, '127.0.0.1', {
      maxRetriesPerRequest: 1,
      connectionName: 'no-retry',
      // ioredis's way to say "never reconnect" (its types allow a function only).
      retryStrategy: null as unknown as undefined,
    });
    client.on('error', () => undefined);
    try {
      const store = new RedisTokenStore(client);
      await store.get('no-retry-user');
      while ((await subscribers(admin, 'no-retry')) === 0) await sleep(20);
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      // ioredis's default would have been back within 250 ms.
      await sleep(1_000);
      expect(await subscribers(admin, 'no-retry')).toBe(0);
      // The stores still work: reads go to Redis, waiters poll.
      expect(await store.get('no-retry-user')).toBeUndefined();
    } finally {
      client.disconnect();
      admin.disconnect();
    }
  });
});
