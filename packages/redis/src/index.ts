/**
 * `@viewlink/redis`: shared stores for `@viewlink/partner` when several backend instances (or
 * serverless functions) serve the same users. On Redis: {@link RedisTokenStore} (token pairs,
 * renewal coordinated across instances: one renewal per expired pair), {@link RedisRefreshLedger}
 * (refresh cooldown, atomic check-and-reserve) and {@link RedisEventStore} (webhook idempotency).
 * Any client: ioredis, node-redis (a cluster of either too), or a command function. Keys are
 * prefixed, hash-tagged per user (Redis Cluster) and expire. {@link createKeyValueStores} adapts
 * a Keyv-style store, without the atomic guarantees. docs/partner.md, "Running several instances".
 * @packageDocumentation
 */
export type {
  IoredisLike,
  NodeRedisClusterLike,
  NodeRedisLike,
  RedisClientLike,
  RedisCommandFunction,
  RedisConnectionOptions,
} from './client.js';
export { SharedStoreError } from './errors.js';
export { RedisEventStore, type RedisEventStoreOptions } from './event-store.js';
export {
  createKeyValueStores,
  fromUnstorage,
  type KeyValueStore,
  type KeyValueStores,
  type KeyValueStoresOptions,
  type UnstorageLike,
} from './key-value.js';
export { RedisRefreshLedger, type RedisRefreshLedgerOptions } from './refresh-ledger.js';
export { createRedisStores, type RedisStoresOptions } from './stores.js';
export { RedisTokenStore, type RedisTokenStoreOptions } from './token-store.js';
