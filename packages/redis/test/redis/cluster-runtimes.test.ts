/**
 * @viewlink/redis on a real Redis Cluster (scripts/redis/cluster-start.sh: 3 masters with a
 * replica each) on every server runtime of the matrix (Node 22, 24, 26, Deno, Bun: test/runtimes.ts),
 * with ioredis's `Cluster` and node-redis's `createCluster` (each passed to the stores as is):
 * every store works through the cluster, a user's keys all land in the slot of the
 * user's hash tag, and a master killed (SIGKILL, by pid) mid-run fails that user's reads with
 * SharedStoreError until its replica takes over; then every store works again. One cluster per
 * runtime; each client library kills a different master, so each failover has a caught-up replica.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  keySlot,
  keysOn,
  mastersOf,
  ownerOf,
  type RedisCluster,
  replicaCaughtUp,
  startRedisCluster,
} from '../redis-server.js';
import { prepareRuntimes, RUNTIMES, type RuntimeHarness } from '../runtimes.js';

let harness: RuntimeHarness;

beforeAll(async () => {
  harness = await prepareRuntimes();
}, 600_000);
afterAll(() => harness?.dispose());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long a replica may take to catch up, and to take over (loaded 2-core machine: elections can retry). */
const SYNC_BOUND_MS = 10_000;
const FAILOVER_BOUND_MS = 30_000;

/** Waits (bounded) until `done()` holds; false when it never did. */
async function until(done: () => boolean, boundMs: number): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

describe.each(RUNTIMES)('%s on a Redis Cluster', (runtime) => {
  let cluster: RedisCluster;
  const killed = new Set<number>();
  beforeAll(() => {
    cluster = startRedisCluster();
  }, 900_000);
  afterAll(() => cluster?.dispose());

  /** A node still running, to ask about the cluster. */
  const alive = () => cluster.nodes.find((n) => !killed.has(n.port))!.port;

  it.each(['ioredis', 'node-redis'])(
    '%s: every store, keys in their user slot, a master killed mid-run fails over',
    async (library) => {
      const prefix = `rtc-${runtime}-${library}:`;
      // The user whose master is killed: the first whose master has a replica (not one promoted
      // by the other library's failover).
      let downUser = '';
      let slot = 0;
      let owner: number | undefined;
      const deadline = Date.now() + SYNC_BOUND_MS;
      for (let i = 2; !downUser && Date.now() < deadline; i++) {
        slot = keySlot(alive(), `{u:u${i}}`);
        owner = ownerOf(alive(), slot);
        if (owner !== undefined && !killed.has(owner) && replicaCaughtUp(owner)) downUser = `u${i}`;
        else if (i % 20 === 0) await sleep(100);
      }
      expect(downUser, `no master with a caught-up replica within ${SYNC_BOUND_MS} ms`).not.toBe('');
      const victim = cluster.nodes.find((n) => n.port === owner)!;
      let placement: Record<string, unknown> = {};

      const [up, down, back] = await harness.run(
        runtime,
        library,
        {
          REDIS_CLUSTER: cluster.nodes.map((n) => n.port).join(','),
          SCENARIO_PREFIX: prefix,
          SCENARIO_DOWN_USER: downUser,
        },
        async (index) => {
          if (index === 0) {
            // Where u1's keys landed: every one on the master serving the slot of `{u:u1}`.
            const holders = mastersOf(alive()).map((m) => ({
              port: m.port,
              keys: keysOn(m.port, `${prefix}*{u:u1}*`),
            }));
            placement = {
              keys: holders.flatMap((h) => h.keys).sort(),
              on: holders.filter((h) => h.keys.length > 0).map((h) => h.port),
              slot: ownerOf(alive(), keySlot(alive(), `${prefix}{u:u1}:pair`)),
            };
            // A replica holding every acknowledged write before the kill: nothing lost is the store's fault.
            expect(await until(() => replicaCaughtUp(victim.port), SYNC_BOUND_MS)).toBe(true);
            process.kill(victim.pid, 'SIGKILL');
            killed.add(victim.port);
          } else {
            const failedOver = await until(() => {
              const now = ownerOf(alive(), slot);
              return now !== undefined && now !== victim.port;
            }, FAILOVER_BOUND_MS);
            expect(failedOver, `no failover of ${victim.port} within ${FAILOVER_BOUND_MS} ms`).toBe(true);
          }
        },
        3,
      );

      const everyStore = { tokens: true, renewal: true, notified: true, ledger: true, events: true };
      expect(up).toEqual({ up: everyStore });
      expect(placement).toEqual({
        keys: [`${prefix}{u:u1}:pair`, `${prefix}{u:u1}:refresh:all`],
        on: [placement.slot],
        slot: expect.any(Number),
      });
      // The first read, sent right after the kill, fails typed (a failover takes over a second:
      // cluster-node-timeout plus the election); the next may go through the promoted replica.
      expect(down).toMatchObject({
        down: { operation: 'token-store.get', outcomes: ['SharedStoreError', expect.any(String)] },
      });
      expect(['SharedStoreError', 'ok']).toContain((down as { down: { outcomes: string[] } }).down.outcomes[1]);
      // Bounded by the stores' commandTimeoutMs (2 s), whatever the client does meanwhile.
      for (const ms of (down as { down: { ms: number[] } }).down.ms) expect(ms).toBeLessThan(2_500);
      expect(back).toMatchObject({ back: true, stores: everyStore });
    },
    90_000,
  );
});
