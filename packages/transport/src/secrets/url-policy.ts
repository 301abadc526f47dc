/**
 * Where credentials may be sent: https anywhere, plain http only to this machine. A base URL
 * must not carry a credential itself (userinfo, a key or token in the query, a fragment): it
 * would show in `client.baseUrl`, `JSON.stringify(client)`, logs and every error. Such a URL is
 * refused with a message that names the part but never echoes its value (docs/decisions.md).
 */
import { ConfigurationError } from '../errors/tree.js';
import { SECRET_PARAM } from './redact.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(?:\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith('.localhost');
}

/**
 * Refuses a URL that carries a credential: userinfo (`user:pass@`), a query parameter whose name
 * looks secret (`api_key`, `token`, `password`, `signature`...), or a fragment. The message names
 * the parameter, never its value.
 * @throws ConfigurationError naming the option and the offending part.
 */
export function refuseCredentialsInUrl(url: URL, option = 'baseUrl'): void {
  if (url.username || url.password)
    throw new ConfigurationError(
      `\`${option}\` must not contain credentials (user:password@); pass them as options instead`,
    );
  for (const name of url.searchParams.keys()) {
    if (SECRET_PARAM.test(name))
      throw new ConfigurationError(
        `\`${option}\` must not carry a credential in its query (parameter \`${name.slice(0, 40)}\`); pass the key or token as an option instead`,
      );
  }
  if (url.hash)
    throw new ConfigurationError(`\`${option}\` must not have a fragment (#...): requests would not reach its path`);
}

/** How {@link requireSecureBaseUrl} treats the URL's query. */
export interface SecureUrlOptions {
  /**
   * Accept secret-looking query parameters: for a signed download URL handed over by the
   * service (`file.url`), where the signature is the point. Userinfo is refused regardless.
   */
  readonly allowSignedQuery?: boolean | undefined;
}

/**
 * Parses a client's base URL and refuses one that would send credentials in clear text or that
 * carries a credential itself ({@link refuseCredentialsInUrl}).
 * @throws ConfigurationError naming the option and the reason, never echoing a credential.
 */
export function requireSecureBaseUrl(value: unknown, option = 'baseUrl', policy: SecureUrlOptions = {}): URL {
  if (typeof value !== 'string' && !(value instanceof URL)) {
    throw new ConfigurationError(
      `\`${option}\` must be a URL string, got ${value === undefined ? 'nothing' : typeof value}`,
    );
  }
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new ConfigurationError(`\`${option}\` is not a valid absolute URL`);
  }
  if (policy.allowSignedQuery) {
    if (url.username || url.password)
      throw new ConfigurationError(`\`${option}\` must not contain credentials; pass them as options instead`);
  } else {
    refuseCredentialsInUrl(url, option);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  if (url.protocol === 'http:') {
    throw new ConfigurationError(
      `\`${option}\` must use https: credentials would travel in clear text to ${url.hostname} (plain http is allowed only for loopback hosts)`,
    );
  }
  throw new ConfigurationError(`\`${option}\` must be an http(s) URL, got ${url.protocol}`);
}
