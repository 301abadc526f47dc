/**
 * Webhook verification. Two schemes:
 *
 * - `'secret'` (default, the spec's): the `Signature` header carries the configured secret
 *   itself. It proves the sender knows the secret; it cannot prove the body was not altered by
 *   someone who saw one request, so TLS is what protects integrity (receivers refuse plain http).
 * - `'hmac-sha256'` (opt-in, designed): `Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 *   "<t>.<raw body>">`. Any change of body or timestamp fails, and old requests are refused.
 *
 * Comparisons are constant-time over SHA-256 digests, every configured secret is checked (no
 * early exit), and only Web Crypto is used so it runs on Node, Deno, Bun and Workers.
 */
import {
  ConfigurationError,
  configAtCallSite,
  refuseUnknownClientOptions,
  webhookVerificationChannel,
} from '@viewlink/transport';
import { WebhookBodyError, WebhookVerificationError } from './errors.js';
import type { HeadersLike } from './headers.js';
import { DEFAULT_MAX_BODY_BYTES, getHeader, readLimited, toBytes, tooLarge } from './internal/body.js';
import { concat, constantTimeEqual, fromHex, hmac, hmacKey, sha256, utf8 } from './internal/crypto.js';
import { parseWebhookEvent, type WebhookEvent } from './parse.js';

export type { HeadersLike } from './headers.js';

/** How the `Signature` header is formed. */
export type WebhookSignatureScheme =
  /** The header is the secret itself (what the spec describes). Default. */
  | 'secret'
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` (opt-in; detects altered bodies). */
  | 'hmac-sha256';

/** Options of {@link verifyWebhook} and the receivers. */
export interface VerifyWebhookOptions {
  /**
   * The signature secret from the partner portal; several during rotation (any may match).
   * `false` explicitly accepts unsigned requests (not recommended). An empty or missing
   * secret is a {@link ConfigurationError}, never a silent accept.
   */
  readonly secret: string | readonly string[] | false;
  /** Signature scheme. Default `'secret'`. */
  readonly scheme?: WebhookSignatureScheme;
  /** Largest body accepted, in bytes. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** `hmac-sha256`: how far the signed timestamp may be from now, in seconds. Default 300. */
  readonly toleranceSeconds?: number;
  /** Clock in milliseconds (tests). Default `Date.now`. */
  readonly now?: () => number;
}

/** A raw webhook body: exactly the bytes received. */
export type WebhookBody = string | Uint8Array | ArrayBuffer;

/** A webhook request as raw body plus headers. */
export interface WebhookInput {
  /** The raw body (string or bytes). A parsed object is refused with an explanation. */
  readonly body: WebhookBody;
  /** Request headers (`Headers` or a Node-style record). */
  readonly headers: HeadersLike;
}

/** A prepared verifier: secrets are digested (or imported as HMAC keys) once. */
export interface WebhookVerifier {
  /** Verifies the signature only, resolving to the raw body bytes. */
  verifySignature(input: WebhookInput | Request): Promise<Uint8Array<ArrayBuffer>>;
  /** Verifies the signature, then parses the body into a {@link WebhookEvent}. */
  verify(input: WebhookInput | Request): Promise<WebhookEvent>;
  /** The body size limit in bytes. */
  readonly maxBodyBytes: number;
}

const MAX_HEADER_LENGTH = 4096;
const BODY_USED =
  'The Request body was already read before verification. Pass the Request unread, or `{ body: await request.text(), headers: request.headers }`.';
const NO_SECRET =
  'No webhook signature secret configured. Pass `secret` (the value from the partner portal, or several during rotation), ' +
  'or `secret: false` to explicitly accept unsigned webhooks (not recommended).';

// An HMAC covers the body: a mismatch is as often a re-serialized body as a wrong secret.
const HMAC_MISMATCH =
  'The webhook HMAC signature does not match this body with any configured secret: the body differs from the bytes ' +
  'the service signed, or the secret differs. A body parsed and serialized again (JSON.stringify(req.body)) never ' +
  'matches; verify the raw body as received (see "Verify the raw body" in docs/partner-webhooks.md).';

function resolveSecrets(secret: unknown): string[] | false {
  if (secret === false) return false;
  if (secret !== undefined && secret !== null && typeof secret !== 'string' && !Array.isArray(secret))
    throw new ConfigurationError(
      `\`secret\` must be a string, an array of strings (during rotation) or false, got ${typeof secret}`,
    );
  const list: unknown[] = typeof secret === 'string' ? [secret] : Array.isArray(secret) ? secret : [];
  // A blank secret (an unset env variable padded with a space) would accept a blank header.
  const usable = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '';
  if (!list.some(usable)) throw new ConfigurationError(NO_SECRET);
  // One of several missing (`[process.env.NEW, process.env.OLD]` with OLD unset): named, not "no secret".
  const blank = list.findIndex((s) => !usable(s));
  if (blank !== -1)
    throw new ConfigurationError(
      `\`secret[${blank}]\` is missing or blank (an unset environment variable?): every secret in the list must be a non-empty string; leave out the ones you do not use`,
    );
  return list as string[];
}

function positive(value: number | undefined, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new ConfigurationError(`\`${option}\` must be a positive number`);
  return value;
}

interface HmacParts {
  readonly timestamp: string;
  readonly signatures: Uint8Array[];
}

function parseHmacHeader(header: string): HmacParts | undefined {
  let timestamp: string | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return undefined;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return undefined;
      timestamp = value;
    } else if (key === 'v1') {
      const bytes = fromHex(value, 32);
      if (!bytes) return undefined;
      signatures.push(bytes);
    }
    // Other keys (future versions) are ignored.
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

/** The names of {@link VerifyWebhookOptions} (the compiler keeps the list complete). */
export const VERIFY_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  secret: true,
  scheme: true,
  maxBodyBytes: true,
  toleranceSeconds: true,
  now: true,
} satisfies { readonly [Name in keyof Required<VerifyWebhookOptions>]: true });

/**
 * Prepares a verifier for repeated use (receivers build one at start-up).
 * @throws ConfigurationError when no secret is configured and `secret: false` was not given, or
 *   for an option name it does not take (`tolerance` for `toleranceSeconds` would keep 300 s).
 */
export function createWebhookVerifier(options: VerifyWebhookOptions): WebhookVerifier {
  return webhookVerifier(options, VERIFY_OPTION_NAMES, 'createWebhookVerifier()');
}

/** The verifier's options checked, each refusal led by `what` (`createWebhookHandler(): No webhook ...`). */
function checkedVerifierOptions(options: VerifyWebhookOptions, known: readonly string[], what: string) {
  try {
    if (typeof options !== 'object' || options === null) throw new ConfigurationError(NO_SECRET);
    refuseUnknownClientOptions(options, known, what);
    const secrets = resolveSecrets((options as { secret?: unknown }).secret);
    const scheme = options.scheme ?? 'secret';
    if (scheme !== 'secret' && scheme !== 'hmac-sha256')
      throw new ConfigurationError("`scheme` must be 'secret' or 'hmac-sha256'");
    const maxBodyBytes = positive(options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 'maxBodyBytes');
    const toleranceMs = positive(options.toleranceSeconds, 300, 'toleranceSeconds') * 1000;
    return { secrets, scheme, maxBodyBytes, toleranceMs, now: options.now ?? Date.now };
  } catch (error) {
    throw configAtCallSite(error, what);
  }
}

/**
 * {@link createWebhookVerifier} for options that may hold more than the verifier's (a
 * receiver's): `known` are the names the caller (`what`) takes.
 */
export function webhookVerifier(
  options: VerifyWebhookOptions,
  known: readonly string[],
  what: string,
): WebhookVerifier {
  const { secrets, scheme, maxBodyBytes, toleranceMs, now } = checkedVerifierOptions(options, known, what);
  // Lazily: Web Crypto is async, and a verifier is built synchronously.
  let digests: Promise<Uint8Array[]> | undefined;
  let keys: Promise<CryptoKey[]> | undefined;

  const checkSecret = async (header: string): Promise<void> => {
    digests ??= Promise.all((secrets as string[]).map((s) => sha256(utf8(s))));
    const [got, expected] = await Promise.all([sha256(utf8(header)), digests]);
    let match = false;
    for (const digest of expected) match = constantTimeEqual(got, digest) || match;
    if (!match) throw new WebhookVerificationError('invalid_signature');
  };

  const checkHmac = async (header: string, body: Uint8Array): Promise<void> => {
    const parts = parseHmacHeader(header);
    if (!parts) throw new WebhookVerificationError('malformed_signature');
    keys ??= Promise.all((secrets as string[]).map(hmacKey));
    const message = concat(utf8(`${parts.timestamp}.`), body);
    let match = false;
    for (const key of await keys) {
      const expected = await hmac(key, message);
      for (const signature of parts.signatures) match = constantTimeEqual(expected, signature) || match;
    }
    if (!match) throw new WebhookVerificationError('invalid_signature', HMAC_MISMATCH);
    if (Math.abs(now() - Number(parts.timestamp) * 1000) > toleranceMs)
      throw new WebhookVerificationError('timestamp_out_of_tolerance');
  };

  const readInput = async (input: WebhookInput | Request): Promise<[Uint8Array<ArrayBuffer>, HeadersLike]> => {
    if (typeof Request !== 'undefined' && input instanceof Request) {
      if (input.bodyUsed) throw new WebhookBodyError('not_raw', BODY_USED);
      const declared = Number(input.headers.get('content-length') ?? Number.NaN);
      if (declared > maxBodyBytes) throw tooLarge(maxBodyBytes);
      return [await readLimited(input.body, maxBodyBytes), input.headers];
    }
    const { body, headers } = (input ?? {}) as Partial<WebhookInput>;
    return [toBytes(body, maxBodyBytes), headers ?? {}];
  };

  const verifySignature = async (input: WebhookInput | Request): Promise<Uint8Array<ArrayBuffer>> => {
    const [body, headers] = await readInput(input);
    if (secrets === false) return body;
    const header = getHeader(headers, 'signature');
    if (header === undefined || header === '') throw new WebhookVerificationError('missing_signature');
    if (header.length > MAX_HEADER_LENGTH) throw new WebhookVerificationError('malformed_signature');
    if (scheme === 'secret') await checkSecret(header);
    else await checkHmac(header, body);
    return body;
  };

  return {
    maxBodyBytes,
    verifySignature,
    async verify(input) {
      // Published on the webhook-verification channel when someone listens (no secret, signature or body in it).
      if (!webhookVerificationChannel.active) return parseWebhookEvent(await verifySignature(input), { maxBodyBytes });
      const trace = { scheme: secrets === false ? 'none' : scheme, eventType: undefined as string | undefined };
      return webhookVerificationChannel.trace(trace, async () => {
        const event = parseWebhookEvent(await verifySignature(input), { maxBodyBytes });
        trace.eventType = event.type;
        return event;
      });
    },
  };
}

/**
 * Verifies a webhook request and parses its event.
 *
 * @example
 * ```ts
 * const event = await verifyWebhook({ body: rawBody, headers: req.headers }, { secret: process.env.VIEWLINK_WEBHOOK_SECRET! });
 * if (event.type === 'DeltaFilePosted') ...
 * ```
 * @param input A `Request`, or `{ body, headers }` with the raw body (string or bytes).
 * @throws WebhookVerificationError missing, malformed or wrong signature (answer 401).
 * @throws WebhookBodyError body not raw, too large, not JSON, or a malformed known event.
 * @throws ConfigurationError no secret configured and no explicit `secret: false`.
 */
export function verifyWebhook(input: WebhookInput | Request, options: VerifyWebhookOptions): Promise<WebhookEvent> {
  try {
    return webhookVerifier(options, VERIFY_OPTION_NAMES, 'verifyWebhook()').verify(input);
  } catch (error) {
    return Promise.reject(error);
  }
}
