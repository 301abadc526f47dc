/** Webhook idempotency on Redis: a claim is one `SET NX PX`; a failed handler releases its claim. */
import type { WebhookEventState, WebhookEventStore } from '@viewlink/partner';
import {
  CONNECTION_OPTION_NAMES,
  type Connection,
  connect,
  lua,
  type RedisClientLike,
  type RedisConnectionOptions,
} from './client.js';
import { positiveMs } from './internal/positive-ms.js';

/** Options of {@link RedisEventStore}. */
export interface RedisEventStoreOptions extends RedisConnectionOptions {
  /** How long a handled event id is remembered, in ms. Default 72 hours (the service's redelivery window). */
  readonly ttlMs?: number | undefined;
  /**
   * How long a claim lives while its handler runs, in ms: a receiver that crashes mid-handler
   * blocks redeliveries this long at most. Keep it above your slowest handler. Default 5 minutes.
   */
  readonly processingTtlMs?: number | undefined;
}

// KEYS: event. ARGV: processing ttl ms. Returns 'new', or the state someone else holds.
const BEGIN = lua(`
if redis.call('SET', KEYS[1], 'processing', 'NX', 'PX', ARGV[1]) then return 'new' end
return redis.call('GET', KEYS[1]) or 'new-retry'
`);

// KEYS: event. Drops a claim, never a `done`.
const RELEASE = lua(`
if redis.call('GET', KEYS[1]) == 'processing' then return redis.call('DEL', KEYS[1]) end
return 0
`);

/** The names of {@link RedisEventStoreOptions} beside the connection's (the compiler keeps the list complete). */
export const EVENT_STORE_OWN_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  ttlMs: true,
  processingTtlMs: true,
} satisfies { readonly [Name in Exclude<keyof RedisEventStoreOptions, keyof RedisConnectionOptions>]-?: true });
const EVENT_STORE_OPTION_NAMES = /* @__PURE__ */ [...CONNECTION_OPTION_NAMES, ...EVENT_STORE_OWN_OPTION_NAMES];

/**
 * A {@link WebhookEventStore} on Redis, shared by every receiver instance: the same event
 * delivered to four instances at once runs the handler once (the others answer 409 and the
 * service redelivers), and a failed handler releases the id so the redelivery runs it.
 * Keys: `<prefix>event:<id>` (`processing` or `done`), each with a TTL.
 */
export class RedisEventStore implements WebhookEventStore {
  readonly #redis: Connection;
  readonly #ttlMs: number;
  readonly #processingMs: number;

  constructor(client: RedisClientLike, options: RedisEventStoreOptions = {}) {
    this.#redis = connect(client, options, EVENT_STORE_OPTION_NAMES, 'new RedisEventStore()');
    this.#ttlMs = positiveMs(options.ttlMs, 72 * 3_600_000, 'ttlMs', 'new RedisEventStore()');
    this.#processingMs = positiveMs(options.processingTtlMs, 5 * 60_000, 'processingTtlMs', 'new RedisEventStore()');
  }

  #key(id: string): string {
    return `${this.#redis.prefix}event:${encodeURIComponent(id)}`;
  }

  /** {@inheritDoc @viewlink/partner!WebhookEventStore.begin} */
  async begin(id: string): Promise<WebhookEventState> {
    for (;;) {
      const state = await this.#redis.script(
        'event-store.begin',
        BEGIN,
        [this.#key(id)],
        [Math.ceil(this.#processingMs)],
      );
      // The holder's key expired between SET NX and GET: claim again.
      if (state === 'new-retry') continue;
      return state === 'new' || state === 'processing' || state === 'done' ? state : 'processing';
    }
  }

  /** {@inheritDoc @viewlink/partner!WebhookEventStore.complete} */
  async complete(id: string): Promise<void> {
    await this.#redis.command('event-store.complete', ['SET', this.#key(id), 'done', 'PX', Math.ceil(this.#ttlMs)]);
  }

  /** {@inheritDoc @viewlink/partner!WebhookEventStore.release} */
  async release(id: string): Promise<void> {
    await this.#redis.script('event-store.release', RELEASE, [this.#key(id)], []);
  }

  /** A safe view. */
  toJSON(): Record<string, unknown> {
    return { type: 'RedisEventStore', prefix: this.#redis.prefix };
  }
}
