/**
 * `@viewlink/redis`: shared stores for `@viewlink/partner` when several backend instances (or
 * serverless functions) serve the same users. On Redis: {@link RedisTokenStore} (token pairs,
 * renewal coordinated across instances: one renewal per expired pair), {@link RedisRefreshLedger}
 * (refresh cooldown, atomic check-and-reserve) and {@link RedisEventStore} (webhook idempotency).
 * Any client: ioredis, node-redis, or a command function. Keys are prefixed, hash-tagged per user
 * (Redis Cluster) and expire. {@link createKeyValueStores} adapts a Keyv-style store, without the
 * atomic guarantees. docs/partner.md, "Running several instances".
 * @packageDocumentation
 */
export type {
  IoredisLike,
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
export { RedisTokenStore, type RedisTokenStoreOptions } from './token-store.js';

import type { RedisClientLike } from './client.js';
import { RedisEventStore, type RedisEventStoreOptions } from './event-store.js';
import { RedisRefreshLedger } from './refresh-ledger.js';
import { RedisTokenStore, type RedisTokenStoreOptions } from './token-store.js';

/** Options of {@link createRedisStores}: those of each store (prefix and timeout shared). */
export interface RedisStoresOptions extends RedisTokenStoreOptions {
  /** Options of the webhook event store only. */
  readonly events?: Omit<RedisEventStoreOptions, 'prefix' | 'commandTimeoutMs'> | undefined;
}

/**
 * The three Redis stores on one client.
 *
 * @example
 * ```ts
 * const { tokenStore, refreshLedger, eventStore } = createRedisStores(redis);
 * const viewlink = new PartnerClient({ apiKey, baseUrl, tokenStore, refresh: { ledger: refreshLedger } });
 * createNodeWebhookHandler({ secret, store: eventStore, on: { ... } });
 * ```
 */
export function createRedisStores(
  client: RedisClientLike,
  options: RedisStoresOptions = {},
): { tokenStore: RedisTokenStore; refreshLedger: RedisRefreshLedger; eventStore: RedisEventStore } {
  const shared = { prefix: options.prefix, commandTimeoutMs: options.commandTimeoutMs };
  return {
    tokenStore: new RedisTokenStore(client, options),
    refreshLedger: new RedisRefreshLedger(client, shared),
    eventStore: new RedisEventStore(client, { ...shared, ...options.events }),
  };
}
