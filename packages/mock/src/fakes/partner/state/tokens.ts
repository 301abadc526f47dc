/** Token pairs the fake issued: expiry on the fake's clock, renewal invalidates the old refresh token. */
import type { FakeClock } from './clock.js';

/** A token pair the fake issued, with absolute expiry on the fake's clock. */
export interface IssuedPair {
  /** The end user the pair was issued for. */
  readonly userId: string;
  /** The access token (`vl_at_...`), sent as a Bearer token. */
  readonly accessToken: string;
  /** The refresh token (`vl_rt_...`); renewing with it issues a new pair and retires it. */
  readonly refreshToken: string;
  /** When the access token expires, in ms on the fake's clock; moved to now when tests expire it. */
  accessExpiresAt: number;
  /** When the refresh token expires, in ms on the fake's clock. */
  readonly refreshExpiresAt: number;
  /** When this pair was renewed (its refresh token spent), in ms on the fake's clock; undefined while current. */
  renewedAt?: number | undefined;
}

/** Token lifetimes in seconds. */
interface TokenLifetimes {
  readonly access: number;
  readonly refresh: number;
}

/** The pairs of one fake. */
export class TokenLedger {
  /** Pairs by access token. */
  readonly byAccess = new Map<string, IssuedPair>();
  readonly #byRefresh = new Map<string, IssuedPair>();
  #sequence = 0;
  /** Pairs issued through POST /v1/auth/token. */
  issued = 0;
  /** Pairs renewed through the Management API. */
  renewed = 0;
  /** Renewals refused (refresh token unknown, spent or expired). */
  refused = 0;
  /** Renewals attempted with a refresh token that was already spent (rotation: the classic multi-instance bug). */
  spentRefreshAttempts = 0;
  /** Requests authenticated with the access token of a pair that was already renewed (a stale pair in use). */
  retiredAccessUses = 0;
  readonly #spent = new Set<string>();

  constructor(
    private readonly clock: FakeClock,
    private readonly ttl: TokenLifetimes,
  ) {}

  /** Issues a new pair for a user. */
  issue(userId: string): IssuedPair {
    this.issued += 1;
    return this.#create(userId);
  }

  /** Renews with a refresh token: the old refresh token stops working. Undefined when unknown or expired. */
  renew(refreshToken: string): IssuedPair | undefined {
    const old = this.#byRefresh.get(refreshToken);
    if (!old || old.refreshExpiresAt <= this.clock.now()) {
      this.refused += 1;
      if (this.#spent.has(refreshToken)) this.spentRefreshAttempts += 1;
      return undefined;
    }
    // Rotation: the refresh token is spent for good (a second use is refused and counted).
    this.#byRefresh.delete(refreshToken);
    this.#spent.add(refreshToken);
    old.renewedAt = this.clock.now();
    this.renewed += 1;
    return this.#create(old.userId);
  }

  /** The live pair of an access token, if any (a use of a renewed pair's token is counted). */
  live(accessToken: string): IssuedPair | undefined {
    const pair = this.byAccess.get(accessToken);
    if (!pair || pair.accessExpiresAt <= this.clock.now()) return undefined;
    if (pair.renewedAt !== undefined) this.retiredAccessUses += 1;
    return pair;
  }

  /** Expires every access token (of one user, or of all). Returns how many. */
  expire(userId?: string): number {
    let count = 0;
    for (const pair of this.byAccess.values()) {
      if (userId !== undefined && pair.userId !== userId) continue;
      pair.accessExpiresAt = Math.min(pair.accessExpiresAt, this.clock.now());
      count += 1;
    }
    return count;
  }

  /**
   * Revokes the refresh tokens of a user's pairs (of every user without `userId`), as an operator
   * or a security review would, or as their lifetime ending does: a renewal with them is refused
   * from now on (401 `invalid_refresh_token`); their access tokens live until they expire.
   * Returns how many.
   */
  revokeRefresh(userId?: string): number {
    let count = 0;
    for (const [refreshToken, pair] of this.#byRefresh) {
      if (userId !== undefined && pair.userId !== userId) continue;
      this.#byRefresh.delete(refreshToken);
      count += 1;
    }
    return count;
  }

  /** The pair as the API returns it. */
  body(pair: IssuedPair) {
    return {
      access_token: pair.accessToken,
      refresh_token: pair.refreshToken,
      token_type: 'Bearer',
      expires_in: this.ttl.access,
      refresh_expires_in: this.ttl.refresh,
    };
  }

  #create(userId: string): IssuedPair {
    this.#sequence += 1;
    const now = this.clock.now();
    const pair: IssuedPair = {
      userId,
      accessToken: `vl_at_${this.#sequence}_${crypto.randomUUID()}`,
      refreshToken: `vl_rt_${this.#sequence}_${crypto.randomUUID()}`,
      accessExpiresAt: now + this.ttl.access * 1000,
      refreshExpiresAt: now + this.ttl.refresh * 1000,
    };
    this.byAccess.set(pair.accessToken, pair);
    this.#byRefresh.set(pair.refreshToken, pair);
    return pair;
  }
}
