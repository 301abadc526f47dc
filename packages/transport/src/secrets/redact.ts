/**
 * Secret redaction, done once for every client. A redactor knows the secret values a client
 * holds (API Key, application password) and scrubs them, and their Basic/Bearer and URL
 * encodings, from any string. Per-request secrets (a user's token in the `authorization`
 * header, a refresh token in the body) are added for one request with {@link Redactor.with}
 * and {@link secretsOfRequest}: a request's errors and log lines never show what that request
 * sent, however many users the client serves at once (no bounded list of recent secrets).
 */

import { BROWSER_BUILD } from '../internal/browser-build.js';

/** Marker that replaces every secret. */
export const REDACTED = '[REDACTED]';

/**
 * Query parameters whose values are secrets: stripped from URLs in errors and logs. Pre-signed
 * URLs included: S3's `X-Amz-Signature`/`X-Amz-Credential`, GCS's `X-Goog-Signature`, Azure SAS's `sig`.
 */
export const SECRET_PARAM =
  /^(?:.*token.*|.*secret.*|.*password.*|.*key|.*signature|sig|.*credential|auth|authorization|code|.*nonce|jwt|.*_jwt)$/i;

/** JSON body fields whose string values are secrets (narrower: a body's `code` or `meta_key` is content). */
const SECRET_FIELD = /token|secret|password|passwd|api[-_]?key|nonce|jwt|credential|signature/i;

/** Request headers whose values are credentials. */
const SECRET_HEADER = /auth|token|secret|key|password|nonce|cookie|signature|session|credential/i;

/** Scrubs secrets from strings; build one with {@link createRedactor}. */
export interface Redactor {
  /** Replaces every known secret (and its encodings) in `text`. */
  text(text: string): string;
  /** Strips userinfo and secret-looking query values from a URL, then scrubs known secrets. */
  url(url: string): string;
  /**
   * A redactor that scrubs this one's secrets plus `more` (read once, on first use): one per
   * request, holding what that request sent.
   */
  with(more: () => Iterable<string | undefined>): Redactor;
}

/**
 * The base64 of `value`'s UTF-8 bytes, as `btoa` over `TextEncoder`'s bytes gives it (the
 * credential of an HTTP Basic header). Hermes before React Native 0.74 has neither: there it is
 * computed without them. Every browser has both, so the browser build drops that fallback.
 */
export function utf8Base64(value: string): string {
  if (BROWSER_BUILD || (typeof TextEncoder === 'function' && typeof btoa === 'function')) {
    let binary = '';
    for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
    return btoa(binary);
  }
  return base64WithoutBtoa(value);
}

const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** {@link utf8Base64} by hand: UTF-8 through `encodeURIComponent` (a lone surrogate as U+FFFD, as `TextEncoder` writes it). */
function base64WithoutBtoa(value: string): string {
  const wellFormed = value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  const bytes = encodeURIComponent(wellFormed).replace(/%../g, (hex) =>
    String.fromCharCode(Number.parseInt(hex.slice(1), 16)),
  );
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    // Past the end, charCodeAt is NaN: `& 255` makes it 0, and `=` pads the digits it fed.
    const n = (bytes.charCodeAt(i) << 16) | ((bytes.charCodeAt(i + 1) & 255) << 8) | (bytes.charCodeAt(i + 2) & 255);
    const digit = (shift: number) => BASE64_DIGITS.charAt((n >> shift) & 63);
    out += digit(18) + digit(12) + (i + 1 < bytes.length ? digit(6) : '=') + (i + 2 < bytes.length ? digit(0) : '=');
  }
  return out;
}

/** Secrets shorter than this are ignored: replacing them would mangle ordinary text. */
const MIN_SECRET_LENGTH = 4;

/** A secret and the encodings a server may echo it in: raw, URL-encoded, base64 (Basic), JSON-escaped. */
function encodingsOf(secret: string): string[] {
  const out = [secret, encodeURIComponent(secret), utf8Base64(secret)];
  const json = JSON.stringify(secret).slice(1, -1);
  if (json !== secret) out.push(json);
  return out;
}

function collect(sources: readonly (() => Iterable<string | undefined>)[]): string[] {
  const out = new Set<string>();
  for (const source of sources) {
    for (const secret of source()) {
      if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH || out.has(secret)) continue;
      for (const pattern of encodingsOf(secret)) out.add(pattern);
    }
  }
  // Longest first, so a secret containing another is replaced whole.
  return [...out].sort((a, b) => b.length - a.length);
}

function scrubWith(patterns: readonly string[], input: string): string {
  let result = input;
  for (const pattern of patterns) {
    if (result.includes(pattern)) result = result.split(pattern).join(REDACTED);
  }
  return result;
}

function stripUrl(input: string, text: (s: string) => string): string {
  let parsed: URL;
  try {
    parsed = new URL(input);
  } catch {
    return text(input);
  }
  if (parsed.username || parsed.password) {
    parsed.username = '';
    parsed.password = '';
  }
  for (const name of [...parsed.searchParams.keys()]) {
    if (SECRET_PARAM.test(name)) parsed.searchParams.set(name, REDACTED);
  }
  if (parsed.hash) parsed.hash = '';
  return text(parsed.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED));
}

function build(sources: readonly (() => Iterable<string | undefined>)[], fixed: boolean): Redactor {
  // Per-request redactors read their secrets once; the client's own are read on every use so
  // rotated secrets are covered.
  let cached: string[] | undefined;
  const patterns = (): string[] => {
    if (!fixed) return collect(sources);
    cached ??= collect(sources);
    return cached;
  };
  const text = (input: string): string => scrubWith(patterns(), String(input));
  return {
    text,
    url: (input) => stripUrl(input, text),
    with: (more) => build([...sources, more], true),
  };
}

/**
 * Creates a redactor for a set of secrets, read lazily so rotated secrets are covered.
 * Secrets shorter than 4 characters are ignored: replacing them would mangle ordinary text.
 */
export function createRedactor(secrets: () => Iterable<string | undefined> = () => []): Redactor {
  return build([secrets], false);
}

/** What one request sent that may hold a credential. */
export interface SentParts {
  /** Header records merged into the request (client headers, the credential's, the call's). */
  readonly headers?: readonly (Readonly<Record<string, string>> | undefined)[] | undefined;
  /** The JSON body, if any: string values under secret-looking names are secrets. */
  readonly json?: unknown;
  /** The request URL: values of secret-looking query parameters and userinfo are secrets. */
  readonly url?: string | undefined;
}

function decodeBasic(value: string): string[] {
  try {
    const binary = atob(value);
    const decoded = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const colon = decoded.indexOf(':');
    return colon < 0 ? [decoded] : [decoded, decoded.slice(colon + 1), decoded.slice(colon + 1).replace(/\s+/g, '')];
  } catch {
    return [];
  }
}

function headerSecrets(name: string, value: string, out: string[]): void {
  if (!SECRET_HEADER.test(name)) return;
  out.push(value);
  // `Bearer <token>`, `Basic <base64>`, `Token token=<value>`: the credential after the scheme.
  const match = /^\s*([A-Za-z][\w-]*)\s+(.+?)\s*$/.exec(value);
  if (match?.[2]) {
    out.push(match[2]);
    if (match[1]?.toLowerCase() === 'basic') out.push(...decodeBasic(match[2]));
  }
}

function jsonSecrets(value: unknown, out: string[], depth: number, secretName: boolean): void {
  if (typeof value === 'string') {
    if (secretName) out.push(value);
    return;
  }
  if (depth > 8 || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) jsonSecrets(item, out, depth + 1, secretName);
    return;
  }
  for (const [key, item] of Object.entries(value))
    jsonSecrets(item, out, depth + 1, secretName || SECRET_FIELD.test(key));
}

/**
 * The credentials a request carried: values of credential headers (`authorization` and the
 * token inside it, decoded Basic credentials, `x-*-key`, nonces, cookies), string values under
 * secret-looking JSON fields (`refresh_token`, `password`) and secret-looking query values.
 */
export function secretsOfRequest(parts: SentParts): string[] {
  const out: string[] = [];
  for (const record of parts.headers ?? []) {
    if (!record) continue;
    for (const [name, value] of Object.entries(record)) if (typeof value === 'string') headerSecrets(name, value, out);
  }
  if (parts.json !== undefined) jsonSecrets(parts.json, out, 0, false);
  if (parts.url !== undefined) {
    try {
      const url = new URL(parts.url);
      if (url.username) out.push(decodeURIComponent(url.username));
      if (url.password) out.push(decodeURIComponent(url.password));
      for (const [name, value] of url.searchParams) if (SECRET_PARAM.test(name)) out.push(value);
    } catch {
      // Not a URL: nothing to take from it.
    }
  }
  return out;
}
