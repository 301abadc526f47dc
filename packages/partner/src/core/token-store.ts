/**
 * Where the client keeps each user's current pair, so renewals made by one request (or one
 * backend instance) are seen by the others. `@viewlink/redis` ships a shared store whose
 * {@link TokenStore.renewal} coordinates renewals across instances; implement {@link TokenStore}
 * over a database or a session store to share pairs otherwise (docs/partner.md).
 */
import { maxUsersOption } from '../internal/max-users.js';
import type { StoredTokenPair } from './token-pair.js';

/**
 * What waiters in other instances learn about a renewal that failed: safe fields only (never a
 * token). They fail with a `TokenRenewalError` carrying `status`.
 */
export interface RenewalFailureNotice {
  /** Error code of the failed renewal, e.g. `invalid_refresh_token` or `http_503`. */
  readonly code: string;
  /** HTTP status of the failed renewal, when the server answered. */
  readonly status?: number | undefined;
}

/** What a waiting instance reads while another one renews (one round trip on Redis). */
export interface RenewalState {
  /** The user's stored pair now. */
  readonly pair: StoredTokenPair | undefined;
  /** Whether an instance holds the user's renewal lease. */
  readonly leased: boolean;
  /** Set when the renewal of `previous` failed (kept for a few seconds, then forgotten). */
  readonly failure: RenewalFailureNotice | undefined;
}

/**
 * Optional capability of a shared {@link TokenStore}: renewals coordinated across processes, so
 * that with refresh-token rotation one expired pair is renewed exactly once. The client takes a
 * lease (`SET NX PX` with a random id on Redis) before renewing; instances that do not get it
 * wait for the renewed pair in the store ({@link state}, read when {@link onChange} notifies
 * and polled until `maxWaitMs`). A renewer that
 * dies leaves the lease to expire after `leaseMs`, and a waiter takes over. The renewed pair is
 * stored only if the store still holds the pair it was renewed from (compare on the refresh
 * token), so a spent pair never overwrites a newer one. docs/decisions/partner.md has the design.
 */
export interface TokenRenewalCoordinator {
  /** How long a lease is held when its holder dies mid-renewal, in ms. */
  readonly leaseMs: number;
  /** How long a waiting call waits for another instance's renewal before failing, in ms. */
  readonly maxWaitMs: number;
  /** Takes the user's renewal lease for `leaseMs` if nobody holds it: the lease id, else undefined. */
  acquire(userId: string, leaseMs: number): Promise<string | undefined>;
  /**
   * Atomically: stores `renewed` if the stored pair is still `previous` (same refresh token) or
   * absent, clears a failure notice, and releases the lease if `lease` still holds it. True when stored.
   */
  complete(userId: string, lease: string, previous: StoredTokenPair, renewed: StoredTokenPair): Promise<boolean>;
  /**
   * Atomically: releases the lease if `lease` still holds it and leaves `failure` for the waiters
   * of `previous`. Nothing is stored.
   */
  fail(userId: string, lease: string, previous: StoredTokenPair, failure: RenewalFailureNotice): Promise<void>;
  /**
   * Extends the lease to `leaseMs` from now if `lease` still holds it; false when it was lost.
   * The holder calls it while its renewal request is in flight, so a slow renewal keeps its
   * lease and only a dead holder's lease expires.
   */
  extend(userId: string, lease: string, leaseMs: number): Promise<boolean>;
  /** Releases the lease if `lease` still holds it (compare-and-delete), without storing anything. */
  release(userId: string, lease: string): Promise<void>;
  /** The stored pair, whether a lease is held, and a failure notice left for `previous`. */
  state(userId: string, previous: StoredTokenPair): Promise<RenewalState>;
  /**
   * Optional: calls `listener` when another instance ends a renewal of `userId` (a pair stored,
   * a failure notice left, a lease released), and returns a function that stops it. Waiting
   * instances then read {@link state} at once instead of at their next poll; they keep polling,
   * less often, in case a notification is lost. `RedisTokenStore` uses Redis pub/sub.
   */
  onChange?(userId: string, listener: () => void): () => void;
}

/** Pluggable storage of token pairs, one per user id. Methods may be sync or async. */
export interface TokenStore {
  /**
   * Optional: renewals coordinated across instances (see {@link TokenRenewalCoordinator}).
   * Without it, each process renews on its own and a renewal refused because another instance
   * spent the refresh token falls back to that instance's pair in the store.
   */
  readonly renewal?: TokenRenewalCoordinator | undefined;
  /** The user's current pair, or undefined. */
  get(userId: string): StoredTokenPair | undefined | Promise<StoredTokenPair | undefined>;
  /** Saves the user's current pair (replacing the previous one). */
  set(userId: string, pair: StoredTokenPair): void | Promise<void>;
  /** Forgets the user's pair (sign-out, account deletion). */
  delete(userId: string): void | Promise<void>;
}

/** Options of {@link MemoryTokenStore}. */
export interface MemoryTokenStoreOptions {
  /** Users kept; the least recently used is dropped beyond it. Default 10,000. */
  readonly maxUsers?: number | undefined;
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The default store: process memory, least recently used users dropped beyond `maxUsers`. */
export class MemoryTokenStore implements TokenStore {
  readonly #pairs = new Map<string, StoredTokenPair>();
  readonly #max: number;

  constructor(options: MemoryTokenStoreOptions = {}) {
    this.#max = maxUsersOption(options.maxUsers, 10_000, 'MemoryTokenStore');
  }

  /** {@inheritDoc TokenStore.get} */
  get(userId: string): StoredTokenPair | undefined {
    const pair = this.#pairs.get(userId);
    if (pair) {
      // Re-insert: Map order is the LRU order.
      this.#pairs.delete(userId);
      this.#pairs.set(userId, pair);
    }
    return pair;
  }

  /** {@inheritDoc TokenStore.set} */
  set(userId: string, pair: StoredTokenPair): void {
    this.#pairs.delete(userId);
    this.#pairs.set(userId, pair);
    if (this.#pairs.size > this.#max) {
      const oldest = this.#pairs.keys().next().value;
      if (oldest !== undefined) this.#pairs.delete(oldest);
    }
  }

  /** {@inheritDoc TokenStore.delete} */
  delete(userId: string): void {
    this.#pairs.delete(userId);
  }

  /** Number of users held. */
  get size(): number {
    return this.#pairs.size;
  }

  /** A safe view (no tokens). */
  toJSON(): Record<string, unknown> {
    return { type: 'MemoryTokenStore', users: this.#pairs.size };
  }

  /** `util.inspect` shows the safe view. */
  [INSPECT](): string {
    return `MemoryTokenStore { users: ${this.#pairs.size} }`;
  }
}
