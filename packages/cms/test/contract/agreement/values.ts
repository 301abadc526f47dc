/**
 * Values generated from an argument schema WordPress advertises: ones it should take (each enum
 * value, the bounds, the default, well-formed dates) and ones at or past its limits (a value
 * outside the enum, one past each bound, the wrong type, malformed dates). Which side of the
 * line each value falls on is the server's call: the agreement test asks it.
 */
import type { WpArg } from './wordpress-args.js';

/** Dates WordPress's `date-time` format takes (rest_parse_date: RFC 3339 with seconds, offset optional). */
export const GOOD_DATES = [
  '2024-01-02T03:04:05',
  '2024-01-02T03:04:05Z',
  '2024-01-02T03:04:05+02:00',
  '2024-01-02T03:04:05.123-05:30',
  '2024-01-02 03:04:05',
  '2024-01-02t03:04:05Z',
  '2024-01-02T03:04:05+02',
];
/** Dates it refuses: no seconds, no time, a compact offset, a small z, impossible month, not a date. */
export const BAD_DATES = [
  '2024-01-02T03:04',
  '2024-01-02',
  '2024-01-02T03:04:05+0200',
  '2024-01-02T03:04:05z',
  '2024-13-02T03:04:05',
  'yesterday',
];

function typesOf(arg: WpArg): string[] {
  if (arg.type === undefined) return [];
  return typeof arg.type === 'string' ? [arg.type] : [...arg.type];
}

function unique(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value) ?? 'undefined';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Scalar candidates of one schema (no arrays or objects of it). */
function scalars(arg: WpArg): unknown[] {
  const out: unknown[] = [];
  const types = typesOf(arg);
  if (arg.enum) {
    out.push(...arg.enum, 'not-a-listed-value');
    return out;
  }
  if (types.includes('integer') || types.includes('number')) {
    const integer = types.includes('integer') && !types.includes('number');
    out.push(1, 'abc');
    if (integer) out.push(1.5);
    else out.push(2.5);
    if (arg.minimum !== undefined) {
      out.push(arg.minimum, arg.minimum - 1);
      if (arg.exclusiveMinimum) out.push(arg.minimum + 1);
    } else out.push(0, -1);
    if (arg.maximum !== undefined) {
      out.push(arg.maximum, arg.maximum + 1);
      if (arg.exclusiveMaximum) out.push(arg.maximum - 1);
    }
  }
  if (types.includes('boolean')) out.push(true, false, 'maybe');
  if (types.includes('string')) {
    if (arg.format === 'date-time') out.push(...GOOD_DATES, ...BAD_DATES);
    else if (arg.format === 'uri') out.push('https://example.com/a', 'not a url');
    else if (arg.pattern !== undefined) out.push('abc_1-%', 'has space', '!!!', '');
    else out.push('text');
    if (arg.minLength !== undefined) out.push('');
    if (!types.includes('integer') && !types.includes('number')) out.push(42);
  }
  if (types.includes('null')) out.push(null);
  return out;
}

/** Candidate values of an argument, at most a few per aspect. */
export function candidates(arg: WpArg): unknown[] {
  const types = typesOf(arg);
  const out: unknown[] = [];
  if (arg.oneOf && arg.oneOf.length > 0) {
    for (const branch of arg.oneOf) out.push(...candidates(branch));
    return unique(out);
  }
  out.push(...scalars(arg));
  if (types.includes('array')) {
    out.push([]);
    const items = arg.items ? scalars(arg.items) : ['text'];
    for (const item of items.slice(0, 6)) out.push([item]);
    if (arg.items?.enum) out.push([...arg.items.enum]);
    if (arg.maxItems !== undefined) out.push(Array.from({ length: arg.maxItems + 1 }, () => items[0]));
  }
  if (types.includes('object')) {
    out.push({});
    if (!types.includes('string') && !types.includes('array')) out.push('text');
    const properties = Array.isArray(arg.properties) ? {} : (arg.properties ?? {});
    for (const [name, property] of Object.entries(properties as Record<string, WpArg>)) {
      for (const value of candidates(property).slice(0, 8)) out.push({ [name]: value });
    }
  }
  if (arg.default !== undefined && arg.default !== null) out.push(arg.default);
  return unique(out);
}
