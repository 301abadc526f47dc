/**
 * Token pairs on Redis, with renewal coordinated across instances (a lease per user, released by
 * compare-and-delete; the renewed pair stored only over the pair it was renewed from).
 */
import {
  ConfigurationError,
  type RenewalFailureNotice,
  type RenewalState,
  StoredTokenPair,
  type TokenRenewalCoordinator,
  type TokenStore,
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
import { SharedStoreError } from './errors.js';
import { type LocalPairs, localPairsOf } from './internal/local-pairs.js';
import { notificationOf, renewalNotifier } from './internal/notifications.js';
import { positiveMs } from './internal/positive-ms.js';

/** Options of {@link RedisTokenStore}. */
export interface RedisTokenStoreOptions extends RedisConnectionOptions {
  /**
   * How long a pair is kept when the server gave no refresh-token expiry, in ms. Default 30 days.
   * With one, the pair is kept until the refresh token expires.
   */
  readonly pairTtlMs?: number | undefined;
  /**
   * How long a renewal lease lives, in ms: an instance that dies mid-renewal blocks the others
   * this long at most, then one of them takes over. Keep it above a renewal's round trip.
   * Default 10,000.
   */
  readonly leaseMs?: number | undefined;
  /**
   * How long a call waits for another instance's renewal, in ms, before failing with
   * `TokenRenewalError`. Keep it below the client's `totalTimeout`. Default 30,000.
   */
  readonly maxWaitMs?: number | undefined;
  /** How long a failed renewal is reported to waiting instances, in ms. Default 5,000. */
  readonly failureNoticeMs?: number | undefined;
  /**
   * Wake instances waiting for another's renewal as soon as it ends, through Redis pub/sub
   * (channel `<prefix>renewal`) on a second connection: a `duplicate()` of an ioredis or
   * node-redis client (cluster included), opened with the store and closed when the client ends.
   * Waiters still poll, less often, in case a message is lost. `false`: no second connection,
   * waiters poll every 5-50 ms. A command function cannot be duplicated: it always polls.
   * Default `true`.
   */
  readonly notifications?: boolean | undefined;
  /**
   * How long a read may be answered from this process's own copy of a user's pair, in ms; `0`
   * turns the copy off (every read is one Redis GET). Every write of a pair, from any instance,
   * is announced on the notification channel, and the copy is used only while the subscriber is
   * connected and a probe published every 5 s comes back through it: a notification drops the
   * user's copy, any sign of a missed one drops them all. Only on a single-node ioredis or
   * node-redis client with `notifications` on (a cluster client's subscriber may move between
   * nodes unannounced: there every read goes to Redis). Concurrent reads of one user share one
   * GET. The bound covers changes made behind the stores' back (`DEL` by hand, `FLUSHALL`,
   * eviction), which nobody announces. Default 30,000.
   */
  readonly localCacheMs?: number | undefined;
}

// Each script that ends a renewal PUBLISHes the user on the notification channel: waiters wake.
// KEYS: pair, lease, failure. ARGV: lease id, previous refresh token, renewed pair JSON, ttl ms,
// channel, message.
const COMPLETE = lua(`
local current = redis.call('GET', KEYS[1])
local stored = 0
local same = true
if current then
  local ok, pair = pcall(cjson.decode, current)
  same = ok and type(pair) == 'table' and pair.refresh_token == ARGV[2]
end
if same then
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
  redis.call('DEL', KEYS[3])
  stored = 1
end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
redis.call('PUBLISH', ARGV[5], ARGV[6])
return stored
`);

// KEYS: lease, failure. ARGV: lease id, failure notice, notice ttl ms, channel, message.
const FAIL = lua(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1
`);

// KEYS: lease. ARGV: lease id, lease ms.
const EXTEND = lua(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);

// KEYS: lease. ARGV: lease id, channel, message.
const RELEASE = lua(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('PUBLISH', ARGV[2], ARGV[3])
  return 1
end
return 0
`);

// KEYS: pair. ARGV: pair JSON, ttl ms, channel, message. A write is announced: local copies drop it.
const SET = lua(`
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
`);

// KEYS: pair, lease, failure. ARGV: channel, message.
const DELETE = lua(`
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
redis.call('PUBLISH', ARGV[1], ARGV[2])
return 1
`);

const DAY_MS = 86_400_000;

/** A short, one-way fingerprint of a refresh token: failure notices never hold the token. */
async function fingerprint(refreshToken: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(refreshToken));
  return Array.from(new Uint8Array(digest).subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The names of {@link RedisTokenStoreOptions} (the compiler keeps the list complete). */
export const TOKEN_STORE_OPTION_NAMES = /* @__PURE__ */ [
  ...CONNECTION_OPTION_NAMES,
  ...Object.keys({
    pairTtlMs: true,
    leaseMs: true,
    maxWaitMs: true,
    failureNoticeMs: true,
    notifications: true,
    localCacheMs: true,
  } satisfies { readonly [Name in Exclude<keyof RedisTokenStoreOptions, keyof RedisConnectionOptions>]-?: true }),
];

/**
 * A {@link TokenStore} on Redis, shared by every backend instance, with renewal coordinated
 * across them ({@link RedisTokenStore.renewal}): one renewal per expired pair however many
 * instances and requests hold it. Keys: `<prefix>{u:<user id>}:pair`, `:lease`, `:failed`, each
 * with a TTL; one hash tag per user, so Redis Cluster works.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
 * const viewlink = new PartnerClient({ apiKey, baseUrl, tokenStore: new RedisTokenStore(redis) });
 * ```
 */
export class RedisTokenStore implements TokenStore {
  readonly #redis: Connection;
  readonly #pairTtlMs: number;
  readonly #noticeMs: number;
  readonly #channel: string;
  readonly #local: LocalPairs | undefined;
  readonly #localMs: number;
  /** {@inheritDoc @viewlink/partner!TokenStore.renewal} */
  readonly renewal: TokenRenewalCoordinator;

  constructor(client: RedisClientLike, options: RedisTokenStoreOptions = {}) {
    this.#redis = connect(client, options, TOKEN_STORE_OPTION_NAMES, 'new RedisTokenStore()');
    this.#pairTtlMs = positiveMs(options.pairTtlMs, 30 * DAY_MS, 'pairTtlMs', 'new RedisTokenStore()');
    this.#noticeMs = positiveMs(options.failureNoticeMs, 5_000, 'failureNoticeMs', 'new RedisTokenStore()');
    const leaseMs = positiveMs(options.leaseMs, 10_000, 'leaseMs', 'new RedisTokenStore()');
    const maxWaitMs = positiveMs(options.maxWaitMs, 30_000, 'maxWaitMs', 'new RedisTokenStore()');
    const redis = this.#redis;
    const keys = (userId: string) => this.#keys(userId);
    const noticeMs = this.#noticeMs;
    const ttlOf = (pair: StoredTokenPair) => this.#ttlOf(pair);
    const localMs = options.localCacheMs ?? 30_000;
    // Checked before the notifier below opens its second connection.
    if (typeof localMs !== 'number' || !Number.isFinite(localMs) || localMs < 0)
      throw new ConfigurationError(
        'new RedisTokenStore(): `localCacheMs` must be a number of ms, 0 or more (0 turns the local copy off)',
      );
    const channel = `${this.#redis.prefix}renewal`;
    this.#channel = channel;
    const notifier =
      options.notifications === false
        ? undefined
        : renewalNotifier(client, channel, (message) => redis.command('notify.probe', ['PUBLISH', channel, message]));
    this.#localMs = localMs;
    this.#local = notifier && localMs > 0 ? localPairsOf(notifier) : undefined;
    const local = this.#local;
    this.renewal = {
      leaseMs,
      maxWaitMs,
      async acquire(userId, ttlMs) {
        const lease = crypto.randomUUID();
        const key = keys(userId).lease;
        let ok: unknown;
        try {
          ok = await redis.command('renewal.acquire', ['SET', key, lease, 'NX', 'PX', Math.ceil(ttlMs)]);
        } catch (error) {
          // A hung Redis that resumes still runs the SET we gave up on: released after it (same
          // connection, in order), or every instance would wait out a lease nobody renews under.
          void redis
            .scriptNow('renewal.release', RELEASE, [key], [lease, channel, notificationOf(userId)])
            .catch(() => undefined);
          throw error;
        }
        return ok === null || ok === undefined ? undefined : lease;
      },
      async complete(userId, lease, previous, renewed) {
        const k = keys(userId);
        local?.changing(userId);
        const stored = await redis.script(
          'renewal.complete',
          COMPLETE,
          [k.pair, k.lease, k.failed],
          [lease, previous.refresh_token, JSON.stringify(renewed), ttlOf(renewed), channel, notificationOf(userId)],
        );
        return Number(stored) === 1;
      },
      async fail(userId, lease, previous, failure) {
        const k = keys(userId);
        const notice = JSON.stringify({
          of: await fingerprint(previous.refresh_token),
          code: failure.code,
          ...(failure.status === undefined ? {} : { status: failure.status }),
        });
        await redis.script(
          'renewal.fail',
          FAIL,
          [k.lease, k.failed],
          [lease, notice, noticeMs, channel, notificationOf(userId)],
        );
      },
      async extend(userId, lease, ttlMs) {
        const extended = await redis.script('renewal.extend', EXTEND, [keys(userId).lease], [lease, Math.ceil(ttlMs)]);
        return Number(extended) === 1;
      },
      async release(userId, lease) {
        await redis.script('renewal.release', RELEASE, [keys(userId).lease], [lease, channel, notificationOf(userId)]);
      },
      async state(userId, previous): Promise<RenewalState> {
        const k = keys(userId);
        // One slot (hash tag), so one MGET even on a cluster.
        const reply = await redis.command('renewal.state', ['MGET', k.pair, k.lease, k.failed]);
        const [pair, lease, failed] = Array.isArray(reply) ? reply : [];
        return {
          pair: parsePair(pair),
          leased: lease !== null && lease !== undefined,
          failure: await noticeFor(failed, previous),
        };
      },
      ...(notifier ? { onChange: (userId: string, listener: () => void) => notifier.on(userId, listener) } : {}),
    };
  }

  #keys(userId: string) {
    const tag = userTag(this.#redis.prefix, userId);
    return { pair: `${tag}:pair`, lease: `${tag}:lease`, failed: `${tag}:failed` };
  }

  /** Kept until the refresh token expires, or `pairTtlMs`. */
  #ttlOf(pair: StoredTokenPair): number {
    const untilRefreshExpiry = pair.refresh_expires_at === undefined ? undefined : pair.refresh_expires_at - Date.now();
    return Math.max(1_000, Math.ceil(untilRefreshExpiry ?? this.#pairTtlMs));
  }

  /** {@inheritDoc @viewlink/partner!TokenStore.get} */
  async get(userId: string): Promise<StoredTokenPair | undefined> {
    const fetch = async () => parsePair(await this.#redis.command('token-store.get', ['GET', this.#keys(userId).pair]));
    return this.#local ? this.#local.read(userId, this.#localMs, fetch) : fetch();
  }

  /** {@inheritDoc @viewlink/partner!TokenStore.set} */
  async set(userId: string, pair: StoredTokenPair): Promise<void> {
    this.#local?.changing(userId);
    await this.#redis.script(
      'token-store.set',
      SET,
      [this.#keys(userId).pair],
      [JSON.stringify(pair), this.#ttlOf(pair), this.#channel, notificationOf(userId)],
    );
  }

  /** {@inheritDoc @viewlink/partner!TokenStore.delete} */
  async delete(userId: string): Promise<void> {
    const k = this.#keys(userId);
    this.#local?.changing(userId);
    await this.#redis.script(
      'token-store.delete',
      DELETE,
      [k.pair, k.lease, k.failed],
      [this.#channel, notificationOf(userId)],
    );
  }

  /** A safe view (no tokens, no connection details). */
  toJSON(): Record<string, unknown> {
    return { type: 'RedisTokenStore', prefix: this.#redis.prefix };
  }

  /** `util.inspect` shows the safe view. */
  [INSPECT](): string {
    return `RedisTokenStore { prefix: '${this.#redis.prefix}' }`;
  }
}

function parsePair(raw: unknown): StoredTokenPair | undefined {
  if (raw === null || raw === undefined) return undefined;
  const text = typeof raw === 'string' ? raw : String(raw);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new SharedStoreError('token-store.get', cause, 'the stored pair is not JSON');
  }
  const parsed = StoredTokenPair.safeParse(json);
  if (!parsed.success) throw new SharedStoreError('token-store.get', undefined, 'the stored pair is malformed');
  return parsed.data;
}

async function noticeFor(raw: unknown, previous: StoredTokenPair): Promise<RenewalFailureNotice | undefined> {
  if (typeof raw !== 'string') return undefined;
  try {
    const notice = JSON.parse(raw) as { of?: unknown; code?: unknown; status?: unknown };
    if (notice.of !== (await fingerprint(previous.refresh_token)) || typeof notice.code !== 'string') return undefined;
    return { code: notice.code, ...(typeof notice.status === 'number' ? { status: notice.status } : {}) };
  } catch {
    return undefined;
  }
}
