/** Reads PHP-style query strings and form bodies (`a[]=1&a[terms][]=2`) back into objects. */

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

/** Parses search params with bracket notation into nested objects and arrays of strings. */
export function parseQuery(params: URLSearchParams): ParsedQuery {
  const out: ParsedQuery = {};
  for (const [name, value] of params) put(out, keysOf(name), value);
  return out;
}
