/** Where credentials may be sent: https anywhere, plain http only to this machine. */
import { ConfigurationError } from '../core/errors.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(?:\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith('.localhost');
}

/**
 * Parses a client's base URL and refuses one that would send credentials in clear text.
 * @throws ConfigurationError naming the option and the reason.
 */
export function requireSecureBaseUrl(value: unknown, option = 'baseUrl'): URL {
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
  if (url.username || url.password) {
    throw new ConfigurationError(`\`${option}\` must not contain credentials; pass them as options instead`);
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
