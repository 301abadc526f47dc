/**
 * Keeps each user's pair fresh: reads it from the token store, renews it ahead of expiry
 * (clock skew) or after a 401 (the transport pipeline replays the read once, through
 * {@link UserAuth}). Renewals of one user are
 * coalesced, so a thousand concurrent reads with an expired pair send exactly one renewal.
 */
import {
  type AuthStrategy,
  type HeaderRecord,
  isThenable,
  type Logger,
  type RenewalSender,
  TokenRenewalError,
  tokenRenewalChannel,
} from '@viewlink/transport';
import { type StoredTokenPair, TokenPair } from '../core/token-pair.js';
import type { TokenStore } from '../core/token-store.js';
import { KeyedLock } from './keyed-lock.js';
import { healable, type ReissueSource, reissue, renewAskingAgain } from './reissue.js';
import { pairNotRenewed, renewShared } from './shared-renewal.js';
import { SingleFlight } from './single-flight.js';

/** What the session needs from the tokens resource: issuing and renewing pairs. */
type PairSource = ReissueSource;

/** Per-client pair bookkeeping shared by every `client.user(...)`. */
export class Sessions {
  readonly #flights = new SingleFlight<TokenPair>();
  // Store read-compare-write steps of one user never interleave (adopt vs issue vs renew).
  readonly #locks = new KeyedLock();
  readonly #parsed = new WeakMap<StoredTokenPair, TokenPair>();
  /** Each parsed pair's `Authorization` value, built once per pair (reads are the hot path). */
  readonly #authorization = new WeakMap<TokenPair, string>();

  constructor(
    readonly store: TokenStore,
    readonly source: PairSource,
    readonly skewMs: number,
    readonly now: () => number,
    /** Issue a new pair when the server refuses the refresh token (`renewal.reissue`, default on). */
    readonly heal = true,
    /** Told (warn) each time a refused refresh token is healed. */
    readonly logger?: Logger | undefined,
  ) {}

  async #read(userId: string): Promise<TokenPair | undefined> {
    return this.#pairOf(await this.store.get(userId));
  }

  /** The pair of a stored record, parsed once per record (a store may hand back the same record). */
  #pairOf(stored: StoredTokenPair | undefined): TokenPair | undefined {
    if (stored === undefined) return undefined;
    let pair = this.#parsed.get(stored);
    if (!pair) {
      pair = TokenPair.from(stored);
      this.#parsed.set(stored, pair);
      this.#authorization.set(pair, `Bearer ${stored.access_token}`);
    }
    return pair;
  }

  #expired(pair: TokenPair): boolean {
    return pair.expiresAt.getTime() - this.now() <= this.skewMs;
  }

  async #save(pair: TokenPair): Promise<TokenPair> {
    await this.store.set(pair.userId, this.#remember(pair));
    return pair;
  }

  /** Registers a pair's record in the parse cache; returns the record. */
  #remember(pair: TokenPair): StoredTokenPair {
    const record = pair.toStored();
    this.#parsed.set(record, pair);
    this.#authorization.set(pair, `Bearer ${record.access_token}`);
    return record;
  }

  /** Adopts a pair handed in by the caller unless the store holds a newer one. */
  adopt(pair: TokenPair): Promise<TokenPair> {
    return this.#locks.run(pair.userId, async () => {
      const held = await this.#read(pair.userId);
      if (held && held.expiresAt.getTime() >= pair.expiresAt.getTime()) return held;
      return this.#save(pair);
    });
  }

  /** The user's pair from the store, issuing one when the store has none. */
  async current(userId: string): Promise<TokenPair> {
    return this.#currentFrom(userId, this.store.get(userId), undefined);
  }

  /** {@link current} from a store read already started (a store is read once per call). */
  async #currentFrom(
    userId: string,
    stored: ReturnType<TokenStore['get']>,
    sender: RenewalSender | undefined,
  ): Promise<TokenPair> {
    const held = this.#pairOf(await stored);
    if (held) return held;
    return this.#flights.run(`issue:${userId}`, () =>
      this.#locks.run(userId, async () => {
        // A pair may have been adopted or issued while we waited for the lock.
        const now = await this.#read(userId);
        if (now) return now;
        // Issued within a read: the request is a step of that read's run (`sender`), under a
        // token-renewal span that says why (else a bare `POST /v1/auth/token` in the read's trace).
        const issued = await tokenRenewalChannel.trace({ client: 'partner', trigger: 'missing' }, () =>
          this.source.issueWithin(userId, sender),
        );
        return this.#save(issued);
      }),
    );
  }

  /**
   * A pair newer than `stale`: the store's, if another request or instance already renewed,
   * else a renewal (one per user at a time). After a 401, `sender` sends the renewal request as
   * a step of that call (its deadline); calls that arrive meanwhile share that renewal.
   */
  fresh(userId: string, stale: TokenPair, sender?: RenewalSender): Promise<TokenPair> {
    return this.#flights.run(`renew:${userId}`, () =>
      this.#locks.run(userId, () => this.#renew(userId, stale, sender)),
    );
  }

  async #renew(userId: string, stale: TokenPair, sender: RenewalSender | undefined): Promise<TokenPair> {
    const held = await this.#read(userId);
    if (held && !held.equals(stale) && !this.#expired(held)) return held;
    const base = held ?? stale;
    const coordinator = this.store.renewal;
    if (coordinator)
      return renewShared({
        userId,
        base,
        coordinator,
        renew: (pair) => renewAskingAgain(this.source, pair, this.heal, sender),
        ...(this.heal
          ? { reissue: (pair: TokenPair, cause: unknown) => reissue(this.source, pair, cause, this.logger, sender) }
          : {}),
        pairOf: (stored) => this.#pairOf(stored),
        remember: (pair) => this.#remember(pair),
        expired: (pair) => this.#expired(pair),
      });
    try {
      return await this.#save(await renewAskingAgain(this.source, base, this.heal, sender));
    } catch (error) {
      // Another instance may have renewed meanwhile (our refresh token is then spent).
      const again = await this.#read(userId);
      if (again && !again.equals(base)) return again;
      // Refused for good (spent, revoked, expired): a new pair, once per process (we hold the user's lock).
      if (!this.heal || !healable(error)) throw error;
      let issued: TokenPair;
      try {
        issued = await reissue(this.source, base, error, this.logger, sender);
      } catch (failure) {
        throw failure instanceof TokenRenewalError ? failure : pairNotRenewed(userId, failure, true);
      }
      return this.#save(issued);
    }
  }

  /** The user's pair, valid for at least the skew: renewed first when needed. */
  async valid(userId: string): Promise<TokenPair> {
    return this.#validFrom(userId, this.store.get(userId), undefined);
  }

  async #validFrom(
    userId: string,
    stored: ReturnType<TokenStore['get']>,
    sender: RenewalSender | undefined,
  ): Promise<TokenPair> {
    const pair = await this.#currentFrom(userId, stored, sender);
    if (!this.#expired(pair)) return pair;
    // Renewed ahead of expiry: published on the token-renewal channel (the 401 path is traced by the pipeline).
    return tokenRenewalChannel.trace({ client: 'partner', trigger: 'expiring' }, () =>
      this.fresh(userId, pair, sender),
    );
  }

  /**
   * The pair to send a user's call with, valid for at least the skew. The hot path (reads): a
   * store that answers synchronously (the in-memory one) with a pair that is not about to expire
   * is used as it is, without an await.
   */
  credential(userId: string, sender?: RenewalSender): TokenPair | Promise<TokenPair> {
    const stored = this.store.get(userId);
    // A thenable check, not instanceof: a store may answer with a query builder or a promise of another realm.
    if (!isThenable(stored)) {
      const pair = this.#pairOf(stored);
      if (pair && !this.#expired(pair)) return pair;
    }
    return this.#validFrom(userId, stored, sender);
  }

  /** The `Authorization` header value of a pair's calls. */
  authorization(pair: TokenPair): string {
    return this.#authorization.get(pair) ?? `Bearer ${pair.accessToken}`;
  }

  /** The auth strategy of one user's calls (the pipeline renews through {@link fresh} and replays once on 401). */
  authFor(userId: string): UserAuth {
    return new UserAuth(this, userId);
  }
}

/**
 * One user's credential for the transport pipeline: the stored pair's access token on each
 * attempt; after a 401, the pair {@link Sessions.fresh} renews (or another call already did).
 */
export class UserAuth implements AuthStrategy<TokenPair> {
  readonly #sessions: Sessions;
  readonly #userId: string;

  constructor(sessions: Sessions, userId: string) {
    this.#sessions = sessions;
    this.#userId = userId;
  }

  /** The stored pair; one about to expire is renewed first, its request a step of the call (`sender`). */
  credential(sender?: RenewalSender): TokenPair | Promise<TokenPair> {
    return this.#sessions.credential(this.#userId, sender);
  }

  apply(pair: TokenPair, headers: HeaderRecord): void {
    headers.authorization = this.#sessions.authorization(pair);
  }

  /** After a 401: the renewal request is a step of the same call (`sender`), then the call replays. */
  renew(rejected: TokenPair, sender?: RenewalSender): Promise<TokenPair> {
    this.#sessions.source.refused(rejected);
    return this.#sessions.fresh(this.#userId, rejected, sender);
  }
}
