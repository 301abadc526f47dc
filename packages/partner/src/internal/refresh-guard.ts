/**
 * Local guards of the user-initiated refresh: a cooldown per linked account and a per-user
 * burst limit. The spec forbids background refreshes; these make a loop or a schedule fail
 * loudly in development instead of quietly costing the user's provider accounts.
 */
import { ConfigurationError } from '@viewlink/transport';
import { RefreshRefusedError } from '../core/errors.js';
import type { RefreshGuardOptions } from '../core/options.js';

const ALL = '*';
const MAX_USERS = 50_000;

interface UserLedger {
  /** Last accepted refresh per service (`*` = every account), ms. */
  readonly accepted: Map<string, number>;
  /** Recent attempts, ms, for the burst limit. */
  attempts: number[];
}

/** Cooldown and burst bookkeeping of one client. */
export class RefreshGuard {
  readonly #cooldownMs: number;
  readonly #maxPerSecond: number;
  readonly #now: () => number;
  readonly #users = new Map<string, UserLedger>();

  constructor(options: RefreshGuardOptions | undefined, now: () => number) {
    this.#cooldownMs = options?.cooldownMs ?? 15 * 60_000;
    this.#maxPerSecond = options?.maxPerSecond ?? 3;
    if (!Number.isFinite(this.#cooldownMs) || this.#cooldownMs < 0)
      throw new ConfigurationError('`refresh.cooldownMs` must be a non-negative number of milliseconds');
    if (!Number.isInteger(this.#maxPerSecond) || this.#maxPerSecond < 1)
      throw new ConfigurationError('`refresh.maxPerSecond` must be a positive integer');
    this.#now = now;
  }

  #ledger(userId: string): UserLedger {
    let ledger = this.#users.get(userId);
    if (!ledger) {
      ledger = { accepted: new Map(), attempts: [] };
      this.#users.set(userId, ledger);
      if (this.#users.size > MAX_USERS) {
        const oldest = this.#users.keys().next().value;
        if (oldest !== undefined) this.#users.delete(oldest);
      }
    }
    return ledger;
  }

  /** Counts an attempt and throws {@link RefreshRefusedError} when it must not be sent. */
  admit(userId: string, service: string | undefined, force: boolean): void {
    const now = this.#now();
    const ledger = this.#ledger(userId);
    ledger.attempts = ledger.attempts.filter((t) => now - t < 1000);
    ledger.attempts.push(now);
    if (ledger.attempts.length > this.#maxPerSecond) {
      const oldest = ledger.attempts[0] ?? now;
      throw new RefreshRefusedError({ reason: 'burst', userId, service, retryAfterMs: 1000 - (now - oldest) });
    }
    if (force) return;
    let last: number | undefined;
    for (const [key, at] of ledger.accepted) {
      if (now - at >= this.#cooldownMs) {
        ledger.accepted.delete(key);
        continue;
      }
      // A full refresh covers every account; refreshing all clashes with any recent one.
      if (service === undefined || key === ALL || key === service) last = Math.max(last ?? 0, at);
    }
    if (last !== undefined)
      throw new RefreshRefusedError({
        reason: 'cooldown',
        userId,
        service,
        retryAfterMs: this.#cooldownMs - (now - last),
      });
  }

  /** Records a refresh the server accepted. */
  accepted(userId: string, service: string | undefined): void {
    this.#ledger(userId).accepted.set(service ?? ALL, this.#now());
  }
}
