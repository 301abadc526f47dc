/**
 * The check of every duration option of the Redis and key-value stores (`pairTtlMs`, `leaseMs`,
 * `ttlMs`, ...): one rule and one wording, so a TTL of `'1h'` is refused when the store is made
 * rather than written to Redis as `NaN`.
 */
import { ConfigurationError } from '@viewlink/partner';

/**
 * `value` (or `fallback` when it is left out), rounded up to whole ms.
 * @throws ConfigurationError naming `callSite` (the call the user wrote) and `name` for anything but a finite number of at least 1 ms.
 */
export function positiveMs(value: unknown, fallback: number, name: string, callSite: string): number {
  const ms = value ?? fallback;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 1)
    throw new ConfigurationError(`${callSite}: \`${name}\` must be a positive number of ms`);
  return Math.ceil(ms);
}
