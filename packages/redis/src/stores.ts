/**
 * `createRedisStores`: the three Redis stores (tokens, refresh ledger, webhook events) on one
 * client, with the prefix and command timeout shared.
 */
import { configAtCallSite, refuseUnknownClientOptions } from '@viewlink/transport';
import type { RedisClientLike } from './client.js';
import { EVENT_STORE_OWN_OPTION_NAMES, RedisEventStore, type RedisEventStoreOptions } from './event-store.js';
import { RedisRefreshLedger } from './refresh-ledger.js';
import { RedisTokenStore, type RedisTokenStoreOptions, TOKEN_STORE_OPTION_NAMES } from './token-store.js';

/** Options of {@link createRedisStores}: those of each store (prefix and timeout shared). */
export interface RedisStoresOptions extends RedisTokenStoreOptions {
  /** Options of the webhook event store only. */
  readonly events?: Omit<RedisEventStoreOptions, 'prefix' | 'commandTimeoutMs'> | undefined;
}

/** Every option name {@link createRedisStores} takes. */
const STORES_OPTION_NAMES = /* @__PURE__ */ [
  ...TOKEN_STORE_OPTION_NAMES,
  ...Object.keys({ events: true } satisfies {
    readonly [Name in Exclude<keyof RedisStoresOptions, keyof RedisTokenStoreOptions>]-?: true;
  }),
];

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
  // Named here, as the caller wrote them, rather than by the store each part goes to.
  refuseUnknownClientOptions(options, STORES_OPTION_NAMES, 'createRedisStores()');
  const { events, ...tokens } = options;
  if (events !== undefined)
    refuseUnknownClientOptions(events, EVENT_STORE_OWN_OPTION_NAMES, 'createRedisStores()', 'events');
  const shared = { prefix: options.prefix, commandTimeoutMs: options.commandTimeoutMs };
  try {
    return {
      tokenStore: new RedisTokenStore(client, tokens),
      refreshLedger: new RedisRefreshLedger(client, shared),
      eventStore: new RedisEventStore(client, { ...shared, ...events }),
    };
  } catch (error) {
    // Named as written here: `createRedisStores(): \`events.ttlMs\` ...`, not by the store it went to.
    throw configAtCallSite(error, 'createRedisStores()', (message) =>
      message.replace(/^new RedisEventStore\(\): `(ttlMs|processingTtlMs)`/, '`events.$1`'),
    );
  }
}
