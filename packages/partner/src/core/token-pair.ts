/**
 * A user's token pair as the SDK holds it: opaque tokens kept in private fields, plus absolute
 * expiry times computed on receipt from the server's relative `expires_in` (so no clock
 * agreement with the server is needed). Serializing or inspecting a pair never shows a token;
 * only {@link TokenPair.toStored} (for a {@link TokenStore}) and {@link TokenPair.toSdkTokens}
 * (for the app's `SDK.initialize`) hand them out, by explicit call.
 */
import type { TokenPair as TokenPairBody } from '@viewlink/schemas';
import { parseInput, REDACTED, ValidationError } from '@viewlink/transport';
import * as z from 'zod/mini';

/**
 * A pair as a {@link TokenStore} keeps it: plain JSON, absolute times in ms since epoch.
 * Contains the tokens: store it like a password.
 */
export const StoredTokenPair: z.ZodMiniType<StoredTokenPair, StoredTokenPair> = z.looseObject({
  user_id: z.string().check(z.minLength(1)),
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  token_type: z.optional(z.string()),
  expires_at: z.number().check(z.positive()),
  refresh_expires_at: z.optional(z.number().check(z.positive())),
});
/**
 * A token pair as a token store keeps it (the schema above checks it; its annotation keeps the
 * two in step). A named interface: a zod-inferred type here cost every `client.user(...)` call
 * about 2,000 type instantiations (docs/benchmarks.md, "Type budget").
 */
export interface StoredTokenPair {
  /** The end user the pair belongs to. */
  user_id: string;
  /** The access token; a secret. */
  access_token: string;
  /** The refresh token; a secret. */
  refresh_token: string;
  /** Usually `Bearer`. */
  token_type?: string | undefined;
  /** When the access token expires, in ms since the epoch. */
  expires_at: number;
  /** When the refresh token expires, in ms since the epoch, when known. */
  refresh_expires_at?: number | undefined;
}

/**
 * What the app's SDK needs: `SDK.initialize(sdkKey, tokens)`. Send it to that user only.
 * A type alias, not an interface: the web SDK's `TokenPair` accepts unknown extra fields (an
 * index signature), which an object type satisfies and an interface would not.
 */
export type SdkTokens = {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly token_type: string;
  /** Seconds until the access token expires, from now. */
  readonly expires_in: number;
  /** Absolute expiry, ISO 8601. */
  readonly expires_at: string;
};

/** Options of {@link TokenPair.isExpired}. */
export interface ExpiryCheck {
  /** Treat the token as expired this many ms early (clock skew, latency). Default 0. */
  readonly skewMs?: number | undefined;
  /** Current time in ms since epoch. Default `Date.now()`. */
  readonly now?: number | undefined;
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');
const SDK_EXPIRY_HINT =
  'must be ms since the epoch (a number), as pair.toStored() writes it; the ISO string of pair.toSdkTokens() is for the app';

/**
 * `error` of a stored record whose `expires_at` is the ISO string of {@link SdkTokens} (the app's
 * tokens handed back): that issue says which shape is which, rather than "must be a number".
 */
function withSdkTokensHint(error: unknown, value: unknown): unknown {
  const expiresAt = typeof value === 'object' && value !== null ? Reflect.get(value, 'expires_at') : undefined;
  if (!(error instanceof ValidationError) || typeof expiresAt !== 'string') return error;
  const issues = error.issues.map((issue) =>
    issue.path.length === 1 && issue.path[0] === 'expires_at' ? { ...issue, message: SDK_EXPIRY_HINT } : issue,
  );
  return new ValidationError('token pair', issues);
}

/** A user's token pair (access + refresh token) with its expiry. Tokens never serialize. */
export class TokenPair {
  /** The end user the pair belongs to. */
  readonly userId: string;
  /** When the access token expires. */
  readonly expiresAt: Date;
  /** When the refresh token expires, when the server said. */
  readonly refreshExpiresAt: Date | undefined;
  /** Token type, normally `Bearer`. */
  readonly tokenType: string;
  readonly #accessToken: string;
  readonly #refreshToken: string;

  private constructor(record: StoredTokenPair) {
    this.userId = record.user_id;
    this.#accessToken = record.access_token;
    this.#refreshToken = record.refresh_token;
    this.tokenType = record.token_type ?? 'Bearer';
    this.expiresAt = new Date(record.expires_at);
    this.refreshExpiresAt = record.refresh_expires_at === undefined ? undefined : new Date(record.refresh_expires_at);
  }

  /** Builds a pair from a token-endpoint response received at `receivedAt` (ms). */
  static fromResponse(userId: string, body: TokenPairBody, receivedAt: number): TokenPair {
    return new TokenPair({
      user_id: userId,
      access_token: body.access_token,
      refresh_token: body.refresh_token,
      ...(body.token_type === undefined ? {} : { token_type: body.token_type }),
      expires_at: receivedAt + body.expires_in * 1000,
      ...(body.refresh_expires_in === undefined
        ? {}
        : { refresh_expires_at: receivedAt + body.refresh_expires_in * 1000 }),
    });
  }

  /**
   * A pair from a {@link TokenPair} or a {@link StoredTokenPair} record.
   * @throws ValidationError naming the offending field; the values are never echoed.
   */
  static from(value: TokenPair | StoredTokenPair): TokenPair {
    if (value instanceof TokenPair) return value;
    try {
      return new TokenPair(parseInput(StoredTokenPair, value, 'token pair'));
    } catch (error) {
      throw withSdkTokensHint(error, value);
    }
  }

  /** The access token. Send it only as `Authorization: Bearer` to the Partner API or to its user's app. */
  get accessToken(): string {
    return this.#accessToken;
  }

  /** The refresh token. Keep it on the backend or in the user's app; never log it. */
  get refreshToken(): string {
    return this.#refreshToken;
  }

  /** True when the access token has expired, or expires within `skewMs`. */
  isExpired({ skewMs = 0, now = Date.now() }: ExpiryCheck = {}): boolean {
    return now >= this.expiresAt.getTime() - skewMs;
  }

  /** True when the access token expires within `ms` from `now`. */
  expiresWithin(ms: number, now: number = Date.now()): boolean {
    return this.isExpired({ skewMs: ms, now });
  }

  /** Milliseconds until the access token expires (negative once expired). */
  msUntilExpiry(now: number = Date.now()): number {
    return this.expiresAt.getTime() - now;
  }

  /** True when the refresh token is known to have expired (then the pair cannot be renewed). */
  isRefreshExpired(now: number = Date.now()): boolean {
    return this.refreshExpiresAt !== undefined && now >= this.refreshExpiresAt.getTime();
  }

  /** True when both pairs hold the same tokens. */
  equals(other: TokenPair): boolean {
    return this.#accessToken === other.#accessToken && this.#refreshToken === other.#refreshToken;
  }

  /** The plain record a {@link TokenStore} persists. Contains the tokens. */
  toStored(): StoredTokenPair {
    return {
      user_id: this.userId,
      access_token: this.#accessToken,
      refresh_token: this.#refreshToken,
      token_type: this.tokenType,
      expires_at: this.expiresAt.getTime(),
      ...(this.refreshExpiresAt === undefined ? {} : { refresh_expires_at: this.refreshExpiresAt.getTime() }),
    };
  }

  /** The tokens for the user's app (`SDK.initialize(sdkKey, tokens)`). Contains the tokens. */
  toSdkTokens(now: number = Date.now()): SdkTokens {
    return {
      access_token: this.#accessToken,
      refresh_token: this.#refreshToken,
      token_type: this.tokenType,
      expires_in: Math.max(0, Math.floor((this.expiresAt.getTime() - now) / 1000)),
      expires_at: this.expiresAt.toISOString(),
    };
  }

  /** A safe view: user and expiry, tokens replaced by `[REDACTED]`. */
  toJSON(): Record<string, unknown> {
    return {
      userId: this.userId,
      accessToken: REDACTED,
      refreshToken: REDACTED,
      tokenType: this.tokenType,
      expiresAt: this.expiresAt.toISOString(),
      refreshExpiresAt: this.refreshExpiresAt?.toISOString(),
    };
  }

  /** `TokenPair(user=…, expires=…)`, without tokens. */
  toString(): string {
    return `TokenPair(user=${this.userId}, expires=${this.expiresAt.toISOString()})`;
  }

  /** Node's `util.inspect` and `console.log` show the safe view. */
  [INSPECT](): string {
    return `TokenPair ${JSON.stringify(this.toJSON())}`;
  }
}
