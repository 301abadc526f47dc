/** Options of {@link PartnerClient}. */
import type { Logger, RetryPolicy, ValidationMode } from '@viewlink/transport';
import type { RefreshLedger } from './refresh-ledger.js';
import type { TokenStore } from './token-store.js';

/**
 * How the client renews a pair through the Management API. The spec hides the operation; the
 * default is POST /v1/auth/token/refresh with `{ refresh_token }` and the API Key
 * (docs/decisions/partner.md). Change it here if the operator documents another shape.
 */
export interface RenewalOptions {
  /** HTTP method. Default `POST`. */
  readonly method?: 'POST' | 'PUT' | 'PATCH' | undefined;
  /** Path relative to `baseUrl`. Default `/v1/auth/token/refresh`. */
  readonly path?: string | undefined;
  /** JSON body built from the refresh token. Default `{ refresh_token }`. */
  readonly body?: ((refreshToken: string) => Record<string, unknown>) | undefined;
  /**
   * When the server refuses the stored pair's refresh token (spent by a renewal whose answer was
   * lost or whose renewer died, revoked, expired), issue a new pair for the user with the API Key,
   * store it and go on with the read; once per refusal, under the same lease as renewals when the
   * store coordinates them. A renewal whose answer was lost is asked once more first. Traced on
   * `viewlink:token-renewal` with trigger `refused`. `false`: the read fails with
   * `TokenRenewalError` and issuing a new pair is yours. Default `true` (docs/token-lifecycle.md).
   */
  readonly reissue?: boolean | undefined;
}

/** Guards of the user-initiated refresh (the spec forbids scheduled refreshes). */
export interface RefreshGuardOptions {
  /** A second refresh of the same linked account within this window is refused unless forced. Default 15 min. */
  readonly cooldownMs?: number | undefined;
  /** More refresh calls than this per user within one second are refused (a loop). Default 3. */
  readonly maxPerSecond?: number | undefined;
  /**
   * Where the cooldown is kept. Default: a {@link MemoryRefreshLedger} of this process. Share one
   * (Redis, for example) between backend instances so that none of them admits a second refresh
   * within the window. The burst limit stays per process.
   */
  readonly ledger?: RefreshLedger | undefined;
}

/** Options of `new PartnerClient(...)`. */
export interface PartnerClientOptions {
  /** The API Key from the partner portal. Backend only: never ship it to a browser or app. */
  readonly apiKey: string;
  /** The service API base address (`{base_url}` in the spec). https, or http on loopback for tests. */
  readonly baseUrl: string | URL;
  /** Per-attempt timeout in ms. Default 30,000. */
  readonly timeout?: number | undefined;
  /** Timeout of a whole call including retries, in ms. Default 120,000. */
  readonly totalTimeout?: number | undefined;
  /** Retries of idempotent requests (reads): a policy, a count, or `false`. Default 2. */
  readonly retry?: RetryPolicy | number | false | undefined;
  /** Receives redacted log lines (no key or token ever reaches it). */
  readonly logger?: Logger | undefined;
  /** Custom fetch (proxies, tests, instrumentation). */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** Response validation against the shared schemas. Default `'strict'`. */
  readonly validation?: ValidationMode | undefined;
  /** Where users' pairs live. Default: a {@link MemoryTokenStore} of this process. */
  readonly tokenStore?: TokenStore | undefined;
  /** Renew a pair this long before its access token expires, in ms. Default 30,000. */
  readonly clockSkewMs?: number | undefined;
  /** Shape of the Management API renewal call. */
  readonly renewal?: RenewalOptions | undefined;
  /** Guards of `refresh()`. */
  readonly refresh?: RefreshGuardOptions | undefined;
  /** The clock, in ms since epoch (tests). Default `Date.now`. */
  readonly now?: (() => number) | undefined;
  /**
   * Allow construction in a browser-like environment. The API Key would be visible to every
   * visitor: only for internal tools where the user is the key's owner.
   */
  readonly dangerouslyAllowBrowser?: boolean | undefined;
}

/** Options every read accepts. */
export interface ReadOptions {
  /** Cancels the request (and a renewal it waits for is not cancelled for others). */
  readonly signal?: AbortSignal | undefined;
}
