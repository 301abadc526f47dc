/**
 * Idempotent handling: the service may deliver an event more than once (same `id`). A store
 * remembers ids so a redelivery is acknowledged without running the callback again.
 */
import { ConfigurationError } from '@viewlink/transport';

/** What a store knows about an event id. */
export type WebhookEventState =
  /** First time seen: the caller now owns it and must `complete` or `release` it. */
  | 'new'
  /** Another delivery of it is being handled right now (receivers answer 409, so it is retried). */
  | 'processing'
  /** Handled successfully before (receivers answer 2xx without calling back). */
  | 'done';

/**
 * Remembers event ids. Back it with a shared store (Redis, a database) when several receiver
 * instances run; `begin` must be atomic there, e.g. Redis `SET key processing NX EX ttl`, then
 * `GET key` when that fails; `complete` = `SET key done EX ttl`; `release` = `DEL key`.
 */
export interface WebhookEventStore {
  /** Claims an id: `'new'` if nobody had it, else its current state. Must be atomic. */
  begin(id: string): WebhookEventState | Promise<WebhookEventState>;
  /** Marks a claimed id as handled. */
  complete(id: string): void | Promise<void>;
  /** Forgets a claimed id after a failed attempt, so the retry runs the callback again. */
  release(id: string): void | Promise<void>;
}

/** Options of {@link createMemoryEventStore}. */
export interface MemoryEventStoreOptions {
  /** How long a handled id is remembered, in ms. Default 72 hours. */
  readonly ttlMs?: number;
  /** Most ids kept; the oldest are forgotten first. Default 10,000. */
  readonly maxEntries?: number;
  /** Clock in milliseconds (tests). Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * In-memory {@link WebhookEventStore} with a TTL and a size bound. Per process only: with
 * several instances, use a shared store.
 */
export function createMemoryEventStore(options: MemoryEventStoreOptions = {}): WebhookEventStore & {
  /** Ids currently remembered. */
  readonly size: number;
} {
  const ttl = options.ttlMs ?? 72 * 3600_000;
  // A ttl of 0, a negative one or NaN forgets every id at once: redeliveries would run twice.
  if (typeof ttl !== 'number' || !(ttl > 0)) throw new ConfigurationError('`ttlMs` must be a positive number of ms');
  const maxEntries = options.maxEntries ?? 10_000;
  if (typeof maxEntries !== 'number' || Number.isNaN(maxEntries))
    throw new ConfigurationError('`maxEntries` must be a number of event ids');
  const max = Math.max(1, maxEntries);
  const now = options.now ?? Date.now;
  // Insertion order = age order, so the first keys are the oldest.
  const entries = new Map<string, { state: 'processing' | 'done'; expiresAt: number }>();

  const sweep = () => {
    const t = now();
    for (const [id, entry] of entries) {
      if (entry.expiresAt > t && entries.size <= max) break;
      if (entry.expiresAt <= t || entries.size > max) entries.delete(id);
    }
  };

  return {
    get size() {
      sweep();
      return entries.size;
    },
    begin(id) {
      sweep();
      const entry = entries.get(id);
      if (entry) return entry.state;
      entries.set(id, { state: 'processing', expiresAt: now() + ttl });
      sweep();
      return 'new';
    },
    complete(id) {
      entries.delete(id);
      entries.set(id, { state: 'done', expiresAt: now() + ttl });
      sweep();
    },
    release(id) {
      entries.delete(id);
    },
  };
}
