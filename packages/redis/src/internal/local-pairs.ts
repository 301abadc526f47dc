/**
 * A process-local copy of the stored pairs of one Redis client and prefix, so a read of a pair
 * nobody changed costs no Redis round trip. Every write of a pair PUBLISHes the user on the
 * notification channel (a renewal, `set`, `delete`, from any instance), so the copy is trusted
 * only while the notifier is live (every notification reaches this process): a notification drops
 * the user's copy, a possible loss drops them all, and reads go to Redis until it is live again.
 * Concurrent reads of one user share one GET unless the pair changed while it was in flight.
 */
import type { StoredTokenPair } from '@viewlink/partner';
import { notificationOf, type RenewalNotifier } from './notifications.js';

/** A GET in flight; `changed` once a notification or a local write for its user came meanwhile. */
interface Flight {
  readonly promise: Promise<StoredTokenPair | undefined>;
  changed: boolean;
}

/** Users whose copy is kept; the oldest copy is dropped beyond it. */
const MAX_USERS = 10_000;

const shared = new WeakMap<RenewalNotifier, LocalPairs>();

/** The copy kept for a notifier (one per client and prefix), shared by every store on them. */
export function localPairsOf(notifier: RenewalNotifier): LocalPairs {
  let pairs = shared.get(notifier);
  if (!pairs) {
    pairs = new LocalPairs(notifier);
    shared.set(notifier, pairs);
  }
  return pairs;
}

/** Copies keyed by encoded user id (the notification message). */
export class LocalPairs {
  readonly #notifier: RenewalNotifier;
  readonly #copies = new Map<string, { readonly pair: StoredTokenPair; readonly at: number }>();
  readonly #flights = new Map<string, Flight>();

  constructor(notifier: RenewalNotifier) {
    this.#notifier = notifier;
    notifier.watch({
      changed: (message) => this.#drop(message),
      lost: () => {
        this.#copies.clear();
        for (const flight of this.#flights.values()) flight.changed = true;
      },
    });
  }

  /**
   * The user's pair: the local copy if the notifier is live and the copy is younger than
   * `maxAgeMs`, else `fetch()` (shared with a concurrent read of the same user), whose answer is
   * kept when nothing changed while it was in flight.
   */
  read(
    userId: string,
    maxAgeMs: number,
    fetch: () => Promise<StoredTokenPair | undefined>,
  ): Promise<StoredTokenPair | undefined> {
    const key = notificationOf(userId);
    const copy = this.#copies.get(key);
    if (copy && this.#notifier.live && Date.now() - copy.at < maxAgeMs) return Promise.resolve(copy.pair);
    const running = this.#flights.get(key);
    if (running && !running.changed) return running.promise;
    // Kept only if live when sent: a write published before it was live may have been missed.
    const keep = this.#notifier.live;
    const flight: Flight = {
      changed: false,
      promise: fetch().then(
        (pair) => {
          if (this.#flights.get(key) === flight) this.#flights.delete(key);
          if (pair && keep && !flight.changed && this.#notifier.live) this.#keep(key, Object.freeze(pair));
          return pair;
        },
        (error: unknown) => {
          if (this.#flights.get(key) === flight) this.#flights.delete(key);
          throw error;
        },
      ),
    };
    this.#flights.set(key, flight);
    return flight.promise;
  }

  /** This process is about to write the user's pair: forget the copy and any GET in flight. */
  changing(userId: string): void {
    this.#drop(notificationOf(userId));
  }

  #drop(key: string): void {
    this.#copies.delete(key);
    const flight = this.#flights.get(key);
    if (flight) flight.changed = true;
  }

  #keep(key: string, pair: StoredTokenPair): void {
    this.#copies.delete(key);
    this.#copies.set(key, { pair, at: Date.now() });
    if (this.#copies.size > MAX_USERS) {
      const oldest = this.#copies.keys().next().value;
      if (oldest !== undefined) this.#copies.delete(oldest);
    }
  }
}
