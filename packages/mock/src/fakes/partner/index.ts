/**
 * Stateful fake of the Partner API (the Streaming Account Data Service).
 *
 * What it holds:
 * - API keys (`apiKeys`), checked as `Authorization: Bearer <API Key>` on token routes.
 * - Token pairs that expire on an injectable clock (`now`), renewal through
 *   POST /v1/auth/token/refresh (the old refresh token stops working).
 * - Users: `demo-user` (streamflix and cineplus active, tubely broken; 1,200 history entries),
 *   `longtime-user` (four services, one broken; 40,000 entries back to 2011), `new-user`
 *   (nothing linked); any other user id is created empty when a pair is issued for it. Histories
 *   are generated lazily from a seed, page by page, so memory stays small. Watchlists overlap
 *   across services and come back merged and deduplicated; ratings are consolidated;
 *   recommendations come one feed per provider.
 * - Refresh: POST /v1/user/refresh answers 202; after `refreshDelayMs` a UserDataRefreshCompleted
 *   webhook is POSTed to `webhookUrl`, with `webhookSecret` itself in the `Signature` header
 *   (or an HMAC of the body with `webhookScheme: 'hmac-sha256'`).
 *
 * Mock-only control routes (no auth; not part of the Partner API):
 * - `POST /__mock/users` `{ user_id, accounts?: [{ service, status? }], history_entries?, seed?, first_activity? }`
 *   creates or replaces a user.
 * - `GET /__mock/users/{user_id}`: linked accounts and history size.
 * - `POST /__mock/users/{user_id}/accounts` `{ service, status? }` links an account or sets its
 *   status (`active`, `syncing`, `broken`, `disconnected`, or any string).
 * - `DELETE /__mock/users/{user_id}/accounts/{service}` unlinks it.
 * - `GET /__mock/clock`; `POST /__mock/clock` `{ advance_ms? , now? }` moves the fake's clock.
 * - `POST /__mock/tokens/expire` `{ user_id?, refresh? }` expires access tokens now (and refresh tokens with `refresh: true`).
 * - `PUT /__mock/webhook` `{ url, secret?, scheme? }` registers the webhook receiver;
 *   `GET /__mock/webhook/deliveries` lists what was sent.
 * - `POST /__mock/faults` `{ route, times?, status?, retry_after?, reset?, truncate?, drift?, delay_ms? }`
 *   makes the next requests to a route (`"GET /v1/user/watchlist"` or `"*"`) fail;
 *   `DELETE /__mock/faults` clears them.
 * - `GET /__mock/stats`: requests per route, pairs issued and renewed, refreshes accepted,
 *   linked accounts that count for billing.
 * - `POST /__mock/reset`: the fake as it was created (see {@link PartnerFake.reset}).
 * - `POST /__mock/users/{user_id}/accounts/{service}/break` `{ reason? }`, `.../repair`,
 *   `.../disconnect` `{ keep_data }`: change an account's state and send its webhook.
 * - `POST /__mock/webhook/events` `{ type, user_id, ... }`: fire any webhook now.
 * - `POST /__mock/link-faults` `{ step, reason, message?, times? }`: the test extension's next
 *   link fails at `step`; `DELETE` clears; `POST /__mock/link-faults/take` is the extension's read.
 * - `POST /__mock/users/{user_id}/files` `{ type: 'initial' | 'delta' | 'user', records? (initial), reason? (user) }`
 *   posts a data file (served at `GET /v1/files/{file_id}` with the API Key) and delivers its
 *   InitialFilePosted / DeltaFilePosted / UserFilePosted webhook.
 *
 * Every response carries `access-control-allow-origin: *` and preflights are answered, so a
 * page on another local origin (the browser facade's fixture) can call the served fake.
 * @packageDocumentation
 */
import { PARTNER_AUTH, PartnerWebhookEvent, partnerRoutes, type TokenPair } from '@viewlink/schemas';
import { ConfigurationError, ValidationError } from '@viewlink/transport';
import { echoingCredentials } from '../../core/internal/echo.js';
import { checkApiKeys, checkFakeOptions } from '../../core/internal/fake-options.js';
import { withRequestId } from '../../core/internal/request-id.js';
import { createRouter, type Handle, type Router } from '../../core/router.js';
import type { FakeContext, FakeStats } from './context.js';
import { createControlRouter } from './control.js';
import { invalidRequest, partnerError, unsupportedMediaType } from './errors.js';
import { FaultQueue } from './faults.js';
import { createFakeFileStore, type FakeFileEvent, type FakeFileStore } from './files.js';
import { PARTNER_FAKE_OPTION_NAMES } from './internal/option-names.js';
import { accountRoutes } from './internal/routes/accounts.js';
import { historyRoutes } from './internal/routes/history.js';
import { ratingRoutes } from './internal/routes/ratings.js';
import { recommendationRoutes } from './internal/routes/recommendations.js';
import { refreshRoutes } from './internal/routes/refresh.js';
import { serviceRoutes } from './internal/routes/services.js';
import { tokenRoutes } from './internal/routes/tokens.js';
import { watchlistRoutes } from './internal/routes/watchlist.js';
import { LinkFaultQueue } from './link-faults.js';
import type { PartnerFakeOptions } from './options.js';
import { createClock, type FakeClock } from './state/clock.js';
import { createServiceCatalog, type FakeService } from './state/services.js';
import { type IssuedPair, TokenLedger } from './state/tokens.js';
import { DEFAULT_USERS, type FakeUser, UserDirectory } from './state/users.js';
import { WebhookOutbox, type WebhookScheme } from './webhooks.js';

export type { FakeStats } from './context.js';
export { partnerControlRoutes } from './control.js';
export { partnerError } from './errors.js';
export type { FakeFault, FaultQueue } from './faults.js';
export {
  createFakeFileStore,
  type FakeDataFile,
  type FakeDataLine,
  type FakeDeltaOptions,
  type FakeFileEvent,
  type FakeFileStore,
  type FakeFileStoreOptions,
} from './files.js';
export { decodeCursor, encodeCursor } from './history-cursor.js';
export { type AccountChange, type AccountChangeResult, changeAccount } from './lifecycle.js';
export { LINK_FAULT_STEPS, type LinkFault, type LinkFaultQueue, type LinkFaultStep } from './link-faults.js';
export type { PartnerFakeOptions } from './options.js';
export type { FakeTitle } from './state/catalog.js';
export type { FakeClock } from './state/clock.js';
export {
  type FakeHistoryEntry,
  firstIndexSince,
  type HistorySpec,
  historyEntry,
  timestampOf,
} from './state/history-generator.js';
export type { FakeService } from './state/services.js';
export type { IssuedPair, TokenLedger } from './state/tokens.js';
export {
  consolidatedRatings,
  DEFAULT_USERS,
  type FakeAccount,
  type FakeRating,
  type FakeUser,
  type FakeUserSeed,
  mergedWatchlist,
  rawWatchlists,
  recommendationFeeds,
  type UserDirectory,
} from './state/users.js';
export type { WebhookDelivery, WebhookOutbox, WebhookScheme } from './webhooks.js';

/** A running Partner API fake. */
export interface PartnerFake {
  /** Answers one request (API paths such as `/v1/auth/token`, and the `/__mock/` control routes). */
  readonly handle: Handle;
  /** The router of the Partner API routes. */
  readonly router: Router;
  /** The route table it serves. */
  readonly table: typeof partnerRoutes;
  /** Pairs issued so far, by access token. */
  readonly pairs: ReadonlyMap<string, IssuedPair>;
  /** The fake's clock (move it to expire tokens). */
  readonly clock: FakeClock;
  /** The fake's users. */
  readonly users: UserDirectory;
  /** Token counters: `issued`, `renewed`. */
  readonly tokens: TokenLedger;
  /** Outgoing webhooks: `deliveries`, `settle()`. */
  readonly webhooks: WebhookOutbox;
  /** Injected faults. */
  readonly faults: FaultQueue;
  /** Link faults the test extension reads. */
  readonly linkFaults: LinkFaultQueue;
  /** The service catalog; set `link_available: false` to make a service refuse new links. */
  readonly services: FakeService[];
  /** Request counters. */
  readonly stats: FakeStats;
  /** Posted data files (served at GET /v1/files/{file_id}). */
  readonly files: FakeFileStore;
  /**
   * Posts a data file for a user and delivers its webhook (InitialFilePosted, DeltaFilePosted
   * or UserFilePosted); resolves with the event.
   */
  postFile(userId: string, kind: 'initial' | 'delta' | 'user', options?: PostFileOptions): Promise<FakeFileEvent>;
  /**
   * Requests received for a route key (`GET /v1/user/watchlist`), or for every API route.
   * @throws ValidationError (of `@viewlink/transport`) for a key no Partner API route has (a
   *   misspelt key would count 0 and pass a "never sent" assertion), naming the known keys.
   */
  requestCount(routeKey?: string): number;
  /**
   * Issues a token pair for a user, as `POST /v1/auth/token` with a valid API Key would (counted
   * in `tokens.issued`, not in the request counters): the pair a test hands `SDK.initialize` (or
   * the React provider's `getTokens`) without writing the token request itself. An unknown user
   * is created empty.
   * @throws ValidationError (of `@viewlink/transport`) when `userId` is not a non-empty string.
   */
  issueTokenPair(userId: string): TokenPair;
  /**
   * Puts the fake back as it was created (users, clock, tokens, faults, link faults, webhook
   * target and deliveries, services, files, counters), then waits for the webhooks already
   * scheduled, so none reaches a receiver during the next test (a clock given as `now` is the
   * caller's, and stays where it is). Read the state through the fake after it
   * (`fake.tokens.issued`): an object taken from it before (`const { users } = fake`) still holds
   * the old state. `POST /__mock/reset` does the same on a served fake.
   */
  reset(): Promise<void>;
}

/** Options of {@link PartnerFake.postFile}. */
export interface PostFileOptions {
  /** Initial file: number of records. */
  readonly records?: number | undefined;
  /** User file: why it was posted (e.g. `reauthenticated`). */
  readonly reason?: string | undefined;
}

function bearer(request: Request): string | undefined {
  const header = request.headers.get('authorization') ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': `${PARTNER_AUTH.header}, content-type, ${PARTNER_AUTH.sdkKeyHeader}`,
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-expose-headers': 'x-request-id, retry-after',
};

function withCors(response: Response): Response {
  if (response.type === 'error') return response;
  for (const [name, value] of Object.entries(CORS)) response.headers.set(name, value);
  return response;
}

/** `webhookScheme` checked: a misspelt scheme would leave deliveries signed the other way without a word. */
function checkedScheme(scheme: unknown): WebhookScheme | undefined {
  if (scheme === undefined || scheme === 'secret' || scheme === 'hmac-sha256') return scheme;
  throw new ConfigurationError(
    `createPartnerFake(): webhookScheme must be 'secret' or 'hmac-sha256', got ${JSON.stringify(scheme)}`,
  );
}

/**
 * Creates a Partner API fake with its own state.
 * @throws ConfigurationError (of `@viewlink/transport`) for options that are not an object or an
 *   option name it does not take: `createPartnerFake(): accessTokenTTL is an unknown option (known: ...)`.
 */
export function createPartnerFake(options: PartnerFakeOptions = {}): PartnerFake {
  checkFakeOptions(options, PARTNER_FAKE_OPTION_NAMES, 'createPartnerFake()');
  checkApiKeys(options.apiKeys, 'createPartnerFake()');
  checkedScheme(options.webhookScheme);
  // reset() swaps in fresh state built from the same options: nothing a test changed survives it,
  // including state added later, and the fake object the test holds stays the same.
  const reset = async (): Promise<void> => {
    const old = current;
    current = buildPartnerFake(options, reset);
    await old.webhooks.settle();
  };
  let current = buildPartnerFake(options, reset);
  return {
    handle: (request) => current.handle(request),
    get router() {
      return current.router;
    },
    table: partnerRoutes,
    get pairs() {
      return current.pairs;
    },
    get clock() {
      return current.clock;
    },
    get users() {
      return current.users;
    },
    get tokens() {
      return current.tokens;
    },
    get webhooks() {
      return current.webhooks;
    },
    get faults() {
      return current.faults;
    },
    get linkFaults() {
      return current.linkFaults;
    },
    get services() {
      return current.services;
    },
    get stats() {
      return current.stats;
    },
    get files() {
      return current.files;
    },
    postFile: (userId, kind, post) => current.postFile(userId, kind, post),
    requestCount: (routeKey) => current.requestCount(routeKey),
    issueTokenPair: (userId) => current.issueTokenPair(userId),
    reset,
  };
}

/** One state of a Partner fake, built from its options (again at each reset). */
function buildPartnerFake(options: PartnerFakeOptions, reset: () => Promise<void>): Omit<PartnerFake, 'reset'> {
  const apiKeys = new Set(options.apiKeys ?? ['vl_test_api_key']);
  const clock = createClock(options.now);
  const tokens = new TokenLedger(clock, {
    access: options.accessTokenTtl ?? 3600,
    refresh: options.refreshTokenTtl ?? 30 * 24 * 3600,
  });
  const users = new UserDirectory(options.users ?? DEFAULT_USERS);
  const authenticated = new WeakMap<Request, IssuedPair>();
  const stats: FakeStats = { requests: new Map(), refreshes: 0 };
  const ctx: FakeContext = {
    clock,
    users,
    tokens,
    webhooks: new WebhookOutbox({
      url: options.webhookUrl,
      secret: options.webhookSecret,
      scheme: checkedScheme(options.webhookScheme),
      delayMs: options.refreshDelayMs,
      fetch: options.fetch,
    }),
    faults: new FaultQueue(),
    linkFaults: new LinkFaultQueue(),
    services: createServiceCatalog(),
    stats,
    reset,
    authenticate: (request, pair) => authenticated.set(request, pair),
    postFile: () => Promise.reject(new Error('file store not ready')),
    userOf: (request): FakeUser => {
      const pair = authenticated.get(request);
      if (!pair) throw new Error('userOf() called on an unauthenticated request');
      return users.ensure(pair.userId);
    },
  };

  const files = createFakeFileStore({
    now: clock.now,
    services: ['streamflix', 'cineplus'],
    ...(options.fileSeed === undefined ? {} : { seed: options.fileSeed }),
    ...(options.publicBaseUrl === undefined ? {} : { publicBaseUrl: options.publicBaseUrl }),
  });
  const postFile: PartnerFake['postFile'] = async (userId, kind, post = {}) => {
    const event =
      kind === 'initial'
        ? await files.postInitial(userId, post.records === undefined ? {} : { records: post.records })
        : kind === 'delta'
          ? await files.postDelta(userId)
          : await files.postUserFile(userId, post.reason);
    await ctx.webhooks.deliver(PartnerWebhookEvent.parse(event));
    return event;
  };
  ctx.postFile = postFile;

  const router = createRouter({
    table: partnerRoutes,
    implementations: {
      ...files.implementations,
      ...tokenRoutes(ctx),
      ...watchlistRoutes(ctx),
      ...accountRoutes(ctx),
      ...historyRoutes(ctx),
      ...ratingRoutes(ctx),
      ...recommendationRoutes(ctx),
      ...refreshRoutes(ctx),
      ...serviceRoutes(ctx),
    },
    invalid: (_route, part, issues, _request, input) => invalidRequest('invalid_request', part, issues, input),
    notFound: (request) =>
      partnerError(404, 'not_found', `No route ${request.method} ${new URL(request.url).pathname}`),
    methodNotAllowed: (method, pathname, allow) =>
      partnerError(405, 'method_not_allowed', `${method} is not allowed on ${pathname}; use ${allow.join(' or ')}`),
    malformed: () => partnerError(400, 'invalid_request', 'The URL path is not valid percent-encoding'),
    // The document declares JSON bodies only: a form body (urllib's default type) is named, not misread.
    unsupportedBody: unsupportedMediaType,
    before: async (request, route) => {
      if (!route) return undefined;
      const key = `${route.method} ${route.path}`;
      stats.requests.set(key, (stats.requests.get(key) ?? 0) + 1);
      const fault = await ctx.faults.take(key);
      if (fault) return fault;
      const credential = bearer(request);
      if (route.auth === 'apiKey' && (credential === undefined || !apiKeys.has(credential)))
        return partnerError(401, 'invalid_api_key', 'A valid API Key is required');
      if (route.auth === 'accessToken') {
        const pair = credential === undefined ? undefined : tokens.live(credential);
        if (!pair) return partnerError(401, 'invalid_access_token', 'The access token is missing, unknown or expired');
        authenticated.set(request, pair);
      }
      return undefined;
    },
  });
  const control = createControlRouter(ctx);

  const api = options.echoCredentials ? echoingCredentials(router.handle, 'partner') : router.handle;
  const handle: Handle = async (request) => {
    if (request.method === 'OPTIONS') return withRequestId(new Response(null, { status: 204, headers: CORS }));
    const { pathname } = new URL(request.url);
    const response = pathname.startsWith('/__mock/') ? await control.handle(request) : await api(request);
    return withRequestId(withCors(response));
  };

  return {
    handle,
    router,
    table: partnerRoutes,
    pairs: tokens.byAccess,
    clock,
    users,
    tokens,
    webhooks: ctx.webhooks,
    faults: ctx.faults,
    linkFaults: ctx.linkFaults,
    services: ctx.services,
    stats,
    files,
    postFile,
    requestCount: (routeKey) => {
      if (routeKey === undefined) return [...stats.requests.values()].reduce((a, b) => a + b, 0);
      if (typeof routeKey !== 'string' || !Object.hasOwn(partnerRoutes, routeKey))
        throw new ValidationError('requestCount()', [
          {
            path: ['routeKey'],
            message: `${JSON.stringify(routeKey)} is not a Partner API route; use one of: ${Object.keys(partnerRoutes).join(', ')}`,
          },
        ]);
      return stats.requests.get(routeKey) ?? 0;
    },
    issueTokenPair: (userId) => {
      if (typeof userId !== 'string' || userId === '')
        throw new ValidationError('issueTokenPair()', [{ path: ['userId'], message: 'must be a non-empty string' }]);
      users.ensure(userId);
      return tokens.body(tokens.issue(userId));
    },
  };
}
