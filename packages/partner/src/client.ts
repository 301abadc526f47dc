/**
 * `new PartnerClient({ apiKey, baseUrl })`: the partner backend's client of the Partner API.
 * Issues and renews users' token pairs with the API Key, and reads each user's data with that
 * user's pair. Built on `@viewlink/transport` (retries, timeouts, redacting logger, validation).
 */
import type { ServiceCatalog } from '@viewlink/schemas';
import {
  atCallSite,
  ConfigurationError,
  configAtCallSite,
  createTransport,
  defineMethods,
  type MethodDefinitions,
  type RetryPolicy,
  refuseUnknownClientOptions,
  requireSecureBaseUrl,
  type Transport,
  type TransportOptions,
  ValidationError,
} from '@viewlink/transport';
import type { PartnerClientOptions, ReadOptions } from './core/options.js';
import { type StoredTokenPair, TokenPair } from './core/token-pair.js';
import { MemoryTokenStore, type TokenStore } from './core/token-store.js';
import { DataFiles } from './files/data-files.js';
import { apiKeyAuth } from './internal/api-key.js';
import { type PartnerRouteKey, type PartnerRoutes, partnerRouteClient } from './internal/call.js';
import { isBrowserLike } from './internal/environment.js';
import { parsePartnerError } from './internal/error-body.js';
import { readSignal } from './internal/read-signal.js';
import { RefreshGuard } from './internal/refresh-guard.js';
import { Sessions } from './internal/session.js';
import { resolveRenewal, TokenIssuer, Tokens } from './resources/tokens.js';
import { PartnerUser } from './user.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The names of {@link PartnerClientOptions} (the compiler keeps the list complete). */
const CLIENT_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  apiKey: true,
  baseUrl: true,
  timeout: true,
  totalTimeout: true,
  retry: true,
  logger: true,
  fetch: true,
  validation: true,
  tokenStore: true,
  clockSkewMs: true,
  renewal: true,
  refresh: true,
  now: true,
  dangerouslyAllowBrowser: true,
} satisfies { readonly [Name in keyof Required<PartnerClientOptions>]: true });
/** The names of `retry`'s policy object (unknown ones refused, as in `renewal` and `refresh`). */
const RETRY_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  limit: true,
  baseDelayMs: true,
  maxDelayMs: true,
  maxRetryAfterMs: true,
} satisfies { readonly [Name in keyof Required<RetryPolicy>]: true });
/** The client's own methods as data (the user's: `USER_METHODS` in user.ts): public routes, no credential. */
const CLIENT_METHODS: MethodDefinitions<Pick<PartnerClient, 'services'>, PartnerRouteKey> = {
  services: { route: 'GET /v1/services' },
};

function checkStore(store: unknown): TokenStore {
  const s = store as Partial<TokenStore> | null;
  if (
    typeof s !== 'object' ||
    s === null ||
    typeof s.get !== 'function' ||
    typeof s.set !== 'function' ||
    typeof s.delete !== 'function'
  )
    throw new ConfigurationError('`tokenStore` must have get(userId), set(userId, pair) and delete(userId) methods');
  return s as TokenStore;
}

function describeMissing(value: unknown): string {
  if (value === '') return 'an empty string';
  if (typeof value === 'string') return 'only whitespace';
  return value === null ? 'null' : typeof value;
}

/**
 * The Partner API client for backends. The API Key stays server-side: construction throws in
 * a browser-like environment unless `dangerouslyAllowBrowser: true`.
 *
 * @example
 * ```ts
 * const client = new PartnerClient({ apiKey: process.env.VIEWLINK_API_KEY!, baseUrl: 'https://api.viewlink.example' });
 * const pair = await client.tokens.issue({ userId: 'user-42' });
 * const watchlist = await client.user(pair).watchlist();
 * ```
 */
export class PartnerClient {
  /** Issue and renew token pairs. */
  readonly tokens: Tokens;
  /** Posted data files: read (with resume and checkpoints) or fetch a file an event announced, with this client's API Key. */
  readonly files: DataFiles;
  /** The base URL requests go to. */
  readonly baseUrl: string;
  /**
   * The supported streaming services (GET /v1/services, no credential sent): id, display name,
   * countries and whether the service takes new links now, for a service picker. Whether the
   * user's device can link is known in the browser: `SDK.services()` of `@viewlink/web`.
   */
  readonly services: (options?: ReadOptions) => Promise<ServiceCatalog>;
  readonly #sessions: Sessions;
  readonly #guard: RefreshGuard;
  readonly #routes: PartnerRoutes;

  /**
   * A client for one API Key and base URL; nothing is sent until a call. Build one per process and
   * share it (it holds the users' pairs and the refresh cooldowns).
   * @param options `apiKey` and `baseUrl` (required), then timeouts, retries, `tokenStore`, `logger`, ...
   * @throws ConfigurationError for a missing/empty API Key, an insecure base URL, bad options or a browser.
   */
  constructor(options: PartnerClientOptions) {
    try {
      if (typeof options !== 'object' || options === null)
        throw new ConfigurationError('options must be an object: { apiKey, baseUrl }');
      refuseUnknownClientOptions(options, CLIENT_OPTION_NAMES, 'new PartnerClient()');
      // A count or `false` is a policy too; only an object's keys can be misspelt (`maxRetries`).
      if (typeof options.retry === 'object' && options.retry !== null)
        refuseUnknownClientOptions(options.retry, RETRY_OPTION_NAMES, 'new PartnerClient()', 'retry');
      const allowBrowser: unknown = options.dangerouslyAllowBrowser;
      if (allowBrowser !== undefined && typeof allowBrowser !== 'boolean')
        throw new ConfigurationError('`dangerouslyAllowBrowser` must be true or false');
      if (isBrowserLike() && allowBrowser !== true)
        throw new ConfigurationError(
          // React Native defines `window` too: there the key would ship inside every install.
          (globalThis.navigator as { product?: string } | undefined)?.product === 'ReactNative'
            ? 'refused in a React Native app: the API Key would ship inside every install of the app. Use it on your backend and give the app a token pair (@viewlink/web in the app).'
            : 'refused in a browser: the API Key would be visible to every visitor. Use it on your backend and give the app a token pair; pass dangerouslyAllowBrowser: true only for internal tools.',
        );
      const { apiKey } = options;
      if (typeof apiKey !== 'string' || apiKey.trim() === '')
        throw new ConfigurationError(
          `\`apiKey\` is required: a non-empty string from the partner portal (got ${describeMissing(apiKey)})`,
        );
      // A key read from an env file often keeps its newline: it would fail later as a 401 or a
      // "connection" error (fetch refuses the header), far from the cause.
      if (apiKey !== apiKey.trim())
        throw new ConfigurationError(
          '`apiKey` has leading or trailing whitespace (a stray space or newline from an env file?): pass the key exactly as the partner portal shows it',
        );
      const base = requireSecureBaseUrl(options.baseUrl);
      this.baseUrl = base.toString().replace(/\/$/, '');
      const now = options.now ?? Date.now;
      if (typeof now !== 'function') throw new ConfigurationError('`now` must be a function returning ms since epoch');
      const skewMs = options.clockSkewMs ?? 30_000;
      if (typeof skewMs !== 'number' || !Number.isFinite(skewMs) || skewMs < 0)
        throw new ConfigurationError('`clockSkewMs` must be a non-negative number of milliseconds');
      const store = checkStore(options.tokenStore ?? new MemoryTokenStore());
      const shared: TransportOptions = {
        baseUrl: this.baseUrl,
        fetch: options.fetch,
        timeout: options.timeout,
        totalTimeout: options.totalTimeout,
        retry: options.retry,
        logger: options.logger,
        validation: options.validation,
        // The API Key always; each request's errors also scrub what that request sent (the transport).
        secrets: () => [apiKey],
        parseErrorBody: parsePartnerError,
        client: 'partner',
      };
      const transport = createTransport(shared);
      const renewal = resolveRenewal(options.renewal);
      // One route client; the credential is per call: the API Key on token routes, the user's token on user routes.
      this.#routes = partnerRouteClient(transport, options.renewal);
      const issuer = new TokenIssuer(this.#routes, apiKeyAuth(apiKey), renewal, now);
      this.tokens = new Tokens(issuer);
      // A pre-signed `file.url` on another origin gets no API Key: a transport of its own per origin.
      const foreign = new Map<string, Transport>();
      this.files = new DataFiles({
        routes: this.#routes,
        transport,
        keyAuth: apiKeyAuth(apiKey),
        baseUrl: base,
        caller: (method) => `client.files.${method}()`,
        transportFor: (origin) => {
          let other = foreign.get(origin);
          if (!other) {
            if (foreign.size >= 16) foreign.clear();
            other = createTransport({ ...shared, baseUrl: origin });
            foreign.set(origin, other);
          }
          return other;
        },
      });
      this.#sessions = new Sessions(store, issuer, skewMs, now, renewal.reissue, options.logger);
      this.#guard = new RefreshGuard(options.refresh, now, options.logger);
      const routes = this.#routes;
      this.services = defineMethods<Pick<PartnerClient, 'services'>, PartnerRouteKey>(
        CLIENT_METHODS,
        ({ definition, input, options: given, callSite }) =>
          routes
            .call(definition.route, input, { signal: readSignal(given, callSite), callSite })
            .then((response) => response.data),
        'client',
      ).services;
    } catch (error) {
      // Every check, the transport's included, named at the call (`new PartnerClient(): \`baseUrl\` must use https ...`).
      throw configAtCallSite(error, 'new PartnerClient()');
    }
  }

  /**
   * One end user's data. Pass the user's {@link TokenPair} (or a stored record of it), or the
   * user id alone to use the pair in the token store (issued on first use when there is none).
   * @throws ValidationError for a malformed pair or user id (nothing sent).
   */
  user(pairOrUserId: TokenPair | StoredTokenPair | string): PartnerUser {
    const deps = { routes: this.#routes, sessions: this.#sessions, guard: this.#guard };
    if (typeof pairOrUserId === 'string') {
      if (pairOrUserId.trim() === '')
        throw new ValidationError('client.user()', [
          { path: [], message: 'user id must not be empty or only whitespace' },
        ]);
      return new PartnerUser(pairOrUserId, undefined, deps);
    }
    if (typeof pairOrUserId !== 'object' || pairOrUserId === null)
      throw new ValidationError('client.user()', [{ path: [], message: 'expected a token pair or a user id string' }]);
    let pair: TokenPair;
    try {
      pair = TokenPair.from(pairOrUserId);
    } catch (error) {
      // A stored record's fields, named at the call that was given them.
      throw atCallSite(error, 'client.user()');
    }
    return new PartnerUser(pair.userId, pair, deps);
  }

  /** A safe view (no key, no tokens). */
  toJSON(): Record<string, unknown> {
    return { type: 'PartnerClient', baseUrl: this.baseUrl };
  }

  /** `util.inspect` shows the safe view. */
  [INSPECT](): string {
    return `PartnerClient { baseUrl: ${JSON.stringify(this.baseUrl)} }`;
  }
}
