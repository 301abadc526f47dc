/**
 * An application process for shutdown.test.ts: one Redis client (ioredis, an ioredis Cluster on
 * the CLUSTER_PORTS nodes, or node-redis, from argv) with the stores of createRedisStores() on it,
 * a read that opens the stores' subscriber, then the documented shutdown (`quit()` / `close()`)
 * when the parent says so. The parent checks that the process then exits by itself, Redis up or
 * down.
 *
 * IPC in: `'quit'`. Out: `'ready'` (the subscriber had time to connect), `'quit-done'`.
 */
import { Cluster, Redis } from 'ioredis';
import { createClient } from 'redis';
import { createRedisStores } from '../src/index.js';

const port = Number(process.env.REDIS_PORT);
const library = process.argv[2];
let quit: () => Promise<unknown>;
let stores: ReturnType<typeof createRedisStores>;
if (library === 'ioredis-cluster') {
  // CLUSTER_PORTS: the cluster's nodes, comma-separated (options as cluster.test.ts and the docs give).
  const nodes = String(process.env.CLUSTER_PORTS)
    .split(',')
    .map((p) => ({ host: '127.0.0.1', port: Number(p) }));
  const client = new Cluster(nodes, { redisOptions: { maxRetriesPerRequest: 1 }, slotsRefreshInterval: 1_000 });
  client.on('error', () => undefined);
  stores = createRedisStores(client);
  quit = () => client.quit();
} else if (library === 'ioredis') {
  const client = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  stores = createRedisStores(client);
  quit = () => client.quit();
} else {
  const client = createClient({ url: `redis://127.0.0.1:${port}` });
  client.on('error', () => undefined);
  await client.connect();
  stores = createRedisStores(client);
  quit = () => client.close();
}
// Fails while Redis is down (a process started during an outage): the subscriber is open anyway.
await stores.tokenStore.get('shutdown-user').catch(() => undefined);
// Time for the subscriber to connect and subscribe (milliseconds on loopback).
await new Promise((resolve) => setTimeout(resolve, 500));
process.on('message', async (message) => {
  if (message !== 'quit') return;
  await quit().catch(() => undefined);
  process.send?.('quit-done');
  // The IPC channel is the parent's: what must not keep the process alive is everything else.
  process.disconnect();
});
process.send?.('ready');
