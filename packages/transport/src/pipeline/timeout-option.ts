/**
 * What a timeout option must be, for every client: the transport's `timeout`, the partner's
 * data-file `idleTimeout` and `totalTimeout`. One check and one wording, so a caller reads the
 * same words whichever call refused the value.
 */

/** Why a timeout option was refused: the words after its name in a `ValidationError` or `ConfigurationError`. */
export const TIMEOUT_PROBLEM = 'must be a positive number of milliseconds, at most 2147483647';

/**
 * Whether `value` is a usable timeout: a finite number of milliseconds above 0 and within what
 * `setTimeout` honours (2^31 - 1 ms, about 24.8 days; a larger delay would fire at once). A value
 * outside is refused, not clamped.
 */
export function isTimeout(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 2_147_483_647;
}
