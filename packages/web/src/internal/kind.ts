/**
 * What a value is, safe to print, for the entry's input checks. The link flow does not import it
 * (it imports nothing the entry loads: `LinkParts` in ./bridge.ts).
 */

/** What `value` is, safe to print: its kind, or the number itself when `showNumber` (never for a possible secret). */
export function kind(value: unknown, showNumber?: boolean): string {
  if (showNumber && typeof value === 'number') return String(value);
  if (value === '') return 'an empty string';
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
