/**
 * `client.user(pairOrUserId)`: every read and the refresh for one end user, each sent with that
 * user's access token, renewed through the token store when it expires.
 */
import type { PartnerRatingList, RecommendationFeeds, RefreshResponse, Watchlist } from '@viewlink/schemas';
import type { PreparedRequest } from '@viewlink/transport';
import type { ReadOptions } from './core/options.js';
import type { TokenPair } from './core/token-pair.js';
import type { PartnerRoutes } from './internal/call.js';
import type { RefreshGuard } from './internal/refresh-guard.js';
import type { UserScope } from './internal/scope.js';
import type { Sessions } from './internal/session.js';
import { type LinkedAccounts, readAccounts } from './resources/accounts.js';
import { History } from './resources/history.js';
import { readRatings } from './resources/ratings.js';
import { type RecommendationOptions, readRecommendations } from './resources/recommendations.js';
import { type RefreshOptions, requestRefresh } from './resources/refresh.js';
import { readWatchlist } from './resources/watchlist.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** One end user's data, read with that user's pair. Build it with `client.user(...)`. */
export class PartnerUser {
  /** The end user. */
  readonly userId: string;
  /** The watch history: `pages()`, `entries()`, `since()`, `all()`. */
  readonly history: History;
  readonly #scope: UserScope;
  readonly #sessions: Sessions;
  readonly #guard: RefreshGuard;
  readonly #ready: () => Promise<void>;

  /** @internal Built by `PartnerClient.user()`. */
  constructor(
    userId: string,
    initial: TokenPair | undefined,
    deps: { routes: PartnerRoutes; sessions: Sessions; guard: RefreshGuard },
  ) {
    this.userId = userId;
    this.#sessions = deps.sessions;
    this.#guard = deps.guard;
    // A pair handed in is adopted once (unless the store holds a newer one); then the store rules.
    let adopted: Promise<unknown> | undefined;
    let settled = initial === undefined;
    const ready = async (): Promise<void> => {
      if (settled) return;
      adopted ??= deps.sessions.adopt(initial as TokenPair).then(
        () => {
          settled = true;
        },
        (error: unknown) => {
          adopted = undefined;
          throw error;
        },
      );
      await adopted;
    };
    this.#ready = ready;
    // The user's credential for the pipeline: the stored pair, renewed and replayed once on 401.
    const auth = deps.sessions.authFor(userId);
    const routes = deps.routes;
    const sendNow = async <T>(request: PreparedRequest<T>, signal: AbortSignal | undefined): Promise<T> =>
      (await routes.send(request, { signal, auth })).data;
    this.#scope = {
      userId,
      routes,
      send<T>(request: PreparedRequest<T>, signal: AbortSignal | undefined): Promise<T> {
        // Once the pair is adopted, reads go straight to the pipeline (no await per read).
        if (settled) return sendNow(request, signal);
        return ready().then(() => sendNow(request, signal));
      },
    };
    this.history = new History(this.#scope);
  }

  /** Personalized watchlist categories across the user's services (merged, deduplicated). */
  watchlist(options?: ReadOptions): Promise<Watchlist> {
    return readWatchlist(this.#scope, options);
  }

  /** Linked accounts; `broken` ones come back with `needsReauthentication: true`, not as errors. */
  accounts(options?: ReadOptions): Promise<LinkedAccounts> {
    return readAccounts(this.#scope, options);
  }

  /** Ratings consolidated across services. */
  ratings(options?: ReadOptions): Promise<PartnerRatingList> {
    return readRatings(this.#scope, options);
  }

  /** Recommendation feeds, one per provider (or one provider with `service`). */
  recommendations(options?: RecommendationOptions): Promise<RecommendationFeeds> {
    return readRecommendations(this.#scope, options);
  }

  /**
   * Asks the service to refresh the user's data now. Call it only from a user's explicit
   * refresh action: `refresh({ trigger: 'user-action' })`. Resolves when the service accepted
   * the request (202); completion is announced by the UserDataRefreshCompleted webhook.
   * @throws UserActionRequiredError without `trigger: 'user-action'`.
   * @throws RefreshRefusedError within the cooldown (unless `force`) or in a tight loop.
   */
  refresh(options: RefreshOptions): Promise<RefreshResponse> {
    return requestRefresh(this.#scope, this.#guard, options);
  }

  /**
   * The user's current pair, renewed first if it expires within the clock skew; issued when
   * the store has none. Hand `pair.toSdkTokens()` to the user's app for `SDK.initialize`.
   */
  async tokenPair(): Promise<TokenPair> {
    await this.#ready();
    return this.#sessions.valid(this.userId);
  }

  /**
   * Renews the user's pair now (the app's SDK fired `onTokenExpired`). Concurrent calls share
   * one renewal; returns the store's newer pair if another instance already renewed.
   */
  async renewTokenPair(): Promise<TokenPair> {
    await this.#ready();
    return this.#sessions.fresh(this.userId, await this.#sessions.current(this.userId));
  }

  /** A safe view (no tokens). */
  toJSON(): Record<string, unknown> {
    return { userId: this.userId };
  }

  /** `util.inspect` shows the safe view. */
  [INSPECT](): string {
    return `PartnerUser { userId: ${JSON.stringify(this.userId)} }`;
  }
}
