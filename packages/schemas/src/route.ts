/**
 * Endpoints as data. Each API's route table is a record of {@link RouteDef}s keyed by
 * `"METHOD /path/{param}"`; clients, msw handlers, docs and the OpenAPI export are all
 * derived from these tables, so a route is described exactly once.
 *
 * Schemas are built on first use, not at import: every schema, field group and route table of
 * `partner/` and `cms/` is declared as `export const name = lazy(() => z.looseObject({ ... }))`
 * (`internal/lazy.ts`), the call marked `@__PURE__` so bundlers drop unused schemas. The declaration keeps its inferred type; the value is a stand-in that
 * builds the schema on its first property access and forwards everything to it. New schemas in
 * those folders follow the same form (arrays, regexes and plain constants stay as they are).
 */
import type * as core from 'zod/v4/core';

/** Any zod 4 schema (classic or mini). */
export type AnySchema = core.$ZodType;

/** HTTP methods used by the route tables. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route and with which credential. */
export type RouteAuth =
  /** Partner API Key (backend only). */
  | 'apiKey'
  /** An end user's access token from a token pair. */
  | 'accessToken'
  /** CMS: public, but authentication widens what is returned. */
  | 'optional'
  /** CMS: application password or another scheme required. */
  | 'required'
  /** No credential. */
  | 'none';

/** One route: method, path template and the schemas of everything it takes and returns. */
export interface RouteDef {
  /** HTTP method. */
  readonly method: RouteMethod;
  /**
   * Path template relative to the API base (Partner) or REST root (CMS), with `{name}`
   * placeholders, e.g. `/cms/v2/templates/{template_id}/revisions/{id}`.
   */
  readonly path: string;
  /** Stable identifier (camelCase), used as OpenAPI operationId and in docs. */
  readonly operationId: string;
  /** One-line description for docs and OpenAPI; `''` in the browser build, which leaves the texts out. */
  readonly summary: string;
  /** Logical namespace the first path segments belong to (CMS: remappable), e.g. `cms`. */
  readonly namespace?: string;
  /** Path parameters: an object schema whose fields carry the allowed patterns. */
  readonly params?: AnySchema;
  /** Query parameters: an object schema with documented defaults and ranges. */
  readonly query?: AnySchema;
  /** JSON body. */
  readonly body?: AnySchema;
  /** Successful response body. */
  readonly response: AnySchema;
  /** Status of a successful response (default 200). */
  readonly successStatus?: number;
  /** Credential the route needs. */
  readonly auth: RouteAuth;
  /** True when /batch/v1 accepts this route (CMS). */
  readonly batchable?: boolean;
  /** True for routes whose body is not JSON (media upload). */
  readonly rawBody?: boolean;
  /** Media types of a success body that is not JSON (data files), as the OpenAPI documents list them. */
  readonly responseMediaTypes?: readonly string[];
  /**
   * The body may be fetched in parts (RFC 9110 ranges, as a CDN serves files): `Range` and
   * `If-Range` are accepted, answered by 206 with `Content-Range`, or 416 past the end.
   */
  readonly ranges?: boolean;
  /** Marks routes a stock WordPress 6.5.5 lacks (tests and docs list them). */
  readonly notOnWordPress?: boolean;
}

/** Declares one route, keeping its literal types for inference. */
export function route<const R extends RouteDef>(def: R): R {
  return def;
}

/** A route table: routes keyed by `"METHOD /path"`. */
export type RouteTable = Readonly<Record<string, RouteDef>>;

/** Key of a route: `"GET /v1/user/watchlist"`. */
export type RouteKey<R extends RouteDef> = `${R['method']} ${R['path']}`;

/**
 * Output type of a schema, or `undefined` when absent. Reads `_zod.output` directly: the same
 * type as `core.output<S>`, which cost about 1,500 instantiations per named route type in a
 * consumer's compile (docs/benchmarks.md, "Type budget").
 */
export type OutputOf<S> = S extends { readonly _zod: { readonly output: infer O } } ? O : undefined;
/** Input type of a schema, or `undefined` when absent (reads `_zod.input`, as {@link OutputOf}). */
export type InputOf<S> = S extends { readonly _zod: { readonly input: infer I } } ? I : undefined;

/** Names of the `{placeholders}` of a path template. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** Checks at definition time that a table's keys match its routes' methods and paths. */
export function routeTable<const T extends { readonly [K in keyof T]: RouteDef }>(
  table: T & { readonly [K in keyof T]: K extends RouteKey<T[K]> ? T[K] : never },
): T {
  return table;
}

/** Fills a path template with encoded parameter values. */
export function expandPath(template: string, params: Readonly<Record<string, unknown>> = {}): string {
  return template.replace(/\{([a-z_]+)\}/gi, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`Missing path parameter ${name}`);
    // Template ids keep their `//` separator; every other character is encoded.
    return String(value).split('/').map(encodeURIComponent).join('/');
  });
}

/** Turns a path template into a RegExp with named groups; `{template_id}` may span `theme//slug`. */
export function pathPattern(template: string): RegExp {
  const source = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{([a-z_]+)\}/gi, (_, name: string) =>
      name === 'template_id' ? `(?<${name}>[^/]+(?://?[^/]+)?)` : `(?<${name}>[^/]+)`,
    );
  return new RegExp(`^${source}/?$`);
}
