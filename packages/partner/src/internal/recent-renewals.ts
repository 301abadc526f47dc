/**
 * Results of recent renewals by the refresh token they spent: a late caller with the old pair
 * gets the new one (the service would refuse the spent refresh token). A result is handed back
 * for 60 s at most, and never once it is known dead: its access token was refused (a 401), it
 * was renewed in turn (its refresh token is spent), or it expired.
 */
import type { TokenPair } from '../core/token-pair.js';

const MAX_ENTRIES = 1_000;
const TTL_MS = 60_000;

/** One renewal's result and when it arrived. */
interface RecentRenewal {
  readonly pair: TokenPair;
  readonly at: number;
}

/** Recent renewal results, bounded in count (oldest dropped first) and age. */
export class RecentRenewals {
  /** Results by the refresh token their renewal spent. */
  readonly #bySpent = new Map<string, RecentRenewal>();
  /** The spent refresh token whose renewal gave each result, by the result's refresh token. */
  readonly #spentByResult = new Map<string, string>();

  /** The pair a renewal of `refreshToken` gave, while it is recent and not known dead. */
  get(refreshToken: string, now: number): TokenPair | undefined {
    const recent = this.#bySpent.get(refreshToken);
    if (recent === undefined) return undefined;
    if (now - recent.at < TTL_MS && !recent.pair.isExpired({ now })) return recent.pair;
    this.#delete(refreshToken, recent.pair);
    return undefined;
  }

  /** Remembers that renewing `refreshToken` gave `pair`. */
  set(refreshToken: string, pair: TokenPair, now: number): void {
    this.#bySpent.set(refreshToken, { pair, at: now });
    this.#spentByResult.set(pair.refreshToken, refreshToken);
    if (this.#bySpent.size > MAX_ENTRIES) {
      const [oldest, entry] = this.#bySpent.entries().next().value ?? [];
      if (oldest !== undefined && entry !== undefined) this.#delete(oldest, entry.pair);
    }
  }

  /**
   * Stops handing out the result pair whose refresh token is `refreshToken`: its access token
   * was refused, or it is being renewed (the next renewal of the token it replaced asks the service).
   */
  forget(refreshToken: string): void {
    const spent = this.#spentByResult.get(refreshToken);
    const recent = spent === undefined ? undefined : this.#bySpent.get(spent);
    if (spent !== undefined && recent !== undefined) this.#delete(spent, recent.pair);
  }

  #delete(spent: string, pair: TokenPair): void {
    this.#bySpent.delete(spent);
    this.#spentByResult.delete(pair.refreshToken);
  }
}
