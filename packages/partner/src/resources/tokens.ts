/**
 * Token pairs: issue one for an end user (POST /v1/auth/token with the API Key) and renew it
 * through the Management API (configurable; default POST /v1/auth/token/refresh with
 * `{ refresh_token }`), both routes of the table sent by the partner's route client with the
 * API Key strategy. Concurrent renewals of the same pair send one request.
 */
import type { TokenIssueRequest } from '@viewlink/schemas';
import {
  AuthenticationError,
  type AuthStrategy,
  atCallSite,
  BadRequestError,
  type CallOptions,
  ConfigurationError,
  callOptionIssues,
  check,
  type RenewalSender,
  refuseUnknownClientOptions,
  unknownOptionIssues,
  ValidationError,
} from '@viewlink/transport';
import * as z from 'zod/mini';
import type { RenewalOptions } from '../core/options.js';
import { type StoredTokenPair, TokenPair } from '../core/token-pair.js';
import { type PartnerRoutes, RENEWAL_KEY } from '../internal/call.js';
import { RecentRenewals } from '../internal/recent-renewals.js';
import type { ReissueSource } from '../internal/reissue.js';
import { pairNotRenewed } from '../internal/shared-renewal.js';
import { SingleFlight } from '../internal/single-flight.js';

/** Input of {@link Tokens.issue}. */
export interface IssueTokenPairInput {
  /** The end user's id in your system (any non-empty string). */
  readonly userId: string;
  /** Cancels the request. */
  readonly signal?: AbortSignal | undefined;
}

/** Renewal settings with defaults filled in. */
interface ResolvedRenewal {
  readonly method: 'POST' | 'PUT' | 'PATCH';
  readonly path: string;
  readonly body: (refreshToken: string) => Record<string, unknown>;
  /** Issue a new pair when the refresh token is refused. */
  readonly reissue: boolean;
}

/** The names of {@link RenewalOptions} (the compiler keeps the list complete). */
const RENEWAL_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  method: true,
  path: true,
  body: true,
  reissue: true,
} satisfies { readonly [Name in keyof Required<RenewalOptions>]: true });

/**
 * Checks the `renewal` option and fills in the default renewal body, `{ refresh_token }` (the
 * method and path are the route client's: the table's, or the configured ones).
 */
export function resolveRenewal(options: RenewalOptions | undefined): ResolvedRenewal {
  if (options !== undefined) {
    refuseUnknownClientOptions(options, RENEWAL_OPTION_NAMES, 'new PartnerClient()', 'renewal');
  }
  const method = options?.method ?? 'POST';
  const path = options?.path ?? '/v1/auth/token/refresh';
  if (!['POST', 'PUT', 'PATCH'].includes(method))
    throw new ConfigurationError("`renewal.method` must be 'POST', 'PUT' or 'PATCH'");
  if (typeof path !== 'string' || !path.startsWith('/'))
    throw new ConfigurationError('`renewal.path` must be a path starting with `/`');
  if (options?.body !== undefined && typeof options.body !== 'function')
    throw new ConfigurationError('`renewal.body` must be a function of the refresh token');
  const reissue = options?.reissue ?? true;
  if (typeof reissue !== 'boolean') throw new ConfigurationError('`renewal.reissue` must be true or false');
  return { method, path, body: options?.body ?? ((refreshToken) => ({ refresh_token: refreshToken })), reissue };
}

const IssueInput = z.object({
  userId: z.string().check(
    // An empty id is one problem, not also "only whitespace".
    z.minLength(1, { abort: true }),
    z.refine((id) => id.trim() !== '', { message: 'must not be only whitespace' }),
  ),
});

/** The names of {@link IssueTokenPairInput} (the compiler keeps the list complete). */
const ISSUE_INPUT_NAMES = /* @__PURE__ */ Object.keys({ userId: true, signal: true } satisfies {
  readonly [Name in keyof Required<IssueTokenPairInput>]: true;
});
const ISSUE_CALL = 'client.tokens.issue()';

/**
 * The user id of `issue()`'s input, refusing a bad one and a key `issue` does not take (a
 * misspelt `userID` is refused, not dropped), in the words of every other call's options.
 */
function issuedUserId(input: unknown): string {
  if (typeof input !== 'object' || input === null)
    throw new ValidationError(ISSUE_CALL, [
      { path: [], message: `expected an input object: { ${ISSUE_INPUT_NAMES.join(', ')} }` },
    ]);
  const parsed = check(IssueInput, input);
  const issues = [...(parsed.ok ? [] : parsed.issues), ...unknownOptionIssues(input, ISSUE_INPUT_NAMES)];
  callOptionIssues({ signal: (input as { readonly signal?: unknown }).signal } as CallOptions, issues);
  if (!parsed.ok || issues.length > 0) throw new ValidationError(ISSUE_CALL, issues);
  return parsed.value.userId;
}

/**
 * The work behind {@link Tokens}, plus the steps a session takes within a call (`issueWithin`,
 * `renewWithin`, `refused`). Apart from `Tokens` so those steps never complete on `client.tokens`.
 */
export class TokenIssuer implements ReissueSource {
  readonly #routes: PartnerRoutes;
  readonly #apiKey: AuthStrategy;
  readonly #renewal: ResolvedRenewal;
  readonly #now: () => number;
  readonly #flights = new SingleFlight<TokenPair>();
  /** Results of recent renewals by old refresh token: a late caller with the old pair gets the new one. */
  readonly #recent = new RecentRenewals();

  constructor(routes: PartnerRoutes, apiKey: AuthStrategy, renewal: ResolvedRenewal, now: () => number) {
    this.#routes = routes;
    this.#apiKey = apiKey;
    this.#renewal = renewal;
    this.#now = now;
  }

  /** {@link Tokens.issue}. */
  async issue(input: IssueTokenPairInput): Promise<TokenPair> {
    const userId = issuedUserId(input);
    const { data } = await this.#routes
      .call(
        'POST /v1/auth/token',
        { body: { user_id: userId } satisfies TokenIssueRequest },
        { signal: input.signal, auth: this.#apiKey, callSite: ISSUE_CALL },
      )
      // Input refused before sending named at this call, as the methods of the client name theirs.
      .catch((error: unknown) => Promise.reject(atCallSite(error, ISSUE_CALL)));
    return TokenPair.fromResponse(userId, data, this.#now());
  }

  /**
   * A new pair for `userId` in place of one whose refresh token the server refused
   * (healing); after a 401, sent by `sender` as a step of that call, like the renewal it replaces.
   */
  async issueWithin(userId: string, sender: RenewalSender | undefined): Promise<TokenPair> {
    if (sender === undefined) return this.issue({ userId });
    const request = this.#routes.prepare('POST /v1/auth/token', {
      body: { user_id: userId } satisfies TokenIssueRequest,
    });
    const { data } = await sender.send(request, { auth: this.#apiKey });
    return TokenPair.fromResponse(userId, data, this.#now());
  }

  /** {@link Tokens.renew}. */
  renew(pair: TokenPair | StoredTokenPair): Promise<TokenPair> {
    let current: TokenPair;
    try {
      current = TokenPair.from(pair);
    } catch (error) {
      // A stored record's fields, named at the call that was given them (as client.user() does).
      throw atCallSite(error, 'client.tokens.renew()');
    }
    return this.renewWithin(current, undefined);
  }

  /**
   * {@link renew}, its request sent by `sender` when given: the renewal after a 401,
   * a step of the call that got it (the pipeline's `RenewalSender`), not a call of its own.
   */
  renewWithin(current: TokenPair, sender: RenewalSender | undefined): Promise<TokenPair> {
    const key = current.refreshToken;
    const recent = this.#recent.get(key, this.#now());
    if (recent) return Promise.resolve(recent);
    // `current` is being replaced: a late caller with the pair it came from must not get it.
    this.#recent.forget(key);
    return this.#flights.run(key, async () => {
      const renewed = await this.#renewNow(current, sender);
      this.#recent.set(key, renewed, this.#now());
      return renewed;
    });
  }

  /**
   * The service refused `pair`'s access token (a 401): a renewal of the pair it came
   * from no longer answers it from the recent results, it asks the service.
   */
  refused(pair: TokenPair): void {
    this.#recent.forget(pair.refreshToken);
  }

  async #renewNow(pair: TokenPair, sender: RenewalSender | undefined): Promise<TokenPair> {
    try {
      const request = this.#routes.prepare(RENEWAL_KEY, { body: this.#renewal.body(pair.refreshToken) });
      // A custom renewal body may name the refresh token anything: scrubbed from this request's errors.
      const options = { auth: this.#apiKey, secrets: [pair.refreshToken, pair.accessToken] };
      const { data } = await (sender ?? this.#routes).send(request, options);
      return TokenPair.fromResponse(pair.userId, data, this.#now());
    } catch (error) {
      // A refused refresh token means the pair is dead; a refused API Key is a configuration problem.
      const refused = error instanceof AuthenticationError || error instanceof BadRequestError;
      if (refused && error.code !== 'invalid_api_key') throw pairNotRenewed(pair.userId, error);
      throw error;
    }
  }
}

/** Issues and renews token pairs. Reach it as `client.tokens`. */
export class Tokens {
  readonly #issuer: TokenIssuer;

  /** @internal Built by {@link PartnerClient}. */
  constructor(issuer: TokenIssuer) {
    this.#issuer = issuer;
  }

  /**
   * Issues a new pair for an end user (POST /v1/auth/token, API Key).
   * @param input `userId`: the end user's id in your system; `signal` cancels the request.
   * @throws ValidationError for an empty or non-string `userId`, a `signal` that is not an
   *   `AbortSignal`, or a key other than `userId` and `signal` (nothing sent).
   * @example
   * ```ts
   * const pair = await client.tokens.issue({ userId: 'user-42' });
   * return Response.json(pair.toSdkTokens()); // the user's app passes it to SDK.initialize
   * ```
   */
  issue(input: IssueTokenPairInput): Promise<TokenPair> {
    return this.#issuer.issue(input);
  }

  /**
   * Renews a pair through the Management API. The old refresh token stops working. Concurrent
   * renewals of the same pair share one request and one result; for 60 s, a renewal of a pair
   * already renewed answers that renewal's pair, unless its access token was refused since.
   * @param pair The pair to renew, or its stored record (`pair.toStored()`).
   * @throws ValidationError for a malformed pair (nothing sent).
   * @throws TokenRenewalError when the server refuses the refresh token (401/400): issue a new pair.
   */
  renew(pair: TokenPair | StoredTokenPair): Promise<TokenPair> {
    return this.#issuer.renew(pair);
  }
}
