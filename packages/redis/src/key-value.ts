/**
 * The three stores over a key-value store you already run, through Keyv's interface (`get`,
 * `set(key, value, ttlMs)`, `delete`) or unstorage's ({@link fromUnstorage}). What this cannot
 * guarantee: such stores have no atomic primitive (no `SET NX`, no script), so renewals are not
 * coordinated across instances (two may renew one pair; with refresh-token rotation the loser's
 * reads fail once with `TokenRenewalError` unless it finds the winner's pair in the store), two
 * refresh presses reaching two instances at once may both be sent, and the same webhook reaching
 * two instances at the same moment may run twice. Use {@link RedisTokenStore} and its siblings
 * where those matter.
 */
import {
  ConfigurationError,
  type RefreshLedger,
  type RefreshLedgerSlot,
  StoredTokenPair,
  type TokenStore,
  type WebhookEventState,
  type WebhookEventStore,
} from '@viewlink/partner';
import { refuseUnknownClientOptions } from '@viewlink/transport';
import { SharedStoreError } from './errors.js';
import { positiveMs } from './internal/positive-ms.js';

/** Keyv's interface (`new Keyv(...)`, any of its adapters): values as strings, TTLs in ms. */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: string, ttlMs?: number): Promise<unknown>;
  delete(key: string): Promise<unknown>;
}

/** unstorage's interface (`createStorage(...)`): TTLs in seconds, where the driver supports them. */
export interface UnstorageLike {
  getItem(key: string): Promise<unknown>;
  setItem(key: string, value: string, options?: { ttl?: number }): Promise<unknown>;
  removeItem(key: string): Promise<unknown>;
}

/** Adapts an unstorage storage to {@link KeyValueStore} (TTLs rounded up to whole seconds). */
export function fromUnstorage(storage: UnstorageLike): KeyValueStore {
  return {
    get: (key) => storage.getItem(key),
    set: (key, value, ttlMs) =>
      storage.setItem(key, value, ttlMs === undefined ? {} : { ttl: Math.max(1, Math.ceil(ttlMs / 1000)) }),
    delete: (key) => storage.removeItem(key),
  };
}

/** Options of {@link createKeyValueStores}. */
export interface KeyValueStoresOptions {
  /** Prefix of every key. Default `viewlink:`. */
  readonly prefix?: string | undefined;
  /** How long a pair is kept when the server gave no refresh-token expiry, in ms. Default 30 days. */
  readonly pairTtlMs?: number | undefined;
  /** How long a handled webhook id is remembered, in ms. Default 72 hours. */
  readonly eventTtlMs?: number | undefined;
  /** How long a webhook claim lives while its handler runs, in ms. Default 5 minutes. */
  readonly processingTtlMs?: number | undefined;
}

/** The names of {@link KeyValueStoresOptions} (the compiler keeps the list complete). */
const KEY_VALUE_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  prefix: true,
  pairTtlMs: true,
  eventTtlMs: true,
  processingTtlMs: true,
} satisfies { readonly [Name in keyof Required<KeyValueStoresOptions>]: true });

/** The stores of {@link createKeyValueStores}: none has an atomic capability. */
export interface KeyValueStores {
  /** Token pairs (`tokenStore` option of the partner client): shared, renewals not coordinated. */
  readonly tokenStore: TokenStore;
  /** The refresh cooldown (`refresh.ledger` option): shared, check and record in separate steps. */
  readonly refreshLedger: RefreshLedger;
  /** Webhook ids (`store` option of the receivers): shared, `begin` is read-then-write. */
  readonly eventStore: WebhookEventStore;
}

async function guarded<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof SharedStoreError ? error : new SharedStoreError(operation, error);
  }
}

/**
 * Token store, refresh ledger and webhook event store over a Keyv-style store. Read the module
 * notes: without an atomic primitive, none of them coordinates instances; they share state only.
 */
export function createKeyValueStores(kv: KeyValueStore, options: KeyValueStoresOptions = {}): KeyValueStores {
  if (!kv || typeof kv.get !== 'function' || typeof kv.set !== 'function' || typeof kv.delete !== 'function')
    throw new ConfigurationError(
      'createKeyValueStores(): The key-value store must have get(key), set(key, value, ttlMs) and delete(key)',
    );
  refuseUnknownClientOptions(options, KEY_VALUE_OPTION_NAMES, 'createKeyValueStores()');
  const prefix = options.prefix ?? 'viewlink:';
  if (typeof prefix !== 'string') throw new ConfigurationError('createKeyValueStores(): `prefix` must be a string');
  const pairTtlMs = positiveMs(options.pairTtlMs, 30 * 86_400_000, 'pairTtlMs', 'createKeyValueStores()');
  const eventTtlMs = positiveMs(options.eventTtlMs, 72 * 3_600_000, 'eventTtlMs', 'createKeyValueStores()');
  const processingTtlMs = positiveMs(options.processingTtlMs, 5 * 60_000, 'processingTtlMs', 'createKeyValueStores()');
  const pairKey = (userId: string) => `${prefix}pair:${encodeURIComponent(userId)}`;
  const slotKey = (userId: string, slot: RefreshLedgerSlot) =>
    `${prefix}refresh:${encodeURIComponent(userId)}:${encodeURIComponent(slot)}`;
  const eventKey = (id: string) => `${prefix}event:${encodeURIComponent(id)}`;

  const tokenStore: TokenStore = {
    get: (userId) =>
      guarded('token-store.get', async () => {
        const raw = await kv.get(pairKey(userId));
        if (raw === undefined || raw === null) return undefined;
        const parsed = StoredTokenPair.safeParse(typeof raw === 'string' ? JSON.parse(raw) : raw);
        if (!parsed.success) throw new SharedStoreError('token-store.get', undefined, 'the stored pair is malformed');
        return parsed.data;
      }),
    set: (userId, pair) =>
      guarded('token-store.set', async () => {
        const ttl = pair.refresh_expires_at === undefined ? pairTtlMs : pair.refresh_expires_at - Date.now();
        await kv.set(pairKey(userId), JSON.stringify(pair), Math.max(1_000, Math.ceil(ttl)));
      }),
    delete: (userId) =>
      guarded('token-store.delete', async () => {
        await kv.delete(pairKey(userId));
      }),
  };

  const refreshLedger: RefreshLedger = {
    lastAccepted: (userId, slot) =>
      guarded('refresh-ledger.get', async () => {
        const raw = await kv.get(slotKey(userId, slot));
        const at = raw === undefined || raw === null ? Number.NaN : Number(raw);
        return Number.isFinite(at) ? at : undefined;
      }),
    recordAccepted: (userId, slot, atMs, ttlMs) =>
      guarded('refresh-ledger.set', async () => {
        await kv.set(slotKey(userId, slot), String(Math.floor(atMs)), Math.max(1, Math.ceil(ttlMs)));
      }),
  };

  const eventStore: WebhookEventStore = {
    // Read, then write: two deliveries at the same moment may both see 'new' (no atomic primitive).
    begin: (id) =>
      guarded('event-store.begin', async () => {
        const held = await kv.get(eventKey(id));
        if (held === 'processing' || held === 'done') return held as WebhookEventState;
        await kv.set(eventKey(id), 'processing', processingTtlMs);
        return 'new';
      }),
    complete: (id) =>
      guarded('event-store.complete', async () => {
        await kv.set(eventKey(id), 'done', eventTtlMs);
      }),
    release: (id) =>
      guarded('event-store.release', async () => {
        await kv.delete(eventKey(id));
      }),
  };

  return { tokenStore, refreshLedger, eventStore };
}
