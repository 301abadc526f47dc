/**
 * One Viewlink client per SDK instance, shared by every hook and kept across remounts: it
 * initializes the SDK lazily (the provider's `getTokens()` runs when a pair is first needed, and
 * again on expiry), runs at most one `connect` per service and one refresh at a time, and tells
 * hooks and the query cache what a finished connect or refresh changed. Nothing here runs at
 * import or during a server render.
 */
import {
  ConfigurationError,
  type ConnectResult,
  type Consent,
  type ConsentStorage,
  createSdk,
  type DisconnectResponse,
  RateLimitError,
  type RefreshResponse,
  type Sdk,
  type SdkOptions,
  type ServiceIdInput,
  type TokenExpiredEvent,
  type TokenPair,
  TokenRenewalError,
  UserGestureRequiredError,
  ValidationError,
} from '@viewlink/web';
import { RefreshCooldownError } from './errors.js';
import { type ViewlinkQueryKey, viewlinkKeys } from './keys.js';

/** What invalidates cached reads after a change: a TanStack Query `QueryClient` fits. */
export interface QueryInvalidator {
  /** Marks the queries under `queryKey` stale and refetches the active ones. */
  invalidateQueries(filters: { queryKey: readonly unknown[] }): unknown;
  /**
   * Drops the data under `queryKey` (and a fetch still running), then refetches the active
   * queries: `signOut()` calls it, so no read of the user who left stays in the cache.
   */
  resetQueries?(filters: { queryKey: readonly unknown[] }): unknown;
}

/** Why a read refuses to run in a server render, and what to do instead. */
const SERVER_READ =
  'Viewlink reads run in the browser, not in a server render (read with @viewlink/partner on the server, then seed the query cache)';

/** Why a pair fetched for the user who left is not installed. */
const SIGNED_OUT = 'signOut() ran before this pair arrived';

/** Why `getTokens()` is called: `initial` (the first pair), or the SDK's renewal reason. */
export interface TokenRequest {
  /**
   * `initial`: the first pair (`POST /api/viewlink/token`); `expiring`, `expired`, `unauthorized`:
   * the current pair needs renewal (`POST /api/viewlink/token/renew`).
   */
  readonly reason: 'initial' | TokenExpiredEvent['reason'];
}

/** The provider's settings, as the client reads them when it needs them. */
export interface ViewlinkSettings {
  /** The SDK Key from the partner portal (never the API Key). */
  readonly sdkKey: string;
  /** Asks your backend for a token pair; called when a pair is first needed and on each expiry. */
  readonly getTokens: (request: TokenRequest) => Promise<TokenPair> | TokenPair;
  /** Options of the first `initialize` (`baseUrl`, timeouts, `consentStorage`, ...). */
  readonly options?: SdkOptions | undefined;
  /** Cached reads to invalidate after a connect or refresh (a TanStack `QueryClient`). */
  readonly queryClient?: QueryInvalidator | undefined;
}

/** What changed: the read keys, `consent`, and `user` (`signOut()`: every hook starts afresh). */
export type ViewlinkChange = ViewlinkQueryKey | 'consent' | 'user';

/** The client behind the hooks (`useViewlink()`); one per SDK instance. */
export interface ViewlinkClient {
  /** The SDK instance: for what the hooks do not cover. */
  readonly sdk: Sdk;
  /**
   * The user's consent, kept in the provider's `options.consentStorage` from the first render:
   * the SDK takes its options only with the first pair, so `sdk.consent` reads and records in
   * memory until a read or connect ran. Hand this one to `renderConsentScreen({ consent })`.
   */
  readonly consent: Consent;
  /**
   * The SDK, initialized: the first call (and one after `dispose()`) asks `getTokens()` for a pair.
   * Rejects with a `ConfigurationError` in a server render (no `window`), without asking.
   */
  ready(): Promise<Sdk>;
  /** Links `service`; a second call while one runs returns the same promise. */
  connect(service: ServiceIdInput): Promise<ConnectResult>;
  /**
   * Disconnects the user's account on `service` (`SDK.disconnect`): call it from a click or key
   * handler. Once done, the accounts and watchlist reads reload (`sdk.disconnect()` called
   * directly leaves them showing the account as linked).
   */
  disconnect(input: { readonly service: ServiceIdInput; readonly keepData: boolean }): Promise<DisconnectResponse>;
  /** The `connect` of `service` in progress, if any (a remounted hook follows it). */
  connecting(service: ServiceIdInput): Promise<ConnectResult> | undefined;
  /**
   * A user-initiated refresh: call it from a click or key handler (in React Native, from a press
   * handler: no check there). Rejects with `UserGestureRequiredError` outside one and
   * `RefreshCooldownError` within `cooldownMs` of the last.
   */
  refresh(input?: { readonly service?: ServiceIdInput }, cooldownMs?: number): Promise<RefreshResponse>;
  /** The refresh in progress, and until when (epoch ms) the last one cools down. */
  readonly refreshState: { readonly running: Promise<RefreshResponse> | undefined; readonly coolsUntil: number };
  /** Tells hooks and the query cache that `changes` changed. */
  changed(...changes: ViewlinkChange[]): void;
  /** Calls `listener` on every change; returns a function that unsubscribes. */
  subscribe(listener: (change: ViewlinkChange) => void): () => void;
  /** Takes the provider's latest settings (called as it renders). */
  configure(settings: ViewlinkSettings): void;
  /**
   * The signed-in user left (call it once your backend signed them out): disposes the SDK (their
   * token, the consent held in memory), forgets the refresh cooldown and the connects in progress,
   * drops the Viewlink reads from the `queryClient` (`resetQueries`), and remounts what is below
   * `<ViewlinkProvider>`. A pair or renewal of that user still on its way is not installed. The
   * next read asks `getTokens({ reason: 'initial' })`, for whoever is signed in then.
   */
  signOut(): void;
}

/** Default pause after a refresh the service accepted: the partner client's cooldown (15 min). */
export const REFRESH_COOLDOWN_MS = 15 * 60_000;

const clients = new WeakMap<Sdk, ViewlinkClient>();

/** The client of `sdk`, created on first use (the same one after a remount or in Strict Mode). */
export function clientFor(sdk: Sdk): ViewlinkClient {
  const known = clients.get(sdk);
  if (known) return known;
  let settings: ViewlinkSettings | undefined;
  let pending: Promise<Sdk> | undefined;
  let renewing = false;
  // Bumped by signOut(): a pair fetched before it belongs to the user who left.
  let epoch = 0;
  const links = new Map<string, Promise<ConnectResult>>();
  const listeners = new Set<(change: ViewlinkChange) => void>();
  const state: { running: Promise<RefreshResponse> | undefined; coolsUntil: number } = {
    running: undefined,
    coolsUntil: 0,
  };
  // The consent in the provider's storage before the SDK has its options (the first pair): an
  // instance that holds no token, made once per storage.
  let early: [ConsentStorage, Consent] | undefined;
  const consentOf = () => {
    const storage = settings?.options?.consentStorage;
    if (sdk.initialized || !storage) return sdk.consent;
    if (early?.[0] !== storage) early = [storage, createSdk({ consentStorage: storage }).consent];
    return early[1];
  };
  const current = () => {
    if (!settings) throw new ConfigurationError('The Viewlink hooks need a <ViewlinkProvider> above them');
    return settings;
  };
  const pair = async (request: TokenRequest) => {
    try {
      return await current().getTokens(request);
    } catch (cause) {
      // On a renewal the SDK wraps what the handler throws in its own TokenRenewalError: a second
      // wrap here hid the app's error one level deeper than `cause`.
      if (request.reason !== 'initial') throw cause;
      // The app's own words say what failed, as on a renewal (no pair, so no token to scrub yet).
      const said = String((cause as Error | undefined)?.message ?? cause);
      throw new TokenRenewalError(`getTokens() of <ViewlinkProvider> failed: ${said}`, { cause });
    }
  };
  // Installs a pair getTokens() returned. The app never wrote `SDK.initialize()`: a pair it refuses
  // is reported at getTokens(), the function the app wrote (`getTokens(): access_token expected ...`).
  const install = (tokens: TokenPair, sdkKey: string, options?: SdkOptions) => {
    try {
      sdk.initialize(sdkKey, tokens, options);
    } catch (error) {
      if (!(error instanceof ValidationError) || error.issues[0]?.path[0] !== 'tokens') throw error;
      throw new ValidationError(
        'getTokens()',
        error.issues.map((issue) => ({ ...issue, path: issue.path.slice(1) })),
      );
    }
  };

  const client: ViewlinkClient = {
    sdk,
    consent: {
      record: (input) => consentOf().record(input),
      get: () => consentOf().get(),
      withdraw: () => consentOf().withdraw(),
    },
    ready() {
      // In a server render (a query a client component suspends on, say) the SDK instance is one
      // per server process: a pair fetched now would serve every later user's render.
      if (typeof window === 'undefined') return Promise.reject(new ConfigurationError(SERVER_READ));
      if (sdk.initialized) return Promise.resolve(sdk);
      if (pending) return pending;
      const started = epoch;
      const fetching: Promise<Sdk> = (async () => {
        const { sdkKey, options } = current();
        const tokens = await pair({ reason: 'initial' });
        // Registered with the first pair the provider hands over, once per SDK instance.
        if (!renewing)
          sdk.onTokenExpired(async ({ reason }) => {
            const at = epoch;
            const renewed = await pair({ reason });
            if (at === epoch) install(renewed, current().sdkKey);
          });
        renewing = true;
        if (started !== epoch) throw new TokenRenewalError(SIGNED_OUT);
        install(tokens, sdkKey, options);
        return sdk;
      })().finally(() => {
        if (pending === fetching) pending = undefined;
      });
      pending = fetching;
      return fetching;
    },
    connect(service) {
      const running = links.get(service);
      if (running) return running;
      const link = client
        .ready()
        .then((ready) => ready.connect({ service }))
        .then((result) => {
          client.changed(viewlinkKeys.accounts, viewlinkKeys.watchlist, viewlinkKeys.services);
          return result;
        })
        .finally(() => links.get(service) === link && links.delete(service));
      links.set(service, link);
      return link;
    },
    connecting: (service) => links.get(service),
    disconnect(input) {
      // Initialized: the SDK checks the click at once, before any await of ours.
      const done = sdk.initialized ? sdk.disconnect(input) : client.ready().then((ready) => ready.disconnect(input));
      return done.then((answer) => {
        client.changed(viewlinkKeys.accounts, viewlinkKeys.watchlist);
        return answer;
      });
    },
    refresh(input, cooldownMs = REFRESH_COOLDOWN_MS) {
      // Checked before any await, as the SDK does: activation belongs to this very call stack.
      // React Native has no userActivation (navigator.product 'ReactNative'): the SDK skips the
      // check there, and so does this; the app calls it from onPress.
      const nav = globalThis.navigator as { userActivation?: { isActive: boolean }; product?: string } | undefined;
      if (state.running) return state.running;
      if (!nav?.userActivation?.isActive && nav?.product !== 'ReactNative')
        return Promise.reject(new UserGestureRequiredError());
      const wait = state.coolsUntil - Date.now();
      if (wait > 0) return Promise.reject(new RefreshCooldownError(wait));
      const running = client
        .ready()
        .then((ready) => ready.refresh(input))
        .then(
          (result) => {
            state.coolsUntil = Date.now() + cooldownMs;
            client.changed(viewlinkKeys.accounts, viewlinkKeys.watchlist);
            return result;
          },
          (error: unknown) => {
            // The service refused (429): the control cools down, so it is not pressed into more
            // 429s (after a reload the in-memory cooldown is gone). As long as Retry-After says
            // (the SDK reads it into `retryAfterMs`); without one, the cooldown of a refresh that ran.
            if (error instanceof RateLimitError)
              state.coolsUntil = Math.max(state.coolsUntil, Date.now() + (error.retryAfterMs ?? cooldownMs));
            throw error;
          },
        )
        .finally(() => {
          state.running = undefined;
        });
      state.running = running;
      return running;
    },
    refreshState: state,
    changed(...changes) {
      for (const change of changes) {
        if (typeof change !== 'string') settings?.queryClient?.invalidateQueries({ queryKey: change });
        for (const listener of listeners) listener(change);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    configure(next) {
      settings = next;
    },
    signOut() {
      epoch += 1;
      pending = undefined;
      sdk.dispose();
      links.clear();
      state.running = undefined;
      state.coolsUntil = 0;
      settings?.queryClient?.resetQueries?.({ queryKey: viewlinkKeys.all });
      for (const listener of listeners) listener('user');
    },
  };
  clients.set(sdk, client);
  return client;
}
