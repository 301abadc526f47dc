/** The options of the Partner API fake (`createPartnerFake`), apart from it so that their name list can be checked against them. */
import type { FakeUserSeed } from './state/users.js';

/** Options of {@link createPartnerFake}. */
export interface PartnerFakeOptions {
  /** API keys the fake accepts. Default `['vl_test_api_key']`. */
  readonly apiKeys?: readonly string[];
  /** The fake's clock base in milliseconds; inject one to expire tokens in tests. Default `Date.now`. */
  readonly now?: () => number;
  /** Access-token lifetime in seconds. Default 3600. */
  readonly accessTokenTtl?: number;
  /** Refresh-token lifetime in seconds. Default 30 days. */
  readonly refreshTokenTtl?: number;
  /** Users to start with. Default {@link DEFAULT_USERS}. */
  readonly users?: readonly FakeUserSeed[];
  /** Where refresh-completed webhooks are POSTed. Default: none (deliveries are only recorded). */
  readonly webhookUrl?: string;
  /** Sent as-is in the `Signature` header of every webhook. Default: none (unsigned). */
  readonly webhookSecret?: string;
  /**
   * How `webhookSecret` signs: `'secret'` (default, the spec's: the header is the secret) or
   * `'hmac-sha256'` (`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, real time),
   * to test a receiver that verifies with `scheme: 'hmac-sha256'`.
   */
  readonly webhookScheme?: 'secret' | 'hmac-sha256';
  /** Real-time delay between an accepted refresh and its webhook, in ms. Default 20. */
  readonly refreshDelayMs?: number;
  /** fetch used for webhook deliveries. Default: the global fetch at delivery time. */
  readonly fetch?: typeof globalThis.fetch;
  /** Public base URL of the fake; file events then carry `file.url`. Default: none (fetch by id). */
  readonly publicBaseUrl?: string;
  /** Seed of the posted data files. Default 1. */
  readonly fileSeed?: number;
  /**
   * A hostile server for redaction tests: every error answer echoes every credential the request
   * carried (bearer token, API Key, SDK Key, the raw body with its refresh token) in its code,
   * message, `request_id` and headers. Default false.
   */
  readonly echoCredentials?: boolean;
}
