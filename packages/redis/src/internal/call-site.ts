/**
 * Configuration errors led by the call the user wrote (`createRedisStores(): `,
 * `new RedisTokenStore(): `): "`leaseMs` must be a positive number of ms" alone does not say which
 * store, and `createRedisStores()` builds three of them from one options object.
 */
import { ConfigurationError } from '@viewlink/partner';

/**
 * `error` with `callSite` leading its message when it is a plain ConfigurationError (the call an
 * inner check named, `new RedisTokenStore()` inside `createRedisStores()`, replaced); anything else
 * as it is. `rename` rewrites the message first (an option's path as the caller wrote it).
 */
export function configAtCallSite(
  error: unknown,
  callSite: string,
  rename: (message: string) => string = (message) => message,
): unknown {
  if (!(error instanceof ConfigurationError) || error.constructor !== ConfigurationError) return error;
  const message = rename(error.message).replace(/^(?:new )?[A-Za-z]+\(\): /, '');
  return new ConfigurationError(`${callSite}: ${message}`);
}
