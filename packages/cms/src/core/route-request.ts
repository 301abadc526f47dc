/**
 * The CMS side of the transport pipeline: route keys of the CMS table onto the pipeline's
 * stages. Every resource method (and the batch builder, seo and forms) is one call here. A key
 * names its route; the route is compiled once into a `CompiledRoute` of `@viewlink/transport`
 * (prepare: path parameters, query and body validated before sending, path expanded) over its
 * served path (namespace mapped: `/cms/v2/...` to e.g. `/wp/v2/...`); the REST-root connection
 * sends it through the pipeline (authorize, send, parse).
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
  CompiledRoute,
  type HeaderRecord,
  type HttpMethod,
  isBodyInit,
  type QueryParams,
  type RequestOptions,
  type RetryPolicy,
  type RouteCallInput,
  type StandardSchema,
  ValidationError,
} from '@viewlink/transport';
import type { Connection } from '../internal/connection.js';
import { parseCallInput } from '../internal/parse-input.js';
import { objectKeys } from '../internal/schema-shape.js';
import { type Compat, withSpecNames } from './compat.js';
import type { Namespaces } from './namespaces.js';
import { type ShapedResponse, shapeRead } from './shape-runtime.js';

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
  /**
   * The method a user calls for a route key (`posts.create()`), named by its ValidationErrors;
   * without it they name the key (`Invalid body of POST /cms/v2/posts: ...`).
   */
  readonly methodName?: ((key: string) => string) | undefined;
}

/**
 * Typed requests keyed by a route table. `@viewlink/cms` builds one over `cmsRoutes`; other
 * modules (batch, seo, forms) use the same instance through {@link CmsClient.routes}.
 */
export class RouteRequester<T extends RouteTable> {
  readonly #deps: RouteRequesterDeps<T>;
  readonly #compiled = new Map<string, CompiledRoute>();
  /** Response validators of reads trimmed by `_fields` or extended by `_embed`, per route and parameters. */
  readonly #shaped = new Map<string, ShapedResponse>();

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
    return this.#prepare(key, call);
  }

  /** The pipeline's prepare stage for `key`, then the server profile's renames (core/compat.ts). */
  #prepare(key: string, input: RouteCallInput): PreparedRequest {
    const route = this.route(key);
    const prepared = this.#compile(key, route).prepare(input);
    let query = prepared.query;
    let body = prepared.json === undefined ? prepared.body : prepared.json;
    let response = prepared.schema;
    // The one point where a server profile renames or refuses fields (core/compat.ts), on the
    // caller's values (a `_fields` list before it is joined for sending).
    if (this.#deps.compat) {
      const mapped = this.#deps.compat.request(key, query, body);
      query = mapped.query as QueryParams | undefined;
      body = mapped.body;
    }
    // `_fields` / `_embed`: names checked, sent as WordPress reads them, the response validated alike.
    if (query && ('_fields' in query || '_embed' in query)) {
      const shaped = shapeRead(key, route, query, this.#shaped);
      query = shaped.query;
      if (shaped.response) response = shaped.response;
    }
    return { route, method: prepared.method, path: prepared.path, query, body, response };
  }

  /** How a ValidationError of `key`'s inputs names them: the user's method when known. */
  #labels(key: string): { params: string; query: string; body: string } {
    const method = this.#deps.methodName?.(key);
    if (method !== undefined) return { params: method, query: method, body: method };
    return { params: `path parameters of ${key}`, query: `query of ${key}`, body: `body of ${key}` };
  }

  /** Each route compiled once: its served path, its compiled validators, the labels of its inputs. */
  #compile(key: string, route: RouteDef): CompiledRoute {
    let compiled = this.#compiled.get(key);
    if (!compiled) {
      compiled = new CompiledRoute(
        {
          method: route.method,
          path: this.#deps.namespaces.servedPathOf(route),
          // Params are used up before `prepare` returns, so the compiled check needs no copy.
          params: route.params ? (compiledValidator(route.params) as StandardSchema) : undefined,
          query: route.query as StandardSchema | undefined,
          body: route.body as StandardSchema | undefined,
          response: compiledValidator(route.response) as StandardSchema,
          rawBody: route.rawBody,
        },
        {
          labels: this.#labels(key),
          // WordPress applies its own defaults: send only what the caller gave.
          onlyGiven: true,
          parseInput: parseCallInput,
        },
      );
      this.#compiled.set(key, compiled);
    }
    return compiled;
  }

  /** Validates, sends and returns the validated response of one route. */
  call<K extends keyof T & string>(
    key: K,
    call: RouteCall<T[K]>,
    options: RequestCallOptions = {},
  ): Promise<RouteResponse<RouteOutput<T[K]>>> {
    return this.send(key, call, options) as Promise<RouteResponse<RouteOutput<T[K]>>>;
  }

  /**
   * {@link call} with inputs typed loosely (the resources' methods type them for their callers);
   * they are validated by the route's schemas all the same, before anything is sent.
   */
  async send(
    key: keyof T & string,
    input: RouteCallInput,
    options: RequestCallOptions = {},
  ): Promise<RouteResponse<unknown>> {
    const prepared = this.#prepare(key, input);
    // Once the REST root is known, skip the extra await of the resolver's promise.
    const connection = this.#deps.connected?.() ?? (await this.connect(options.signal));
    const response = await connection.request(requestOf(prepared, options));
    this.specNames(key, response.data);
    return response;
  }

  /**
   * A validated response body of `key` with the spec's names next to the server's (in place):
   * block records answered as WordPress 6.5.5 names them also carry `pattern_category` and
   * `meta.pattern_sync_status` (core/compat.ts).
   */
  specNames<D>(key: string, data: D): D {
    return this.#deps.compat ? this.#deps.compat.response(key, data) : withSpecNames(key, data);
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
    return connection.request({
      method: request.method,
      path: this.#deps.namespaces.toServed(request.path.startsWith('/') ? request.path : `/${request.path}`),
      query: request.query,
      ...(body === undefined ? {} : isBodyInit(body) ? { body } : { json: body }),
      headers: { ...request.headers, ...options.headers },
      signal: options.signal,
      timeout: options.timeout,
      retry: options.retry,
    }) as Promise<RouteResponse<D>>;
  }
}

/** The transport request of a prepared route call: a raw body as it is, anything else as JSON. */
function requestOf(prepared: PreparedRequest, options: RequestCallOptions): RequestOptions<unknown> {
  const { body } = prepared;
  const raw = body !== undefined && (prepared.route.rawBody === true || isBodyInit(body));
  return {
    method: prepared.method,
    path: prepared.path,
    query: prepared.query,
    ...(body === undefined ? {} : raw ? { body: body as BodyInit } : { json: body }),
    schema: prepared.response,
    route: prepared.route.path,
    signal: options.signal,
    timeout: options.timeout,
    retry: options.retry,
    headers: options.headers,
  };
}
