/**
 * Where the refresh cooldown remembers accepted refreshes. The default lives in process memory;
 * `@viewlink/redis` ships a shared one (atomic across instances through
 * {@link RefreshLedger.reservations}); implement {@link RefreshLedger} over any store with
 * expiring keys so that every backend instance refuses a second refresh (docs/partner.md).
 */
import { maxUsersOption } from '../internal/max-users.js';

/**
 * Which refreshes a ledger entry stands for: `service:<id>` (one linked account), `all` (a refresh
 * of every account), or `latest` (the latest refresh of either kind, read by a refresh of every
 * account, which clashes with any recent one).
 */
export type RefreshLedgerSlot = `service:${string}` | 'all' | 'latest';

/** What {@link RefreshReservations.reserve} is asked. */
export interface RefreshReservationRequest {
  /** Slots whose recent entries (accepted or reserved) refuse this refresh. */
  readonly check: readonly RefreshLedgerSlot[];
  /** Slots this refresh occupies once accepted. */
  readonly hold: readonly RefreshLedgerSlot[];
  /** Now, in ms since epoch, on the caller's clock. */
  readonly atMs: number;
  /** The cooldown, in whole ms: entries younger than this refuse. */
  readonly cooldownMs: number;
  /** How long a reservation lives if its holder never confirms or cancels it (a crash), in whole ms. */
  readonly pendingMs: number;
}

/** Outcome of {@link RefreshReservations.reserve}. */
export type RefreshReservation =
  /** Reserved: send the refresh, then `confirm` (accepted) or `cancel` (not sent or refused). */
  | { readonly reserved: string }
  /** Refused: a refresh in a checked slot was accepted or reserved at this time (ms since epoch). */
  | { readonly lastAcceptedMs: number };

/**
 * Optional capability of a shared {@link RefreshLedger}: check-and-reserve in one atomic step, so
 * two instances pressing refresh for one user at the same moment send one refresh (on Redis,
 * one Lua script). Without it, the check and the record are separate steps and two instances
 * checking at once may both send.
 */
export interface RefreshReservations {
  /** Atomically refuses (a recent entry in `check`) or writes a pending entry in every `hold` slot. */
  reserve(userId: string, request: RefreshReservationRequest): Promise<RefreshReservation>;
  /** The reserved refresh was accepted at `atMs`: its `hold` slots keep it for `ttlMs`. */
  confirm(
    userId: string,
    hold: readonly RefreshLedgerSlot[],
    reservation: string,
    atMs: number,
    ttlMs: number,
  ): Promise<void>;
  /** The reserved refresh was not accepted: drops its pending entries (only its own). */
  cancel(userId: string, hold: readonly RefreshLedgerSlot[], reservation: string): Promise<void>;
}

/**
 * Pluggable storage of the refresh cooldown: the time of the last accepted refresh per user and
 * slot, kept for `ttlMs`. Methods may be sync or async; a Redis `GET` / `SET key value PX ttl`
 * is enough. A method that throws or rejects makes `refresh()` fail with `RefreshLedgerError`.
 */
export interface RefreshLedger {
  /** Optional: atomic check-and-reserve across instances (see {@link RefreshReservations}). */
  readonly reservations?: RefreshReservations | undefined;
  /** When a refresh in this slot was last accepted (ms since epoch), or undefined when none is held. */
  lastAccepted(userId: string, slot: RefreshLedgerSlot): number | undefined | Promise<number | undefined>;
  /** Records an accepted refresh at `atMs`; the entry may be dropped once `ttlMs` (a positive whole number) has passed. */
  recordAccepted(userId: string, slot: RefreshLedgerSlot, atMs: number, ttlMs: number): void | Promise<void>;
}

/** Options of {@link MemoryRefreshLedger}. */
export interface MemoryRefreshLedgerOptions {
  /** Users kept; the longest-held user is dropped beyond it. Default 50,000. */
  readonly maxUsers?: number | undefined;
}

interface HeldEntry {
  readonly atMs: number;
  readonly expiresAtMs: number;
}

/** The default ledger: process memory, bounded by `maxUsers`, expired entries pruned on write. */
export class MemoryRefreshLedger implements RefreshLedger {
  readonly #users = new Map<string, Map<RefreshLedgerSlot, HeldEntry>>();
  readonly #maxUsers: number;

  constructor(options: MemoryRefreshLedgerOptions = {}) {
    this.#maxUsers = maxUsersOption(options.maxUsers, 50_000, 'MemoryRefreshLedger');
  }

  /** {@inheritDoc RefreshLedger.lastAccepted} */
  lastAccepted(userId: string, slot: RefreshLedgerSlot): number | undefined {
    return this.#users.get(userId)?.get(slot)?.atMs;
  }

  /** {@inheritDoc RefreshLedger.recordAccepted} */
  recordAccepted(userId: string, slot: RefreshLedgerSlot, atMs: number, ttlMs: number): void {
    let slots = this.#users.get(userId);
    if (!slots) {
      slots = new Map();
      this.#users.set(userId, slots);
      if (this.#users.size > this.#maxUsers) {
        const oldest = this.#users.keys().next().value;
        if (oldest !== undefined) this.#users.delete(oldest);
      }
    }
    // Pruned by the caller's clock (the one `atMs` comes from), so tests' clocks rule here too.
    for (const [held, entry] of slots) if (entry.expiresAtMs <= atMs) slots.delete(held);
    slots.set(slot, { atMs, expiresAtMs: atMs + ttlMs });
  }

  /** Number of users held. */
  get size(): number {
    return this.#users.size;
  }
}
