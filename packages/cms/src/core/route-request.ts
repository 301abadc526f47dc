/**
 * The typed route request: the building block every resource method (and the batch builder,
 * seo and forms) is a thin wrapper over. Given a route-table key and its inputs it validates
 * path parameters, query and body with the route's schemas (a {@link ValidationError} naming
 * the field, before anything is sent), expands the path, maps the namespace (`/cms/v2/...` →
 * the configured one, e.g. `/wp/v2/...`), sends through the transport and validates the response.
 */
import {
  type AnySchema,
  compiledValidator,
  type InputOf,
  type OutputOf,
  type RouteDef,
  type RouteTable,
} from '@viewlink/schemas';
import {
  type HeaderRecord,
  type HttpMethod,
  type QueryParams,
  type RetryPolicy,
  type StandardSchema,
  ValidationError,
} from '@viewlink/transport';
import type { Connection } from '../internal/connection.js';
import { parseCallInput } from '../internal/parse-input.js';
import { objectKeys } from '../internal/schema-shape.js';
import type { Compat } from './compat.js';
import type { Namespaces } from './namespaces.js';

/** Per-call options accepted by every method. */
export interface RequestCallOptions {
  /** Aborts the request. */
  readonly signal?: AbortSignal | undefined;
  /** Per-attempt timeout in ms for this call. */
  readonly timeout?: number | undefined;
  /** Retry policy for this call (idempotent methods only). */
  readonly retry?: RetryPolicy | number | false | undefined;
  /** Extra headers for this call. */
  readonly headers?: HeaderRecord | undefined;
}

/** A response: the validated body plus status and headers (pagination lives there). */
export interface RouteResponse<T> {
  /** The validated body. */
  readonly data: T;
  /** HTTP status. */
  readonly status: number;
  /** Response headers (pagination lives here). */
  readonly headers: Headers;
  /** Request id from `x-request-id`, when sent. */
  readonly requestId: string | undefined;
}

/** Input type of a schema, or `{}` when the route has none (for flat merges). */
type ObjectInput<S> = S extends AnySchema ? (InputOf<S> extends object ? InputOf<S> : unknown) : unknown;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** True when every property of T is optional (so the argument itself may be omitted). */
export type AllOptional<T> = {} extends T ? true : false;

/** Structured inputs of one route: `params`, `query` and `body`, each typed by its schema. */
export type RouteCall<R extends RouteDef> = Simplify<
  (R['params'] extends AnySchema ? { readonly params: InputOf<R['params']> } : { readonly params?: undefined }) &
    (R['query'] extends AnySchema ? { readonly query?: InputOf<R['query']> } : { readonly query?: undefined }) &
    (R['body'] extends AnySchema
      ? undefined extends InputOf<R['body']>
        ? { readonly body?: InputOf<R['body']> }
        : { readonly body: InputOf<R['body']> }
      : { readonly body?: undefined })
>;

/** Flat input of one route for {@link CmsClient.request}: path parameters, query and body fields merged. */
export type RouteInput<R extends RouteDef> = Simplify<
  ObjectInput<R['params']> & ObjectInput<R['query']> & ObjectInput<R['body']>
>;

/** Validated response type of a route. */
export type RouteOutput<R extends RouteDef> = OutputOf<R['response']>;

/** A request ready to send: validated, expanded and namespace-mapped. */
export interface PreparedRequest {
  /** The route definition. */
  readonly route: RouteDef;
  /** HTTP method. */
  readonly method: HttpMethod;
  /** Served path relative to the REST root, e.g. `/wp/v2/posts/5`. */
  readonly path: string;
  /** Query the caller gave (defaults left to the server). */
  readonly query: QueryParams | undefined;
  /** JSON body, if any. */
  readonly body: unknown;
  /** What the response is validated with: the route's schema (with its compiled fast path). */
  readonly response: StandardSchema;
}

/** An untyped request for routes the table does not know. */
export interface RawRequest {
  /** HTTP method. */
  readonly method: HttpMethod;
  /** Path relative to the REST root; `/cms/v2/...` style paths are namespace-mapped too. */
  readonly path: string;
  /** Query parameters (PHP-style arrays and objects). */
  readonly query?: QueryParams | undefined;
  /** JSON body; or a `BodyInit` (Blob, stream, FormData) sent as is. */
  readonly body?: unknown;
  /** Extra headers. */
  readonly headers?: HeaderRecord | undefined;
}

/**
 * Keeps only the keys the caller gave (recursively through plain objects), taking their parsed
 * values, so schema defaults, including nested ones such as a term query's `operator`, are not sent.
 */
function given(parsed: unknown, input: unknown): unknown {
  if (!isPlainObject(parsed) || !isPlainObject(input)) return parsed;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    out[key] = key in parsed ? given(parsed[key], value) : value;
  }
  return out;
}

/**
 * Compiles a path template into a filler equivalent to `expandPath` (same encoding: each value
 * URI-encoded, a template id keeping its `//`), without re-parsing the template per request.
 */
function compilePath(template: string): (params: Readonly<Record<string, unknown>>) => string {
  const parts = template.split(/\{([a-z_]+)\}/i);
  return (params) => {
    let out = parts[0] as string;
    for (let i = 1; i < parts.length; i += 2) {
      const name = parts[i] as string;
      const value = params[name];
      if (value === undefined || value === null || value === '') throw new TypeError(`Missing path parameter ${name}`);
      const text = String(value);
      out +=
        (text.includes('/') ? text.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(text)) +
        parts[i + 1];
    }
    return out;
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isBodyInit(value: unknown): value is BodyInit {
  return (
    typeof value === 'string' ||
    value instanceof Blob ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    value instanceof ReadableStream ||
    value instanceof URLSearchParams ||
    (typeof FormData !== 'undefined' && value instanceof FormData)
  );
}

const RAW_METHODS = new Set<unknown>([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
] satisfies HttpMethod[]);

/** Everything a {@link RouteRequester} needs from its client. */
export interface RouteRequesterDeps<T extends RouteTable> {
  /** The route table. */
  readonly table: T;
  /** Namespace mapping. */
  readonly namespaces: Namespaces;
  /** Resolves the REST root (discovering it on first use) and returns a connection to it. */
  readonly connect: (signal?: AbortSignal) => Promise<Connection>;
  /** The connection when the REST root is already resolved (a synchronous fast path). */
  readonly connected?: () => Connection | undefined;
  /** Server profile: maps the spec's names onto the server's (`compat: 'wordpress'`). */
  readonly compat?: Compat | undefined;
}

/** What {@link RouteRequester} remembers per route. */
interface CompiledRoute {
  /** Path template with the namespace mapped, e.g. `/wp/v2/posts/{id}`. */
  readonly servedPath: string;
  /** Fills the template's placeholders; absent when the path has none. */
  readonly expand: ((params: Readonly<Record<string, unknown>>) => string) | undefined;
  /** True once an omitted query has validated (nothing required), so it need not be parsed again. */
  emptyQueryValid: boolean;
  /** The response schema behind its compiled fast path (same validation, less work per record). */
  readonly response: StandardSchema;
  /**
   * The path parameter schema, likewise: an item GET's `{ id }` skips zod when valid. Only here:
   * params are used up before `prepare` returns, while a query or body is serialized later, so
   * zod's copy keeps it safe from the caller changing the object meanwhile.
   */
  readonly params: StandardSchema | undefined;
  /** What each input is called in a ValidationError, built once. */
  readonly labels: { readonly params: string; readonly query: string; readonly body: string };
}

/**
 * Typed requests keyed by a route table. `@viewlink/cms` builds one over `cmsRoutes`; other
 * modules (batch, seo, forms) use the same instance through {@link CmsClient.routes}.
 */
export class RouteRequester<T extends RouteTable> {
  readonly #deps: RouteRequesterDeps<T>;
  readonly #compiled = new Map<string, CompiledRoute>();

  constructor(deps: RouteRequesterDeps<T>) {
    this.#deps = deps;
  }

  /** The route table this requester serves. */
  get table(): T {
    return this.#deps.table;
  }

  /** Namespace mapping in use. */
  get namespaces(): Namespaces {
    return this.#deps.namespaces;
  }

  /** The REST-root connection (resolved once, then cached). */
  connect(signal?: AbortSignal): Promise<Connection> {
    return this.#deps.connect(signal);
  }

  /**
   * The route definition of a key.
   * @throws ValidationError for a key the table does not have (nothing is sent).
   */
  route<K extends keyof T & string>(key: K): T[K] {
    // Own keys only: `toString` or `__proto__` are not routes.
    const route = Object.hasOwn(this.#deps.table, key) ? this.#deps.table[key] : undefined;
    if (!route)
      throw new ValidationError('route key', [
        {
          path: ['route'],
          message: `unknown route ${JSON.stringify(key)}: use a key of the route table such as 'GET /cms/v2/posts', or requestRaw() for other routes`,
        },
      ]);
    return route as T[K];
  }

  /**
   * Validates a call and builds its served path, query and body, without sending anything.
   * @throws ValidationError naming each offending field.
   */
  prepare<K extends keyof T & string>(key: K, call: RouteCall<T[K]>): PreparedRequest {
    const route = this.route(key);
    const compiled = this.#compile(key, route);
    const input = call as { params?: unknown; query?: unknown; body?: unknown };
    let params: Record<string, unknown> = {};
    if (compiled.params) {
      params = parseCallInput(compiled.params, input.params ?? {}, compiled.labels.params) as Record<string, unknown>;
    }
    let query: QueryParams | undefined;
    if (route.query) {
      if (input.query !== undefined || !compiled.emptyQueryValid) {
        const parsed = parseCallInput(route.query as StandardSchema, input.query ?? {}, compiled.labels.query);
        // No query given and none required: later calls skip this check (hot path of item GETs).
        if (input.query === undefined) compiled.emptyQueryValid = true;
        const sent = given(parsed, input.query ?? {}) as QueryParams;
        // An empty query object would still cost a URLSearchParams in the transport.
        query = Object.keys(sent).length > 0 ? sent : undefined;
      }
    } else if (input.query !== undefined && Object.keys(input.query as object).length > 0) {
      throw new ValidationError(
        compiled.labels.query,
        Object.keys(input.query as object).map((name) => ({
          path: [name],
          message: 'this route takes no such parameter',
        })),
      );
    }
    let body: unknown;
    if (route.body && !route.rawBody) {
      const parsed = parseCallInput(route.body as StandardSchema, input.body ?? {}, compiled.labels.body);
      body = given(parsed, input.body ?? {});
    } else body = input.body;
    // The one point where a server profile renames or refuses fields (core/compat.ts).
    if (this.#deps.compat) {
      const mapped = this.#deps.compat.request(key, query, body);
      query = mapped.query as QueryParams | undefined;
      body = mapped.body;
    }
    const path = compiled.expand ? compiled.expand(params) : compiled.servedPath;
    return { route, method: route.method, path, query, body, response: compiled.response };
  }

  /** Per-route facts computed once: the served path template, compiled validators, labels, whether `{}` is a valid query. */
  #compile(key: string, route: RouteDef): CompiledRoute {
    let compiled = this.#compiled.get(key);
    if (!compiled) {
      const servedPath = this.#deps.namespaces.servedPathOf(route);
      compiled = {
        servedPath,
        expand: servedPath.includes('{') ? compilePath(servedPath) : undefined,
        emptyQueryValid: false,
        response: compiledValidator(route.response) as StandardSchema,
        params: route.params ? (compiledValidator(route.params) as StandardSchema) : undefined,
        labels: { params: `path parameters of ${key}`, query: `query of ${key}`, body: `body of ${key}` },
      };
      this.#compiled.set(key, compiled);
    }
    return compiled;
  }

  /** Validates, sends and returns the validated response of one route. */
  async call<K extends keyof T & string>(
    key: K,
    call: RouteCall<T[K]>,
    options: RequestCallOptions = {},
  ): Promise<RouteResponse<RouteOutput<T[K]>>> {
    const prepared = this.prepare(key, call);
    // Once the REST root is known, skip the extra await of the resolver's promise.
    const connection = this.#deps.connected?.() ?? (await this.connect(options.signal));
    const { route } = prepared;
    const body = prepared.body;
    const raw = body !== undefined && (route.rawBody || isBodyInit(body));
    return connection.request({
      method: prepared.method,
      path: prepared.path,
      query: prepared.query,
      ...(body === undefined ? {} : raw ? { body: body as BodyInit } : { json: body }),
      schema: prepared.response as StandardSchema<unknown, RouteOutput<T[K]>>,
      signal: options.signal,
      timeout: options.timeout,
      retry: options.retry,
      headers: options.headers,
    });
  }

  /**
   * Splits a flat input (`{ id: 5, context: 'edit' }`) into path parameters, query and body:
   * path placeholders first, then the body's declared fields, then the query's; leftovers go
   * to the body when the route has one, else to the query (where the schema reports them).
   */
  split<K extends keyof T & string>(key: K, input: Record<string, unknown> = {}): RouteCall<T[K]> {
    const route = this.route(key);
    const placeholders = new Set([...route.path.matchAll(/\{([a-z_]+)\}/gi)].map((m) => m[1] as string));
    const bodyKeys = route.rawBody ? undefined : objectKeys(route.body);
    const queryKeys = objectKeys(route.query);
    const params: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(input)) {
      if (placeholders.has(name)) params[name] = value;
      else if (bodyKeys?.has(name)) body[name] = value;
      else if (queryKeys?.has(name)) query[name] = value;
      else if (route.body) body[name] = value;
      else query[name] = value;
    }
    return {
      ...(route.params ? { params } : {}),
      ...(Object.keys(query).length > 0 ? { query } : {}),
      ...(route.body && !route.rawBody ? { body } : {}),
    } as RouteCall<T[K]>;
  }

  /** Sends an untyped request; the body is JSON unless it is a `BodyInit`. */
  async raw<D = unknown>(request: RawRequest, options: RequestCallOptions = {}): Promise<RouteResponse<D>> {
    // Checked here, not only by the transport: connecting may send a discovery request first.
    if (typeof request !== 'object' || request === null || typeof request.path !== 'string')
      throw new ValidationError('raw request', [
        { path: typeof request === 'object' && request !== null ? ['path'] : [], message: 'expected { method, path }' },
      ]);
    if (!RAW_METHODS.has(request.method))
      throw new ValidationError('raw request', [
        { path: ['method'], message: `must be one of ${[...RAW_METHODS].join(', ')}` },
      ]);
    const connection = await this.connect(options.signal);
    const body = request.body;
    return connection.request<D>({
      method: request.method,
      path: this.#deps.namespaces.toServed(request.path.startsWith('/') ? request.path : `/${request.path}`),
      query: request.query,
      ...(body === undefined ? {} : isBodyInit(body) ? { body } : { json: body }),
      headers: { ...request.headers, ...options.headers },
      signal: options.signal,
      timeout: options.timeout,
      retry: options.retry,
    });
  }
}
