/**
 * The token pair checked by hand. It mirrors `TokenPair` of `@viewlink/schemas` (a unit test
 * compares the two): zod's checks of it cost ~0.7 kB gzipped and their messages say only "Invalid input".
 */
import type { TokenPair } from '@viewlink/schemas';
import type { Issue } from '@viewlink/transport/errors';
import { ValidationError } from '../core/errors.js';
import { invalid } from './input.js';
import { kind } from './kind.js';

/** The call the token pair, the SDK Key and `baseUrl` are given to, as the app writes it. */
export const INITIALIZE = 'SDK.initialize()';

// [field, required]; fields ending in _in are seconds, the others strings.
const FIELDS: ReadonlyArray<readonly [string, boolean]> = [
  ['access_token', true],
  ['refresh_token', true],
  ['token_type', false],
  ['expires_in', true],
  ['refresh_expires_in', false],
];

/**
 * Asserts that `tokens`, the second argument of `SDK.initialize()`, is a token pair, or throws a
 * {@link ValidationError} at that call naming each bad field (`tokens.access_token`).
 */
export function checkTokenPair(tokens: unknown): asserts tokens is TokenPair {
  if (kind(tokens) !== 'object')
    invalid(INITIALIZE, ['tokens'], 'an object { access_token, refresh_token, expires_in }', tokens);
  const pair = tokens as Record<string, unknown>;
  const issues: Issue[] = [];
  for (const [field, required] of FIELDS) {
    const value = pair[field];
    const seconds = field.endsWith('_in');
    if (value === undefined && !required) continue;
    if (
      seconds
        ? !(Number.isSafeInteger(value) && (value as number) > 0)
        : typeof value !== 'string' || (required && !value)
    )
      issues.push({
        path: ['tokens', field],
        message: `expected ${seconds ? 'a positive whole number of seconds' : required ? 'a non-empty string' : 'a string'} (got ${kind(value, seconds)})`,
      });
  }
  if (issues.length) throw new ValidationError(INITIALIZE, issues);
}
