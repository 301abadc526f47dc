/**
 * Local guards of the user-initiated refresh: a cooldown per linked account, kept in a pluggable
 * ledger (shared between backend instances when backed by Redis), and a per-user burst limit
 * kept in this process. The spec forbids background refreshes; these make a loop or a schedule
 * fail loudly in development instead of quietly costing the user's provider accounts.
 */
import { ConfigurationError, type Logger, refuseUnknownClientOptions } from '@viewlink/transport';
import { RefreshLedgerError, RefreshRefusedError } from '../core/errors.js';
import type { RefreshGuardOptions } from '../core/options.js';
import {
  MemoryRefreshLedger,
  type RefreshLedger,
  type RefreshLedgerSlot,
  type RefreshReservations,
} from '../core/refresh-ledger.js';

const MAX_USERS = 50_000;
/** A reservation whose holder crashed before confirming or cancelling frees the slots after this. */
const PENDING_MS = 120_000;

/** The slots an accepted refresh occupies: its account (or all), and the latest of any kind. */
function holdSlots(service: string | undefined): RefreshLedgerSlot[] {
  return service === undefined ? ['all', 'latest'] : [`service:${service}`, 'latest'];
}

/** The names of {@link RefreshGuardOptions} (the compiler keeps the list complete). */
const REFRESH_GUARD_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  cooldownMs: true,
  maxPerSecond: true,
  ledger: true,
} satisfies { readonly [Name in keyof Required<RefreshGuardOptions>]: true });

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
    if (options !== undefined) {
      refuseUnknownClientOptions(options, REFRESH_GUARD_OPTION_NAMES, 'new PartnerClient()', 'refresh');
    }
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
   * with {@link RefreshLedgerError} when the ledger cannot tell. With a ledger that reserves
   * atomically, resolves with the reservation to hand to {@link accepted} or {@link abandoned}.
   */
  async admit(userId: string, service: string | undefined, force: boolean): Promise<string | undefined> {
    const now = this.#now();
    this.#admitBurst(userId, service, now);
    if (force || this.#cooldownMs === 0) return undefined;
    // A full refresh covers every account; refreshing all clashes with any recent one.
    const slots: RefreshLedgerSlot[] = service === undefined ? ['latest'] : [`service:${service}`, 'all'];
    const reservations = this.#ledger.reservations;
    if (reservations) return this.#reserve(reservations, userId, service, slots, now);
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

  async #reserve(
    reservations: RefreshReservations,
    userId: string,
    service: string | undefined,
    check: RefreshLedgerSlot[],
    now: number,
  ): Promise<string> {
    let outcome: unknown;
    try {
      outcome = await reservations.reserve(userId, {
        check,
        hold: holdSlots(service),
        atMs: Math.floor(now),
        cooldownMs: Math.ceil(this.#cooldownMs),
        pendingMs: PENDING_MS,
      });
    } catch (cause) {
      throw new RefreshLedgerError({ userId, service, cause });
    }
    const reserved = (outcome as { reserved?: unknown } | null)?.reserved;
    if (typeof reserved === 'string') return reserved;
    const last = (outcome as { lastAcceptedMs?: unknown } | null)?.lastAcceptedMs;
    if (typeof last !== 'number' || !Number.isFinite(last))
      throw new RefreshLedgerError({
        userId,
        service,
        cause: new TypeError('reserve() answered neither { reserved } nor { lastAcceptedMs }'),
      });
    throw new RefreshRefusedError({
      reason: 'cooldown',
      userId,
      service,
      retryAfterMs: Math.max(0, Math.min(this.#cooldownMs, this.#cooldownMs - (now - last))),
    });
  }

  /**
   * The refresh was not accepted (refused, or never reached the server): drops its reservation so
   * the user can try again at once. Failures are logged: the reservation expires by itself.
   */
  async abandoned(userId: string, service: string | undefined, reservation: string | undefined): Promise<void> {
    const reservations = this.#ledger.reservations;
    if (reservation === undefined || !reservations) return;
    try {
      await reservations.cancel(userId, holdSlots(service), reservation);
    } catch {
      this.#logger?.warn?.('viewlink: the refresh ledger could not drop a reservation; it expires by itself', {
        userId,
        service,
        code: 'refresh_ledger_failed',
      });
    }
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
  async accepted(userId: string, service: string | undefined, reservation?: string | undefined): Promise<void> {
    if (this.#cooldownMs === 0) return;
    const at = this.#now();
    // Whole ms: Redis refuses a fractional PX.
    const ttlMs = Math.ceil(this.#cooldownMs);
    const slots = holdSlots(service);
    const reservations = this.#ledger.reservations;
    try {
      if (reservation !== undefined && reservations)
        await reservations.confirm(userId, slots, reservation, Math.floor(at), ttlMs);
      else await Promise.all(slots.map((slot) => this.#ledger.recordAccepted(userId, slot, at, ttlMs)));
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
