/** Builds the URL of a request: the path from its template, base URL + path + PHP-style query string. */
import { ValidationError } from '../errors/tree.js';

/** A query value: scalars, arrays (`a[]=1&a[]=2`) and nested objects (`a[terms][]=1`). */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly QueryValue[]
  | { readonly [key: string]: QueryValue };

/** Query parameters of one request; `undefined` values are left out. */
export type QueryParams = { readonly [key: string]: QueryValue };

function append(params: URLSearchParams, name: string, value: QueryValue): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) append(params, `${name}[]`, item as QueryValue);
    return;
  }
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) append(params, `${name}[${key}]`, item as QueryValue);
    return;
  }
  params.append(name, String(value));
}

/** Serializes query parameters the way WordPress (PHP) and the Partner API both read them. */
export function toSearchParams(query: QueryParams | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (query) for (const [name, value] of Object.entries(query)) append(params, name, value);
  return params;
}

/** Joins a base URL and a relative path without losing the base's own path. */
export function joinUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const rel = path.startsWith('/') ? path : `/${path}`;
  // Most requests have no query: skip building URLSearchParams for them.
  const search = query === undefined ? '' : toSearchParams(query).toString();
  return search === '' ? base + rel : `${base}${rel}?${search}`;
}

/** The `{name}` placeholders of a path template (`split` by it: literals at even indexes, names at odd). */
export const PLACEHOLDERS = /\{(\w+)\}/g;

/**
 * One path parameter's value as a path takes it, the one rule of both prepare stages
 * (`prepareRouteKey` and `CompiledRoute`): `params[name]` encoded by `encode`
 * (`encodeURIComponent` for the light prepare; `encodePathSegments` for compiled routes, where
 * CMS template ids keep their `/`).
 * @throws ValidationError for a parameter missing from `params`, or empty.
 */
export function pathValue(
  params: Readonly<Record<string, unknown>> | undefined,
  name: string,
  encode: (value: string) => string,
): string {
  const value = params?.[name];
  if (value == null || value === '')
    throw new ValidationError('path parameters', [{ path: [name], message: 'is required' }]);
  return encode(String(value));
}

/** Fills a path template's `{name}` placeholders ({@link pathValue}); a compiled route splits its template once instead. */
export function fillPath(
  template: string,
  params: Readonly<Record<string, unknown>> | undefined,
  encode: (value: string) => string,
): string {
  return template.replace(PLACEHOLDERS, (_, name: string) => pathValue(params, name, encode));
}

/** Characters a path segment keeps as they are (RFC 3986 unreserved): ids and most slugs. */
const UNRESERVED = /^[\w.~-]*$/;

/** Encodes each `/`-separated segment of a value, keeping its separators (a template id `theme//slug`). */
export const encodePathSegments = (value: string): string =>
  // Most values (ids, slugs) need no encoding and have no `/`: no encode, split or join on the hot path.
  UNRESERVED.test(value)
    ? value
    : value.includes('/')
      ? value.split('/').map(encodeURIComponent).join('/')
      : encodeURIComponent(value);
