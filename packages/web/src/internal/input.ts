/**
 * Checks of what callers pass, before any request or bridge message. Few shared message shapes
 * keep the facade inside its size budget. Messages describe a value, never echo it (it may be a secret).
 */
import { ConfigurationError, ValidationError } from '../core/errors.js';
import type { SdkOptions } from '../core/options.js';
import { kind } from './kind.js';
import { refuseApiKey } from './secrets.js';

/** Throws a {@link ValidationError} of `what` naming the field at `path` and the expected value. */
export function invalid(what: string, path: PropertyKey[], expected: string, value: unknown): never {
  throw new ValidationError(what, [{ path, message: `expected ${expected} (got ${kind(value)})` }]);
}

/**
 * `Names` when it lists every key of `T`, else `never`: a list of the names a call takes, kept
 * complete by the compiler without the bytes of an object literal (the web budget).
 */
export type EveryName<T, Names extends readonly (keyof T)[]> =
  Exclude<keyof T, Names[number]> extends never ? Names : never;

/**
 * Refuses a key of `given` that `known` lacks, in the words of every Viewlink client: a
 * {@link ValidationError} of the call `what` (`SDK.connect(): servce is an unknown option
 * (known: service)`), or with `options` a {@link ConfigurationError} of the facade's options.
 */
export function onlyKnownKeys(given: object, known: readonly string[], what: string, options?: boolean): void {
  // `for in`: fewer bytes than Object.keys(); the objects checked are plain ones.
  for (const key in given)
    if (!known.includes(key)) {
      const message = `is an unknown option (known: ${known.join(', ')})`;
      throw options
        ? new ConfigurationError(`${what}: ${key} ${message}`)
        : new ValidationError(what, [{ path: [key], message }]);
    }
}

/**
 * Throws a {@link ValidationError} of the call `what` unless `input` is an object of the names in
 * `known` only (`SDK.connect(): expected an object { service } (got string)`).
 */
export function checkInput(input: unknown, known: readonly string[], what: string): asserts input is object {
  if (kind(input) !== 'object') invalid(what, [], `an object { ${known.join(', ')} }`, input);
  onlyKnownKeys(input as object, known, what);
}

// The typeof of each option; numbers are milliseconds.
const OPTIONS: Record<string, string> = {
  baseUrl: 'string',
  extensionId: 'string',
  installUrl: 'string',
  requestTimeoutMs: 'number',
  tokenRenewalTimeoutMs: 'number',
  expirySkewMs: 'number',
  handshakeTimeoutMs: 'number',
  connectTimeoutMs: 'number',
  verifyLinks: 'boolean',
  consentStorage: 'object',
  responseSchemas: 'object',
  fetch: 'function',
};

/** Throws a {@link ConfigurationError} unless `options` is undefined or an object of known, well-typed options. */
export function checkOptions(options: unknown, where: string): asserts options is SdkOptions | undefined {
  if (options === undefined) return;
  if (kind(options) !== 'object')
    throw new ConfigurationError(`${where} must be an options object (got ${kind(options)})`);
  // An API Key under any common name (`apiKey`, `api_key`, `partnerApiKey`), before the unknown-name check.
  for (const key in options) refuseApiKey(key);
  onlyKnownKeys(options as object, Object.keys(OPTIONS), where, true);
  for (const [key, value] of Object.entries(options as object)) {
    const type = OPTIONS[key] as string;
    // Timers overflow past 2^31-1 ms; only the skew may be 0.
    const min = key === 'expirySkewMs' ? 0 : 1;
    if (value === undefined) continue;
    if (value === null || typeof value !== type || (type === 'number' && !(value >= min && value < 2 ** 31)))
      throw new ConfigurationError(
        `${where}: option ${key} must be ${type === 'number' ? `${min} to 2147483647 ms` : `of type ${type}`} (got ${kind(value, true)})`,
      );
  }
}
