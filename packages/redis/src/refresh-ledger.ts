/** The refresh cooldown on Redis: one key per user and slot, check-and-reserve in one Lua script. */
import type {
  RefreshLedger,
  RefreshLedgerSlot,
  RefreshReservation,
  RefreshReservationRequest,
  RefreshReservations,
} from '@viewlink/partner';
import {
  CONNECTION_OPTION_NAMES,
  type Connection,
  connect,
  lua,
  type RedisClientLike,
  type RedisConnectionOptions,
  userTag,
} from './client.js';

/** Options of {@link RedisRefreshLedger}. */
export type RedisRefreshLedgerOptions = RedisConnectionOptions;

// An entry is `<atMs>` (accepted) or `<atMs>:<reservation>` (reserved, not yet accepted).
// KEYS: checked slots, then held slots. ARGV: number checked, atMs, cooldown ms, pending ms, reservation.
const RESERVE = lua(`
local checked = tonumber(ARGV[1])
local at = tonumber(ARGV[2])
local cooldown = tonumber(ARGV[3])
local latest = nil
for i = 1, checked do
  local entry = redis.call('GET', KEYS[i])
  if entry then
    local t = tonumber(string.match(entry, '^(-?%d+)'))
    if t and at - t < cooldown and (latest == nil or t > latest) then latest = t end
  end
end
if latest then return {0, string.format('%d', latest)} end
for i = checked + 1, #KEYS do
  redis.call('SET', KEYS[i], ARGV[2] .. ':' .. ARGV[5], 'PX', ARGV[4])
end
return {1, ARGV[5]}
`);

// KEYS: held slots. ARGV: atMs, ttl ms.
const CONFIRM = lua(`
for i = 1, #KEYS do redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2]) end
return #KEYS
`);

// KEYS: held slots. ARGV: reservation. Drops only this reservation's entries.
const CANCEL = lua(`
local dropped = 0
local suffix = ':' .. ARGV[1]
for i = 1, #KEYS do
  local entry = redis.call('GET', KEYS[i])
  if entry and string.sub(entry, -#suffix) == suffix then
    redis.call('DEL', KEYS[i])
    dropped = dropped + 1
  end
end
return dropped
`);

/**
 * A {@link RefreshLedger} on Redis, shared by every backend instance. Its
 * {@link RedisRefreshLedger.reservations} check the cooldown and reserve the slots in one Lua
 * script, so two instances pressing refresh for one user at the same moment send one refresh.
 * Keys: `<prefix>{u:<user id>}:refresh:<slot>`, each expiring with the cooldown.
 */
export class RedisRefreshLedger implements RefreshLedger {
  readonly #redis: Connection;
  /** {@inheritDoc @viewlink/partner!RefreshLedger.reservations} */
  readonly reservations: RefreshReservations;

  constructor(client: RedisClientLike, options: RedisRefreshLedgerOptions = {}) {
    this.#redis = connect(client, options, CONNECTION_OPTION_NAMES, 'new RedisRefreshLedger()');
    const redis = this.#redis;
    const key = (userId: string, slot: RefreshLedgerSlot) => this.#key(userId, slot);
    this.reservations = {
      async reserve(userId, request: RefreshReservationRequest): Promise<RefreshReservation> {
        const reservation = crypto.randomUUID();
        const keys = [...request.check.map((s) => key(userId, s)), ...request.hold.map((s) => key(userId, s))];
        let reply: unknown;
        try {
          reply = await redis.script('refresh-ledger.reserve', RESERVE, keys, [
            request.check.length,
            Math.floor(request.atMs),
            Math.ceil(request.cooldownMs),
            Math.ceil(request.pendingMs),
            reservation,
          ]);
        } catch (error) {
          // A hung Redis that resumes still runs the reservation we gave up on: cancelled after it
          // (same connection, in order), or it would refuse the user's presses for pendingMs.
          const held = request.hold.map((s) => key(userId, s));
          void redis.scriptNow('refresh-ledger.cancel', CANCEL, held, [reservation]).catch(() => undefined);
          throw error;
        }
        const [ok, value] = Array.isArray(reply) ? reply : [];
        if (Number(ok) === 1) return { reserved: String(value) };
        return { lastAcceptedMs: Number(value) };
      },
      async confirm(userId, hold, _reservation, atMs, ttlMs) {
        await redis.script(
          'refresh-ledger.confirm',
          CONFIRM,
          hold.map((s) => key(userId, s)),
          [Math.floor(atMs), Math.ceil(ttlMs)],
        );
      },
      async cancel(userId, hold, reservation) {
        await redis.script(
          'refresh-ledger.cancel',
          CANCEL,
          hold.map((s) => key(userId, s)),
          [reservation],
        );
      },
    };
  }

  #key(userId: string, slot: RefreshLedgerSlot): string {
    return `${userTag(this.#redis.prefix, userId)}:refresh:${encodeURIComponent(slot)}`;
  }

  /** {@inheritDoc @viewlink/partner!RefreshLedger.lastAccepted} */
  async lastAccepted(userId: string, slot: RefreshLedgerSlot): Promise<number | undefined> {
    const entry = await this.#redis.command('refresh-ledger.get', ['GET', this.#key(userId, slot)]);
    if (entry === null || entry === undefined) return undefined;
    const at = Number(/^-?\d+/.exec(String(entry))?.[0]);
    return Number.isFinite(at) ? at : undefined;
  }

  /** {@inheritDoc @viewlink/partner!RefreshLedger.recordAccepted} */
  async recordAccepted(userId: string, slot: RefreshLedgerSlot, atMs: number, ttlMs: number): Promise<void> {
    await this.#redis.command('refresh-ledger.set', [
      'SET',
      this.#key(userId, slot),
      Math.floor(atMs),
      'PX',
      Math.max(1, Math.ceil(ttlMs)),
    ]);
  }

  /** A safe view. */
  toJSON(): Record<string, unknown> {
    return { type: 'RedisRefreshLedger', prefix: this.#redis.prefix };
  }
}
