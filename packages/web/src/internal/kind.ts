/**
 * What a value is, safe to print. Its own module: the bridge's message checks (loaded with the
 * link flow) share it with the entry's input checks, and only this shared part goes to the chunk
 * both load (bundlers split by module).
 */

/** What `value` is, safe to print: its kind, or the number itself when `showNumber` (never for a possible secret). */
export function kind(value: unknown, showNumber?: boolean): string {
  if (showNumber && typeof value === 'number') return String(value);
  if (value === '') return 'an empty string';
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
