/**
 * Reads PHP-style query strings and form bodies (`a[]=1&a[terms][]=2`, and `a[0]=1&a[1]=2` as PHP's
 * `http_build_query` writes lists) back into objects.
 */

/** A parsed query value: strings, arrays of values, or nested records. */
export type ParsedValue = string | ParsedValue[] | ParsedQuery;
/** A parsed query string. */
export type ParsedQuery = { [key: string]: ParsedValue };

type Container = ParsedQuery | ParsedValue[];

function keysOf(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(name);
  if (!match) return [name];
  return [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
}

function put(node: Container, keys: string[], value: string): void {
  const [key = '', ...rest] = keys;
  if (Array.isArray(node)) {
    if (rest.length === 0) node.push(value);
    else {
      const child: Container = rest[0] === '' ? [] : {};
      node.push(child);
      put(child, rest, value);
    }
    return;
  }
  const existing = node[key];
  if (rest.length === 0) {
    if (existing === undefined) node[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else node[key] = [existing, value];
    return;
  }
  let child = existing;
  if (child === undefined || typeof child === 'string') {
    child = rest[0] === '' ? [] : {};
    node[key] = child;
  }
  put(child, rest, value);
}

/** Options of {@link parseQuery}. */
export interface ParseQueryOptions {
  /**
   * A plain key given twice (`a=1&a=2`): `'list'` (default) reads `['1', '2']`; `'last'` keeps
   * `'2'`, as PHP (so WordPress) does: only `a[]=` or `a[0]=` make a list there.
   */
  readonly repeated?: 'list' | 'last';
}

/** A record keyed 0, 1, 2... (PHP's `a[0]=x&a[1]=y`) is a list, as PHP reads it; deeper levels too. */
function listsFromIndexes(value: ParsedValue): ParsedValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(listsFromIndexes);
  const entries = Object.entries(value).map(([key, item]) => [key, listsFromIndexes(item)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) return entries.map(([, item]) => item);
  return Object.fromEntries(entries);
}

/** Parses search params with bracket notation into nested objects and arrays of strings. */
export function parseQuery(params: URLSearchParams, options: ParseQueryOptions = {}): ParsedQuery {
  const out: ParsedQuery = {};
  for (const [name, value] of params) {
    const keys = keysOf(name);
    if (options.repeated === 'last' && keys.length === 1) delete out[name];
    put(out, keys, value);
  }
  const parsed: ParsedQuery = {};
  for (const [key, value] of Object.entries(out)) parsed[key] = listsFromIndexes(value);
  return parsed;
}
