/**
 * Local guards of the user-initiated refresh: a cooldown per linked account, kept in a pluggable
 * ledger (shared between backend instances when backed by Redis), and a per-user burst limit
 * kept in this process. The spec forbids background refreshes; these make a loop or a schedule
 * fail loudly in development instead of quietly costing the user's provider accounts.
 */
import { ConfigurationError, type Logger } from '@viewlink/transport';
import { RefreshLedgerError, RefreshRefusedError } from '../core/errors.js';
import type { RefreshGuardOptions } from '../core/options.js';
import { MemoryRefreshLedger, type RefreshLedger, type RefreshLedgerSlot } from '../core/refresh-ledger.js';

const MAX_USERS = 50_000;

/** Cooldown and burst bookkeeping of one client. */
export class RefreshGuard {
  readonly #cooldownMs: number;
  readonly #maxPerSecond: number;
  readonly #now: () => number;
  readonly #ledger: RefreshLedger;
  readonly #logger: Logger | undefined;
  /** Recent attempts per user, ms, for the burst limit (per process: a loop runs in one). */
  readonly #attempts = new Map<string, number[]>();

  constructor(options: RefreshGuardOptions | undefined, now: () => number, logger?: Logger) {
    this.#cooldownMs = options?.cooldownMs ?? 15 * 60_000;
    this.#maxPerSecond = options?.maxPerSecond ?? 3;
    if (!Number.isFinite(this.#cooldownMs) || this.#cooldownMs < 0)
      throw new ConfigurationError('`refresh.cooldownMs` must be a non-negative number of milliseconds');
    if (!Number.isInteger(this.#maxPerSecond) || this.#maxPerSecond < 1)
      throw new ConfigurationError('`refresh.maxPerSecond` must be a positive integer');
    const ledger = options?.ledger ?? new MemoryRefreshLedger();
    if (typeof ledger?.lastAccepted !== 'function' || typeof ledger.recordAccepted !== 'function')
      throw new ConfigurationError('`refresh.ledger` must have lastAccepted() and recordAccepted() methods');
    this.#ledger = ledger;
    this.#now = now;
    this.#logger = logger;
  }

  /**
   * Counts an attempt and rejects with {@link RefreshRefusedError} when it must not be sent, or
   * with {@link RefreshLedgerError} when the ledger cannot tell.
   */
  async admit(userId: string, service: string | undefined, force: boolean): Promise<void> {
    const now = this.#now();
    this.#admitBurst(userId, service, now);
    if (force || this.#cooldownMs === 0) return;
    // A full refresh covers every account; refreshing all clashes with any recent one.
    const slots: RefreshLedgerSlot[] = service === undefined ? ['latest'] : [`service:${service}`, 'all'];
    let held: unknown[];
    try {
      held = await Promise.all(slots.map((slot) => this.#ledger.lastAccepted(userId, slot)));
    } catch (cause) {
      throw new RefreshLedgerError({ userId, service, cause });
    }
    let last: number | undefined;
    for (const at of held) {
      if (at === undefined) continue;
      if (typeof at !== 'number' || !Number.isFinite(at))
        throw new RefreshLedgerError({
          userId,
          service,
          cause: new TypeError(`lastAccepted() returned ${typeof at}, not a time in ms or undefined`),
        });
      if (now - at < this.#cooldownMs) last = Math.max(last ?? at, at);
    }
    if (last !== undefined)
      throw new RefreshRefusedError({
        reason: 'cooldown',
        userId,
        service,
        // Another instance's clock may run ahead: never promise more than one window.
        retryAfterMs: Math.min(this.#cooldownMs, this.#cooldownMs - (now - last)),
      });
  }

  #admitBurst(userId: string, service: string | undefined, now: number): void {
    let attempts = this.#attempts.get(userId);
    if (!attempts) {
      attempts = [];
      this.#attempts.set(userId, attempts);
      if (this.#attempts.size > MAX_USERS) {
        const oldest = this.#attempts.keys().next().value;
        if (oldest !== undefined) this.#attempts.delete(oldest);
      }
    }
    const recent = attempts.filter((t) => now - t < 1000);
    recent.push(now);
    this.#attempts.set(userId, recent);
    if (recent.length > this.#maxPerSecond) {
      const oldest = recent[0] ?? now;
      throw new RefreshRefusedError({ reason: 'burst', userId, service, retryAfterMs: 1000 - (now - oldest) });
    }
  }

  /**
   * Records a refresh the server accepted. A ledger failure here is logged, not thrown: the
   * refresh was sent and accepted, and the caller must learn that (completion comes by webhook).
   */
  async accepted(userId: string, service: string | undefined): Promise<void> {
    if (this.#cooldownMs === 0) return;
    const at = this.#now();
    // Whole ms: Redis refuses a fractional PX.
    const ttlMs = Math.ceil(this.#cooldownMs);
    const slots: RefreshLedgerSlot[] = service === undefined ? ['all', 'latest'] : [`service:${service}`, 'latest'];
    try {
      await Promise.all(slots.map((slot) => this.#ledger.recordAccepted(userId, slot, at, ttlMs)));
    } catch {
      this.#logger?.warn?.(
        'viewlink: the refresh ledger could not record an accepted refresh; its cooldown is not held',
        {
          userId,
          service,
          code: 'refresh_ledger_failed',
        },
      );
    }
  }
}
