/**
 * `createRedisStores`: the three Redis stores (tokens, refresh ledger, webhook events) on one
 * client, with the prefix and command timeout shared.
 */
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
