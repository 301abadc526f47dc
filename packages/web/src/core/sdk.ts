/** The browser SDK: `createSdk()` builds an instance, `SDK` is the default one. */
import type { LinkedAccount, LinkedAccountList, RefreshResponse, TokenPair, Watchlist } from '@viewlink/schemas';
import { openBridge } from '../internal/bridge.js';
import { createEmitter } from '../internal/emitter.js';
import { type HttpContext, request } from '../internal/http.js';
import { checkOptions, invalid, kind } from '../internal/input.js';
import { refuseApiKey, scrub } from '../internal/secrets.js';
import { createSession, type ExpiryReason } from '../internal/session.js';
import { checkTokenPair } from '../internal/token-pair.js';
import { validator } from '../internal/validate.js';
import { type Consent, createConsent } from './consent.js';
import { checkLinkingSupport, isReactNative } from './environment.js';
import {
  ConfigurationError,
  ConnectError,
  ConsentRequiredError,
  NotInitializedError,
  UserGestureRequiredError,
  ValidationError,
} from './errors.js';
import type { SdkOptions } from './options.js';

export type { LinkedAccount, RefreshResponse, TokenPair, Watchlist } from '@viewlink/schemas';

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

/** What the page learns from a successful `connect`: never credentials. */
export interface ConnectResult {
  /** The streaming service linked. */
  readonly service: string;
  /** Id of the linked account (as in `accounts()`). */
  readonly linked_account_id: string;
  /** Its status, e.g. `active` or `syncing`. */
  readonly status: string;
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
    /** `login-opened`, `awaiting-mfa`, `awaiting-captcha`, `verifying`, or a newer stage. */
    readonly stage: string;
  };
}

/** One SDK instance. */
export interface Sdk {
  /**
   * Starts the SDK with the SDK Key and the token pair your backend obtained
   * (POST /v1/auth/token); call it again with each renewed pair. Never pass the API Key.
   */
  initialize(sdkKey: string, tokens: TokenPair, options?: SdkOptions): void;
  /** Registers the renewal handler; returns a function that removes it. */
  onTokenExpired(handler: TokenExpiredHandler): () => void;
  /**
   * Links a streaming service through the browser extension (desktop Chrome or Edge). Needs both
   * consents recorded. Resolves with the linked account; throws a typed error saying why not.
   */
  connect(input: { readonly service: string }): Promise<ConnectResult>;
  /** GET /v1/user/watchlist: personalized categories across the user's linked services. */
  watchlist(): Promise<Watchlist>;
  /** GET /v1/user/accounts: linked accounts and their status; emits `broken` for newly broken ones. */
  accounts(): Promise<LinkedAccount[]>;
  /**
   * POST /v1/user/refresh: a user-initiated refresh. Call it only from a click or key handler:
   * outside a real user gesture it rejects with `UserGestureRequiredError`.
   */
  refresh(input?: { readonly service?: string }): Promise<RefreshResponse>;
  /** Subscribes to an event; returns a function that unsubscribes. */
  on<K extends keyof SdkEvents>(event: K, listener: (payload: SdkEvents[K]) => void): () => void;
  /** The consent API (headless variant of the consent screen). */
  readonly consent: Consent;
  /** True once `initialize` succeeded. */
  readonly initialized: boolean;
  /** Stops timers and fails waiting requests; the instance can be initialized again. */
  dispose(): void;
}

const SDK_NAME = '@viewlink/web';
const SERVICE_ID = /^[a-z0-9][a-z0-9_-]*$/;
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|\[::1\])$/i;
// Scheme, then a host name or bracketed IPv6 address, an optional port, and a path or nothing.
const BASE_URL = /^([a-z][\w+.-]*):\/\/([\w.-]+|\[[\da-f:.]+\])(?::\d{1,5})?(?:\/|$)/i;

// Parsed by hand, not with `URL`: React Native's URL polyfill accepts any string, and older
// versions threw "URL.protocol is not implemented" (docs/decisions/web.md).
function checkBaseUrl(value: string | undefined): string {
  if (!value) throw new ConfigurationError('Pass the service API address as option baseUrl');
  // A credential in the address would show in every error (never echoed here). The service
  // API address needs no query or fragment, so none is accepted (smaller than a name check).
  if (/[@?#]/.test(value)) throw new ConfigurationError('baseUrl must not have user:password@, a query or a fragment');
  const [, scheme = '', host = ''] = BASE_URL.exec(value) ?? [];
  if (!host) throw new ConfigurationError('baseUrl is not an absolute URL');
  if (!/^https$/i.test(scheme) && !(/^http$/i.test(scheme) && LOOPBACK.test(host)))
    throw new ConfigurationError('baseUrl must use https: (http: only for loopback hosts)');
  return value.replace(/\/+$/, '');
}

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
      return [...handlers].map((handler) => {
        try {
          return handler({ reason });
        } catch (error) {
          return Promise.reject(error);
        }
      });
    },
  }));
  const http = (): HttpContext => {
    if (sdkKey === undefined) throw new NotInitializedError();
    const key = sdkKey;
    return {
      baseUrl,
      sdkKey: key,
      timeoutMs: options.requestTimeoutMs ?? 30_000,
      fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)),
      session,
      scrub: (text) => scrub(text, [session.peek(), key]),
    };
  };

  const accounts = async (): Promise<LinkedAccount[]> => {
    const check = validator<LinkedAccountList>(options.responseSchemas?.accounts, 'accounts', [
      'id',
      'service',
      'status',
    ]);
    const list = (await request(http, 'GET', '/v1/user/accounts', check)).accounts;
    for (const account of list) {
      if (account.status === 'broken' && statuses.get(account.id) !== 'broken') events.emit('broken', account);
      statuses.set(account.id, account.status);
    }
    return list;
  };

  return {
    initialize(key, tokens, more) {
      checkOptions(more, 'initialize');
      if (typeof key !== 'string')
        throw new ConfigurationError(`initialize: sdkKey must be a string (got ${kind(key)})`);
      refuseApiKey(key.trim());
      // Never echo the key: say only what is wrong with it.
      if (key.trim() !== key || !key)
        throw new ConfigurationError(
          `initialize: sdkKey must be the SDK Key from the partner portal (got ${key.trim() ? 'surrounding whitespace' : 'a blank string'})`,
        );
      const next = { ...options, ...more };
      const url = checkBaseUrl(next.baseUrl);
      const pair = checkTokenPair(tokens);
      options = next;
      baseUrl = url;
      sdkKey = key;
      session.set(pair.access_token, pair.expires_in);
    },
    onTokenExpired(handler) {
      if (typeof handler !== 'function') invalid('SDK.onTokenExpired()', ['handler'], 'a function', handler);
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async connect(input) {
      // A call before initialize is a bug in the app's order: say so before anything else.
      if (sdkKey === undefined) throw new NotInitializedError();
      const support = checkLinkingSupport();
      if (!support.supported) throw support.error;
      if (kind(input) !== 'object') invalid('SDK.connect()', [], 'an object { service }', input);
      const { service } = input;
      if (typeof service !== 'string' || !SERVICE_ID.test(service))
        throw new ValidationError('SDK.connect()', [
          { path: ['service'], message: 'must be a service id such as "some-service"' },
        ]);
      const record = consent.get();
      if (!record) throw new ConsentRequiredError(['video_privacy', 'terms_and_privacy']);
      const { session: tokens, scrub: clean } = http();
      const token = await tokens.token();
      const bridge = await openBridge({
        scrub: clean,
        extensionId: options.extensionId,
        installUrl: options.installUrl,
        handshakeTimeoutMs: options.handshakeTimeoutMs ?? 1_500,
        sdk: SDK_NAME,
      });
      try {
        const linked = await bridge.request(
          'connect',
          { service, consent: record, access_token: token },
          options.connectTimeoutMs ?? 300_000,
          (p) => events.emit('progress', { service, stage: p.stage }),
        );
        const result: ConnectResult = {
          service: linked.service,
          linked_account_id: linked.linked_account_id,
          status: linked.status,
        };
        // The service is the authority: a result it does not list is not a link (forged or stale).
        if (options.verifyLinks !== false) {
          const listed = (await accounts()).find((a) => a.id === result.linked_account_id && a.service === service);
          if (!listed) throw new ConnectError('unverified', 'the service does not list the linked account');
        }
        events.emit('connected', result);
        return result;
      } finally {
        bridge.close();
      }
    },
    watchlist: () =>
      request(
        http,
        'GET',
        '/v1/user/watchlist',
        validator<Watchlist>(options.responseSchemas?.watchlist, 'categories', ['kind']),
      ),
    accounts,
    refresh(input = {}) {
      // Checked before any await: transient activation is about this very call stack. React
      // Native has no such signal: there the app binds refresh to a press itself.
      const nav = globalThis.navigator as { userActivation?: { isActive: boolean }; product?: string } | undefined;
      if (!nav?.userActivation?.isActive && !isReactNative(nav)) return Promise.reject(new UserGestureRequiredError());
      return request(
        http,
        'POST',
        '/v1/user/refresh',
        validator<RefreshResponse>(options.responseSchemas?.refresh, 'refresh_id'),
        input,
      );
    },
    on: events.on,
    consent,
    get initialized() {
      return sdkKey !== undefined;
    },
    dispose() {
      session.dispose();
      sdkKey = undefined;
    },
  };
}
