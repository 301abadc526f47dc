/** The browser SDK: `createSdk()` builds an instance, `SDK` is the default one. */
import {
  type DisconnectResponse,
  type LinkedAccount,
  type RefreshResponse,
  readPartnerError,
  type ServiceIdInput,
  type StreamingService,
  type TokenPair,
  type Watchlist,
} from '@viewlink/schemas';
import {
  defineLightMethods,
  type EngineSettings,
  LightRun,
  type MethodInvoker,
  prepareRouteKey,
  type RouteCallInput,
  scrubSecrets,
} from '@viewlink/transport/engine';
import type { LinkParts } from '../internal/bridge.js';
import { deferred } from '../internal/deferred.js';
import { createEmitter } from '../internal/emitter.js';
import { checkInput, checkOptions, type EveryName, invalid, onlyKnownKeys } from '../internal/input.js';
import { kind } from '../internal/kind.js';
import { tokenAuth, type WebMethod, type WebOutputs, type WebRouteKey } from '../internal/routes.js';
import { refuseApiKey } from '../internal/secrets.js';
import { createSession, type ExpiryReason } from '../internal/session.js';
import { checkTokenPair, INITIALIZE } from '../internal/token-pair.js';
import { responseCheck } from '../internal/validate.js';
import { type Consent, createConsent } from './consent.js';
import { checkLinkingSupport, isReactNative } from './environment.js';
import {
  ConfigurationError,
  ConnectCancelledError,
  ConnectError,
  ConsentRequiredError,
  ExtensionIncompatibleError,
  ExtensionNotInstalledError,
  ExtensionTimeoutError,
  NotInitializedError,
  UserGestureRequiredError,
} from './errors.js';
import type { ConnectResult } from './link.js';
import type { SdkOptions } from './options.js';

export type {
  DisconnectResponse,
  LinkedAccount,
  RefreshResponse,
  ServiceIdInput,
  StreamingService,
  TokenPair,
  Watchlist,
} from '@viewlink/schemas';
export type { ConnectResult } from './link.js';

/** Passed to the token-expired handler. */
export interface TokenExpiredEvent {
  /** `expiring`: ahead of expiry (the token still works); `expired`: past expiry; `unauthorized`: the API answered 401. */
  readonly reason: ExpiryReason;
}

/**
 * Called when the access token needs renewal: ask your backend for a new pair (it renews with
 * the API Key) and call `SDK.initialize(sdkKey, newPair)`. Requests wait meanwhile.
 */
export type TokenExpiredHandler = (event: TokenExpiredEvent) => void | Promise<void>;

/** A catalog entry plus whether linking can run on this device now. */
export interface ServiceEntry extends StreamingService {
  /** True when the service takes new links and this browser can link (desktop Chrome or Edge). */
  readonly linkable: boolean;
}

/** Events of an SDK instance (`sdk.on(name, listener)`). */
export interface SdkEvents {
  /** A streaming account was linked through `connect`. */
  connected: ConnectResult;
  /** A linked account is `broken`: prompt the user to re-authenticate with `connect({ service })`. */
  broken: LinkedAccount;
  /** The access token needs renewal (the `onTokenExpired` handlers run too). */
  'token-expired': TokenExpiredEvent;
  /** The extension reports a step of a `connect`, e.g. `awaiting-mfa`. */
  progress: {
    /** The service being linked. */
    readonly service: string;
    /** `login-opened`, `awaiting-mfa`, `awaiting-captcha`, `choosing-profile`, `verifying`, or a newer stage. */
    readonly stage: string;
    /** The link session of this `connect` (also on its result or `ConnectError`). */
    readonly link_session_id: string;
  };
}

/** One SDK instance. */
export interface Sdk {
  /**
   * Starts the SDK with the SDK Key and the token pair your backend obtained
   * (POST /v1/auth/token); call it again with each renewed pair. Never pass the API Key.
   * @param sdkKey Your SDK Key (public, made for browsers).
   * @param tokens The pair as your backend's `pair.toSdkTokens()` hands it over.
   * @param options `baseUrl` (required on the first call), timeouts, `consentStorage`, ...; a later
   *   call keeps the options it does not name.
   * @throws ConfigurationError for a missing or blank SDK Key, an option it does not take or of the
   *   wrong type, or a `baseUrl` that is not https: (http: only on loopback); its subclass
   *   `ApiKeyNotAllowedError` for an API Key.
   * @throws ValidationError for a malformed token pair (naming the field).
   * @example
   * ```ts
   * SDK.initialize(sdkKey, await (await fetch('/api/viewlink/token', { method: 'POST' })).json(), {
   *   baseUrl: 'https://api.viewlink.example',
   * });
   * ```
   */
  initialize(sdkKey: string, tokens: TokenPair, options?: SdkOptions): void;
  /**
   * Registers the renewal handler; returns a function that removes it. The handler fetches a
   * renewed pair from your backend and passes it to `SDK.initialize`; requests wait for it.
   * @example
   * ```ts
   * SDK.onTokenExpired(async () => {
   *   SDK.initialize(sdkKey, await (await fetch('/api/viewlink/token/renew', { method: 'POST' })).json());
   * });
   * ```
   */
  onTokenExpired(handler: TokenExpiredHandler): () => void;
  /**
   * Links a streaming service through the browser extension (desktop Chrome or Edge). Needs both
   * consents recorded. Resolves with the linked account; throws a typed error saying why not.
   * @param input `service`: the id of the service to link (known ids complete; another id is taken too).
   * @throws NotInitializedError before `SDK.initialize`.
   * @throws ValidationError for an input that is not `{ service }` with a service id (nothing sent).
   * @throws ConsentRequiredError until both consents are recorded (`missing` names them).
   * @throws UnsupportedEnvironmentError outside desktop Chrome or Edge (`reason`).
   * @throws ExtensionNotInstalledError when the extension does not answer (`installUrl`).
   * @throws ConnectCancelledError when the user closed the login: not a failure to report.
   * @throws ConnectError for another exit (`reason`, `linkSessionId`); ExtensionTimeoutError after `connectTimeoutMs`.
   * @example
   * ```ts
   * try {
   *   const account = await SDK.connect({ service: 'streamflix' });
   * } catch (error) {
   *   if (error instanceof ExtensionNotInstalledError) location.href = error.installUrl ?? '/help';
   * }
   * ```
   */
  connect(input: { readonly service: ServiceIdInput }): Promise<ConnectResult>;
  /**
   * GET /v1/services: every supported service (id, display name, countries) with `linkable`:
   * whether the user can link it on this device now. For a service picker.
   */
  services(): Promise<ServiceEntry[]>;
  /**
   * Disconnects the user's account on `service`, with the user's choice about the records the
   * partner holds (`keepData`, required). Call it only from a click or key handler: outside a real
   * user gesture it rejects with `UserGestureRequiredError`. The partner backend receives
   * LinkedAccountDisconnected with `keep_data`.
   */
  disconnect(input: { readonly service: ServiceIdInput; readonly keepData: boolean }): Promise<DisconnectResponse>;
  /** GET /v1/user/watchlist: personalized categories across the user's linked services. */
  watchlist(): Promise<Watchlist>;
  /** GET /v1/user/accounts: linked accounts and their status; emits `broken` for newly broken ones. */
  accounts(): Promise<LinkedAccount[]>;
  /**
   * POST /v1/user/refresh: a user-initiated refresh (of `service` alone when given). Call it only
   * from a click or key handler: outside a real user gesture it rejects with
   * `UserGestureRequiredError`. An input that is not an object, or a name it does not take,
   * rejects with `ValidationError` before anything is sent.
   */
  refresh(input?: { readonly service?: ServiceIdInput }): Promise<RefreshResponse>;
  /**
   * Subscribes to an event; returns a function that unsubscribes.
   * @throws ValidationError for an event name the SDK never emits (one of {@link SdkEvents}'
   *   names) or a listener that is not a function.
   */
  on<K extends keyof SdkEvents>(event: K, listener: (payload: SdkEvents[K]) => void): () => void;
  /** The consent API (headless variant of the consent screen). */
  readonly consent: Consent;
  /** True once `initialize` succeeded. */
  readonly initialized: boolean;
  /**
   * Stops timers, fails waiting requests and forgets the user's token and the consent held in
   * memory (call it when the user signs out); the instance can be initialized again, for the next user.
   */
  dispose(): void;
}

const SERVICE_ID = /^[a-z0-9][a-z0-9_-]*$/;
// An https: address, or http: on a loopback host: the scheme, a host name or bracketed IPv6
// address, an optional port, and a path or nothing. Nowhere a `@`, `?` or `#`: a credential in
// the address would show in every error (never echoed here), and the service API address needs
// no query or fragment (smaller than a name check).
const BASE_URL =
  /^(?!.*[@?#])(https:\/\/([\w.-]+|\[[\da-f:.]+\])|http:\/\/(127\.[\d.]+|localhost|\[::1\]))(:\d{1,5})?(\/|$)/i;

// Parsed by hand, not with `URL`: React Native's URL polyfill accepts any string, and older
// versions threw "URL.protocol is not implemented" (docs/decisions/web.md). One message for a
// missing and a refused address; the address itself is never echoed.
function checkBaseUrl(value: string | undefined): string {
  if (!value || !BASE_URL.test(value))
    throw new ConfigurationError(
      `${INITIALIZE}: option baseUrl must be https: (http: on loopback) without user:password@, query or fragment${value ? '' : ` (got ${kind(value)})`}`,
    );
  return value.replace(/\/+$/, '');
}

/** The methods made from the route table's keys (`defineLightMethods`); the rest are the SDK's own. */
type RouteMethods = Pick<Sdk, 'services' | 'watchlist' | 'accounts' | 'refresh' | 'disconnect'>;
type DisconnectInput = Parameters<Sdk['disconnect']>[0];

/**
 * The names `connect()` and `refresh()` (one list: both take `service` alone) and `disconnect()`
 * take: another is refused, not ignored. The compiler keeps each list complete (`EveryName`, for
 * both calls of the shared one), at no cost in bytes.
 */
const SERVICE_INPUT_NAMES: EveryName<Parameters<Sdk['connect']>[0], ['service']> &
  EveryName<NonNullable<Parameters<Sdk['refresh']>[0]>, ['service']> = ['service'];
const DISCONNECT_INPUT_NAMES: EveryName<DisconnectInput, ['service', 'keepData']> = ['service', 'keepData'];

/** The events `on()` takes: the SDK emits these alone, so another name is a mistake that would never fire. */
const EVENT_NAMES: EveryName<SdkEvents, ['connected', 'broken', 'token-expired', 'progress']> = [
  'connected',
  'broken',
  'token-expired',
  'progress',
];

/** What the link flow (./link.ts, loaded with `import()`) gets from the entry instead of importing it. */
const LINK_PARTS: LinkParts = {
  ConnectError,
  ConnectCancelledError,
  ExtensionIncompatibleError,
  ExtensionNotInstalledError,
  ExtensionTimeoutError,
  deferred,
};

/** Creates an independent SDK instance (for apps that need more than one end user or service address). */
export function createSdk(initialOptions: SdkOptions = {}): Sdk {
  checkOptions(initialOptions, 'createSdk');
  let options = initialOptions;
  let sdkKey: string | undefined;
  let baseUrl = '';
  const handlers = new Set<TokenExpiredHandler>();
  const events = createEmitter<SdkEvents>();
  const statuses = new Map<string, string>();
  const consent = createConsent(() => options.consentStorage);
  const session = createSession(() => ({
    skewMs: options.expirySkewMs ?? 60_000,
    renewalTimeoutMs: options.tokenRenewalTimeoutMs ?? 30_000,
    canRenew: handlers.size > 0,
    onExpired(reason) {
      events.emit('token-expired', { reason });
      // Async: a handler that throws rejects like one that returns a rejected promise.
      return Promise.all([...handlers].map(async (handler) => handler({ reason })));
    },
  }));
  const auth = tokenAuth(session, () => sdkKey ?? '');
  // The engine's settings of a call, read when it is sent (the app may re-initialize between calls).
  const settings = (callSite: string): EngineSettings => {
    if (sdkKey === undefined) throw new NotInitializedError(callSite);
    const timeoutMs = options.requestTimeoutMs ?? 30_000;
    return {
      baseUrl,
      fetch: options.fetch,
      timeoutMs,
      timeoutOption: 'requestTimeoutMs',
      // One deadline for the call, never shorter than its steps: a wait for the token, an attempt,
      // the renewal after a 401 (each wait bounded by the session) and the replay.
      totalTimeoutMs: 2 * (timeoutMs + (options.tokenRenewalTimeoutMs ?? 30_000)),
      auth,
      parseError: readPartnerError,
      callSite,
    };
  };
  // Transient activation is about this very call stack: checked before any await. React Native
  // has no such signal: there the app binds refresh and disconnect to a press itself.
  const gesture = (call: string) => {
    const nav = globalThis.navigator as { userActivation?: { isActive: boolean }; product?: string } | undefined;
    if (!nav?.userActivation?.isActive && !isReactNative(nav)) throw new UserGestureRequiredError(call);
  };
  // Each call of a route method: the gesture check, then its own steps or one send through the
  // engine's light parts, its data checked by the app's full schema when given, else the
  // structure relied on.
  const invoke: MethodInvoker<WebRouteKey, WebMethod> = ({ definition, options: given, callSite }) => {
    if (definition.gesture) gesture(callSite);
    const send = async (input?: RouteCallInput) =>
      (
        await new LightRun(
          settings(callSite),
          prepareRouteKey(
            definition.route,
            input,
            responseCheck<WebOutputs[WebRouteKey]>(
              definition.schema && options.responseSchemas?.[definition.schema],
              definition.field,
              definition.item,
            ),
          ),
        ).stages()
      ).data;
    return definition.run ? definition.run(send, given) : send();
  };
  const methods: RouteMethods = defineLightMethods<RouteMethods, WebRouteKey, WebMethod>(
    {
      services: {
        route: 'GET /v1/services',
        schema: 'services',
        field: 'services',
        async run(send) {
          const here = checkLinkingSupport().supported;
          return (await send()).services.map((entry) => ({
            ...entry,
            linkable: here && entry.link_available !== false,
          }));
        },
      } satisfies WebMethod<'GET /v1/services'>,
      watchlist: { route: 'GET /v1/user/watchlist', schema: 'watchlist', field: 'categories', item: ['kind'] },
      accounts: {
        route: 'GET /v1/user/accounts',
        schema: 'accounts',
        field: 'accounts',
        item: ['id', 'service', 'status'],
        async run(send) {
          const list = (await send()).accounts;
          for (const account of list) {
            if (account.status === 'broken' && statuses.get(account.id) !== 'broken') events.emit('broken', account);
            statuses.set(account.id, account.status);
          }
          return list;
        },
      } satisfies WebMethod<'GET /v1/user/accounts'>,
      refresh: {
        route: 'POST /v1/user/refresh',
        schema: 'refresh',
        field: 'refresh_id',
        gesture: true,
        run(send, input) {
          // `null` is no input, as the other clients read null options.
          if (input != null) checkInput(input, SERVICE_INPUT_NAMES, 'SDK.refresh()');
          return send({ body: input ?? {} });
        },
      } satisfies WebMethod<'POST /v1/user/refresh'>,
      disconnect: {
        route: 'POST /v1/user/accounts/{account_id}/disconnect',
        field: 'account',
        gesture: true,
        async run(send, given) {
          const input = given as Partial<DisconnectInput> | undefined;
          if (kind(input) === 'object') onlyKnownKeys(input as object, DISCONNECT_INPUT_NAMES, 'SDK.disconnect()');
          const keep_data = input?.keepData;
          if (typeof keep_data !== 'boolean') invalid('SDK.disconnect()', ['keepData'], 'a boolean', keep_data);
          const account = (await methods.accounts()).find(
            (a) => a.service === input?.service && a.status !== 'disconnected',
          );
          if (!account) return invalid('SDK.disconnect()', ['service'], 'a linked service', input?.service);
          return send({ params: { account_id: account.id }, body: { keep_data } });
        },
      } satisfies WebMethod<'POST /v1/user/accounts/{account_id}/disconnect'>,
    },
    invoke,
    'SDK',
  );

  return {
    initialize(key, tokens, more) {
      checkOptions(more, INITIALIZE);
      const trimmed = typeof key === 'string' && key.trim();
      if (trimmed) refuseApiKey(trimmed);
      // Never echo the key: say only what is wrong with it.
      if (trimmed !== key || !key)
        throw new ConfigurationError(
          `${INITIALIZE}: sdkKey must be the SDK Key, a string (got ${trimmed ? 'surrounding whitespace' : trimmed === '' ? 'a blank string' : kind(key)})`,
        );
      const next = { ...options, ...more };
      const url = checkBaseUrl(next.baseUrl);
      checkTokenPair(tokens);
      options = next;
      baseUrl = url;
      sdkKey = key;
      session.set(tokens.access_token, tokens.expires_in);
    },
    onTokenExpired(handler) {
      if (typeof handler !== 'function') invalid('SDK.onTokenExpired()', ['handler'], 'a function', handler);
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async connect(input) {
      // A call before initialize is a bug in the app's order: say so before anything else.
      if (sdkKey === undefined) throw new NotInitializedError('SDK.connect()');
      const support = checkLinkingSupport();
      if (!support.supported) throw support.error;
      checkInput(input, SERVICE_INPUT_NAMES, 'SDK.connect()');
      const { service } = input;
      if (typeof service !== 'string' || !SERVICE_ID.test(service))
        invalid('SDK.connect()', ['service'], 'a service id', service);
      const record = consent.get();
      if (!record) throw new ConsentRequiredError(['video_privacy', 'terms_and_privacy']);
      const token = await session.token();
      const key = sdkKey;
      // The bridge and the link flow, loaded on the first link only (./link.ts). A chunk that does
      // not load (offline, removed by a deploy) ends the link as typed as every other exit.
      const { link } = await import('./link.js').catch((error: unknown) => {
        throw new ConnectError('not-loaded', `the linking code did not load (${error})`);
      });
      return link({
        ...options,
        service,
        record,
        token,
        scrub: (text) => scrubSecrets(text, [session.peek(), token, key]),
        accounts: methods.accounts,
        emit: events.emit,
        parts: LINK_PARTS,
      });
    },
    ...methods,
    on(event, listener) {
      if (!EVENT_NAMES.includes(event)) invalid('SDK.on()', ['event'], `one of ${EVENT_NAMES.join(', ')}`, event);
      if (typeof listener !== 'function') invalid('SDK.on()', ['listener'], 'a function', listener);
      return events.on(event, listener);
    },
    consent,
    get initialized() {
      return sdkKey !== undefined;
    },
    dispose() {
      session.dispose();
      consent.forget();
      sdkKey = undefined;
    },
  };
}

/** The default SDK instance, as the spec names it: `SDK.initialize`, `SDK.onTokenExpired`, `SDK.connect`. */
export const SDK: Sdk = /* @__PURE__ */ createSdk();
