/**
 * Where the client keeps each user's current pair, so renewals made by one request (or one
 * backend instance) are seen by the others. Implement {@link TokenStore} over Redis, a
 * database or a session store to share pairs between instances (docs/partner.md shows Redis).
 */
import { maxUsersOption } from '../internal/max-users.js';
import type { StoredTokenPair } from './token-pair.js';

/** Pluggable storage of token pairs, one per user id. Methods may be sync or async. */
export interface TokenStore {
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
