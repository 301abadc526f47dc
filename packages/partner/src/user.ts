/**
 * `client.user(pairOrUserId)`: every read and action of one end user, each sent with that
 * user's access token (renewed through the token store ahead of expiry, or within the call
 * after a 401). The methods are data, {@link USER_METHODS} (the route each calls and where its
 * arguments go), made into functions by the transport's `defineMethods`; this file sends them.
 */
import type {
  DisconnectResponse,
  PartnerRatingList,
  RecommendationFeeds,
  RefreshResponse,
  Watchlist,
} from '@viewlink/schemas';
import {
  defineMethods,
  type MethodCall,
  type MethodDefinitions,
  type PreparedRequest,
  type TransportResponse,
  withCallSite,
} from '@viewlink/transport';
import type { ReadOptions } from './core/options.js';
import type { TokenPair } from './core/token-pair.js';
import type { PartnerRouteKey, PartnerRoutes } from './internal/call.js';
import { readSignal } from './internal/read-signal.js';
import type { RefreshGuard } from './internal/refresh-guard.js';
import type { UserScope } from './internal/scope.js';
import type { Sessions, UserAuth } from './internal/session.js';
import { accountsView, type LinkedAccounts } from './resources/accounts.js';
import { checkAccountId, type DisconnectOptions, disconnectInput } from './resources/disconnect.js';
import { History } from './resources/history.js';
import { type RecommendationOptions, recommendationsInput } from './resources/recommendations.js';
import { guardedRefresh, type RefreshOptions, refreshInput } from './resources/refresh.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The methods of {@link PartnerUser} made from {@link USER_METHODS}. */
type UserMethods = Pick<
  PartnerUser,
  'watchlist' | 'accounts' | 'ratings' | 'recommendations' | 'refresh' | 'disconnect'
>;

/**
 * The user's methods as data: the route each calls, where its arguments go, what its options
 * add to the input, and (`kind`) what the call does beyond sending and returning the data.
 */
const USER_METHODS: MethodDefinitions<UserMethods, PartnerRouteKey> = {
  watchlist: { route: 'GET /v1/user/watchlist' },
  accounts: { route: 'GET /v1/user/accounts', kind: 'accounts' },
  ratings: { route: 'GET /v1/user/ratings' },
  recommendations: { route: 'GET /v1/user/recommendations', fromOptions: recommendationsInput },
  refresh: { route: 'POST /v1/user/refresh', fromOptions: refreshInput, kind: 'refresh' },
  disconnect: {
    route: 'POST /v1/user/accounts/{account_id}/disconnect',
    args: ['params.account_id'],
    fromOptions: disconnectInput,
    kind: 'disconnect',
  },
};

/** One end user's data, read with that user's pair. Build it with `client.user(...)`. */
export class PartnerUser {
  /** The end user. */
  readonly userId: string;
  /** The watch history: `pages()`, `entries()`, `since()`, `all()`. */
  readonly history: History;
  /** Personalized watchlist categories across the user's services (merged, deduplicated). */
  readonly watchlist: (options?: ReadOptions) => Promise<Watchlist>;
  /** Linked accounts; `broken` ones come back with `needsReauthentication: true`, not as errors. */
  readonly accounts: (options?: ReadOptions) => Promise<LinkedAccounts>;
  /** Ratings consolidated across services. */
  readonly ratings: (options?: ReadOptions) => Promise<PartnerRatingList>;
  /** Recommendation feeds, one per provider (or one provider with `service`). */
  readonly recommendations: (options?: RecommendationOptions) => Promise<RecommendationFeeds>;
  /**
   * Asks the service to refresh the user's data now. Call it only from a user's explicit
   * refresh action: `refresh({ trigger: 'user-action' })`. Resolves when the service accepted
   * the request (202); completion is announced by the UserDataRefreshCompleted webhook.
   * @throws UserActionRequiredError without `trigger: 'user-action'`.
   * @throws RefreshRefusedError within the cooldown (unless `force`) or in a tight loop.
   */
  readonly refresh: (options: RefreshOptions) => Promise<RefreshResponse>;
  /**
   * Disconnects one linked account at the user's request, with the user's choice about the
   * records you already hold: `keepData: true` keeps them, `false` means you delete them. The
   * account turns `disconnected` (it no longer counts as a linked account) and the service sends
   * LinkedAccountDisconnected with `keep_data`. Repeating it is harmless.
   * @throws ValidationError for an empty account id or a missing `keepData` (nothing sent).
   * @throws APIError 404 `account_not_found` for an account the user does not have.
   */
  readonly disconnect: (accountId: string, options: DisconnectOptions) => Promise<DisconnectResponse>;
  readonly #sessions: Sessions;
  readonly #ready: () => Promise<void>;

  /** @internal Built by `PartnerClient.user()`. */
  constructor(
    userId: string,
    initial: TokenPair | undefined,
    deps: { routes: PartnerRoutes; sessions: Sessions; guard: RefreshGuard },
  ) {
    this.userId = userId;
    this.#sessions = deps.sessions;
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
    const sender = new UserCalls(userId, deps.routes, deps.sessions.authFor(userId), deps.guard, () =>
      settled ? undefined : ready(),
    );
    const methods = defineMethods<UserMethods, PartnerRouteKey>(USER_METHODS, (call) => sender.invoke(call), 'user');
    this.watchlist = methods.watchlist;
    this.accounts = methods.accounts;
    this.ratings = methods.ratings;
    this.recommendations = methods.recommendations;
    this.refresh = methods.refresh;
    this.disconnect = methods.disconnect;
    this.history = new History(sender);
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
   * one renewal; returns the store's newer pair if another instance already renewed. A refresh
   * token the server refuses (spent, revoked, expired) heals: a new pair is issued with the API
   * Key, once, stored and returned.
   * @throws TokenRenewalError when that issue fails too, or with `renewal: { reissue: false }`.
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

const dataOf = <T>(response: { readonly data: T }): T => response.data;

/**
 * Sends one user's calls: with the user's credential (`UserAuth`), once a pair handed in was
 * adopted. The invoker of the user's defined methods, and the history's scope.
 */
class UserCalls implements UserScope {
  constructor(
    readonly userId: string,
    readonly routes: PartnerRoutes,
    readonly auth: UserAuth,
    readonly guard: RefreshGuard,
    /** Resolves once a pair handed in is adopted; `undefined` when it already was (no await per read). */
    readonly pending: () => Promise<void> | undefined,
  ) {}

  send<T>(request: PreparedRequest<T>, signal: AbortSignal | undefined, callSite: string): Promise<T> {
    return this.respond(request, signal, callSite).then(dataOf);
  }

  respond<T>(
    request: PreparedRequest<T>,
    signal: AbortSignal | undefined,
    callSite: string,
  ): Promise<TransportResponse<T>> {
    const options = { signal, auth: this.auth, callSite };
    const waiting = this.pending();
    if (waiting === undefined) return this.routes.send(request, options);
    // Adopting the pair handed in writes the token store: its failure is this call's too.
    return waiting.then(
      () => this.routes.send(request, options),
      (error: unknown) => Promise.reject(withCallSite(error, callSite)),
    );
  }

  /** One call of a method of {@link USER_METHODS}. */
  invoke(call: MethodCall<PartnerRouteKey>): Promise<unknown> {
    const { definition } = call;
    const options = call.options as ReadOptions | null | undefined;
    let request: PreparedRequest;
    let signal: AbortSignal | undefined;
    try {
      if (definition.kind === 'disconnect')
        checkAccountId((call.input.params as { readonly account_id?: unknown } | undefined)?.account_id);
      // A method with options of its own checked them in its `fromOptions`; the others take a signal only.
      if (options != null)
        signal = definition.fromOptions === undefined ? readSignal(options, call.callSite) : options.signal;
      request = this.routes.prepare(definition.route, call.input);
    } catch (error) {
      return Promise.reject(error);
    }
    const { callSite } = call;
    if (definition.kind === 'accounts') return this.send(request, signal, callSite).then(accountsView);
    if (definition.kind === 'refresh')
      return guardedRefresh(this.guard, this.userId, options as RefreshOptions, () =>
        this.send(request, signal, callSite),
      );
    return this.send(request, signal, callSite);
  }
}
