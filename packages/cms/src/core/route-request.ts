/**
 * The CMS's route client: the CMS table through the transport's `RouteClient` (prepare ->
 * authorize -> send -> parse). Every resource method (and the batch builder, seo and forms) is
 * one call here. What the CMS plugs in: each route's served path (namespace mapped: `/cms/v2/...`
 * to e.g. `/wp/v2/...`) and compiled validators, inputs sent only as given (WordPress applies its
 * own defaults), a server profile's renames and `_fields`/`_embed` (refine, still in prepare),
 * and the transport of the REST root, resolved on the first call.
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
  atCallSite,
  CALL_OPTION_NAMES,
  callerAborted,
  createRouteClient,
  type HeaderRecord,
  type HttpMethod,
  isBodyInit,
  type PreparedRequest,
  type QueryParams,
  type RequestInfo,
  type RouteCallInput,
  type RouteClient,
  type RouteSender,
  type StandardSchema,
  toSearchParams,
  ValidationError,
} from '@viewlink/transport';
import { InFlight } from '../internal/in-flight.js';
import { objectKeys } from '../internal/schema-shape.js';
import { type ShapedResponse, shapeRead } from '../internal/shape-runtime.js';
import { checkCallOptions, checkOptionsAt, type RequestCallOptions } from './call-options.js';
import type { Compat } from './compat.js';
import type { Connection } from './connection.js';
import type { Namespaces } from './namespaces.js';
import { orderbyIssue } from './shared-rules.js';

/**
 * What makes two GETs the same request: route key, served path, query, the call's headers and
 * fetch options (the credential is the client's, the same for every call of it). `undefined`
 * when the options cannot be compared (not JSON), and then the call is not shared.
 */
function dedupeKey(key: string, prepared: PreparedRequest, options: RequestCallOptions): string | undefined {
  // A read with no query, headers or fetch options (`get(id)`): key and path say it all. A JSON
  // key below starts with `[`, a route key with its method, so the two forms never meet.
  if (prepared.query === undefined && options.headers === undefined && options.fetchOptions === undefined)
    return `${key} ${prepared.path}`;
  try {
    const query = prepared.query === undefined ? '' : toSearchParams(prepared.query).toString();
    const headers = options.headers === undefined ? [] : Object.entries(options.headers).sort(byName);
    return JSON.stringify([key, prepared.path, query, headers, options.fetchOptions ?? null]);
  } catch {
    return undefined;
  }
}

function byName(a: [string, string], b: [string, string]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

export { callOptions, type RequestCallOptions } from './call-options.js';

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
  /** The request that was answered: method and redacted URL (no secret query value). */
  readonly request: RequestInfo;
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

/**
 * A request ready to send: validated, expanded and namespace-mapped (the transport's prepared
 * request: `json` for a JSON body, `body` for a raw one, `schema` for the response).
 */
export type { PreparedRequest };

/** How a ValidationError of `key`'s inputs names them: the user's method when known (`posts.create()`). */
function labelsOf(
  key: string,
  methodName: ((key: string) => string) | undefined,
): { params: string; query: string; body: string } {
  const method = methodName?.(key);
  if (method !== undefined) return { params: method, query: method, body: method };
  return { params: `path parameters of ${key}`, query: `query of ${key}`, body: `body of ${key}` };
}

/** Validated response type of each route of a table. */
type OutputsOf<T extends RouteTable> = { readonly [K in keyof T]: RouteOutput<T[K]> };

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

/** What {@link RouteCaller.call} takes: the transport's call options, and the CMS's `dedupe`. */
/** What the route client's calls take: the transport's call options and `dedupe`. */
const ROUTE_CALL_OPTION_NAMES = /* @__PURE__ */ CALL_OPTION_NAMES.concat('dedupe');

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
   * Adds the spec's names to a validated response (in place), under any profile: block records
   * answered with WordPress 6.5.5's names also get the spec's (core/compat.ts). Default: nothing
   * added (`CmsClient` gives those of the rules of its loaded groups).
   */
  readonly specNames?: (<D>(key: string, data: D) => D) | undefined;
  /**
   * Appended to the error for a key the table does not have. Default: none for a
   * {@link RouteCaller}; a {@link RouteRequester} points at the table's keys and `requestRaw()`.
   */
  readonly unknownKeyHint?: string | undefined;
  /**
   * The method a user calls for a route key (`posts.create()`), named by its ValidationErrors;
   * without it they name the key (`Invalid body of POST /cms/v2/posts: ...`).
   */
  readonly methodName?: ((key: string) => string) | undefined;
  /** Share the response of an identical GET in flight instead of sending another (per call: `dedupe: false`). */
  readonly dedupe?: boolean | undefined;
  /**
   * Route groups loaded on first use (`CmsClient`'s, internal/route-groups.ts): `table` holds the
   * loaded ones and grows as calls load the others. Without it, `table` is all there is.
   */
  readonly groups?: RouteGroupLoader | undefined;
}

/** How a requester loads the route groups its table does not hold yet. */
export interface RouteGroupLoader {
  /** The group of `key` when it is not loaded yet, else `undefined`. */
  pending(key: string): string | undefined;
  /** Loads the group of `key`; `undefined` when there is nothing to load. */
  load(key: string): Promise<void> | undefined;
  /** Loads every group. */
  loadAll(): Promise<void>;
  /**
   * Refuses a synchronous use (`route`, `prepare`, `split`) of `key` while its group is not loaded.
   * @throws ValidationError saying how to load it.
   */
  refuseUnloaded(key: string): void;
}

/**
 * The typed calls of a {@link RouteRequester} without its untyped parts (`split`, `raw`): what a
 * one-resource client (`PostsClient`) runs on, so a browser bundle of one carries neither.
 */
export class RouteCaller<T extends RouteTable> {
  readonly #deps: RouteRequesterDeps<T>;
  readonly #routes: RouteClient<T, OutputsOf<T>>;
  /** Response validators of reads trimmed by `_fields` or extended by `_embed`, per route and parameters. */
  readonly #shaped = new Map<string, ShapedResponse>();
  /** Identical GETs in flight, when deduplication is on. */
  readonly #inFlight: InFlight | undefined;
  /** The spec's names added to responses (block pattern fields), by the rules' `fields`. */
  readonly #specNames: <D>(key: string, data: D) => D;
  /** The table's keys, once asked for ({@link has}). */
  #keys: Set<string> | undefined;

  constructor(deps: RouteRequesterDeps<T>) {
    this.#deps = deps;
    this.#specNames = deps.specNames ?? ((_key, data) => data);
    this.#inFlight = deps.dedupe ? new InFlight() : undefined;
    const { namespaces, compat } = deps;
    this.#routes = createRouteClient<T, OutputsOf<T>>({
      routes: deps.table,
      // Compiled once per key: the served path, the compiled validators.
      spec: (route: RouteDef) => ({
        method: route.method,
        path: namespaces.servedPathOf(route),
        // Params are used up before `prepare` returns, so the compiled check needs no copy.
        params: route.params ? (compiledValidator(route.params) as StandardSchema) : undefined,
        query: route.query as StandardSchema | undefined,
        body: route.body as StandardSchema | undefined,
        response: compiledValidator(route.response) as StandardSchema,
        rawBody: route.rawBody,
      }),
      settings: (_route, key) => ({
        labels: labelsOf(key, deps.methodName),
        // WordPress applies its own defaults: send only what the caller gave.
        onlyGiven: true,
      }),
      refine: (prepared, key, route: RouteDef) => {
        let { query, json } = prepared;
        let schema = prepared.schema;
        try {
          // What WordPress refuses across parameters, under any profile: refused before sending.
          const issue = orderbyIssue(key, query);
          if (issue) throw new ValidationError(key, [issue]);
          // The one point where a server profile renames or refuses fields (core/compat.ts), on the
          // caller's values (a `_fields` list before it is joined for sending).
          if (compat) {
            const mapped = compat.request(key, query, json);
            query = mapped.query as QueryParams | undefined;
            json = mapped.body;
          }
          // `_fields` / `_embed`: names checked, sent as WordPress reads them, the response validated alike.
          if (query && ('_fields' in query || '_embed' in query)) {
            const shaped = shapeRead(key, route, query, this.#shaped);
            query = shaped.query;
            if (shaped.response) schema = shaped.response;
          }
        } catch (error) {
          // Named like the route's other input errors: the user's method when the client knows it.
          throw atCallSite(error, deps.methodName?.(key) ?? `request('${key}')`);
        }
        return query === prepared.query && json === prepared.json && schema === prepared.schema
          ? prepared
          : { ...prepared, query, json, schema };
      },
      // Once the REST root is known, no await of the resolver's promise.
      sender: (signal): RouteSender | Promise<RouteSender> =>
        deps.connected?.()?.transport ?? deps.connect(signal).then((connection) => connection.transport),
      unknownKeyHint: deps.unknownKeyHint,
    });
  }

  /**
   * The route table this requester serves; for a `CmsClient`, the routes of the groups loaded so
   * far (posts at start; see {@link load}).
   */
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
   * True when `key` is a route of this requester's table (a client of a slice serves fewer), or
   * of a route group it loads on first use.
   */
  has(key: string): key is keyof T & string {
    const groups = this.#deps.groups;
    // A client with groups holds a plain table that grows as they load; a slice's table is a lazy
    // proxy, slow to ask on every call: a set of its keys, read once.
    if (groups) return Object.hasOwn(this.#deps.table, key) || groups.pending(key) !== undefined;
    this.#keys ??= new Set(Object.keys(this.#deps.table));
    return this.#keys.has(key);
  }

  /**
   * Loads the route group of `key` (every group without a key): what a call does by itself, and
   * what the synchronous {@link route}, {@link prepare} and `split` need first for a route outside
   * the posts group of a `CmsClient` (its other groups load on first use, so a browser bundle
   * that reads posts leaves them out). Resolves at once for a loaded group or another client.
   */
  async load(key?: keyof T & string): Promise<void> {
    const groups = this.#deps.groups;
    if (groups) await (key === undefined ? groups.loadAll() : groups.load(key));
  }

  /** The loading of `key`'s group, `undefined` when it is loaded (no await on the common path). */
  loading(key: string): Promise<void> | undefined {
    return this.#deps.groups?.load(key);
  }

  /**
   * The route definition of a key.
   * @throws ValidationError for a key the table does not have, or whose group is not loaded yet (nothing is sent).
   */
  route<K extends keyof T & string>(key: K): T[K] {
    this.#loaded(key);
    return this.#routes.route(key);
  }

  /**
   * Validates a call and builds its served path, query and body, without sending anything.
   * @throws ValidationError naming each offending field, or for a route whose group is not loaded yet.
   */
  prepare<K extends keyof T & string>(key: K, call: RouteCall<T[K]>): PreparedRequest<RouteOutput<T[K]>> {
    this.#loaded(key);
    return this.#routes.prepare(key, call);
  }

  /** Refuses, by name, a synchronous use of a route whose group has not been loaded (the groups say so: a client without them has nothing to refuse). */
  #loaded(key: string): void {
    this.#deps.groups?.refuseUnloaded(key);
  }

  /** The route client underneath: `routes.send(prepared, options)` sends a prepared request as it is. */
  get routes(): RouteClient<T, OutputsOf<T>> {
    return this.#routes;
  }

  /**
   * Validates, sends and returns the validated response of one route.
   * @throws ValidationError (a rejection, before sending) for an option name neither the
   *   transport's call options nor `dedupe` (`routes.call(): timout is an unknown option (known: ...)`),
   *   or an option's value the transport would refuse (`routes.call(): signal must be an AbortSignal`).
   */
  async call<K extends keyof T & string>(
    key: K,
    call: RouteCall<T[K]>,
    options?: RequestCallOptions,
  ): Promise<RouteResponse<RouteOutput<T[K]>>> {
    checkOptionsAt(options, ROUTE_CALL_OPTION_NAMES, 'routes.call()');
    // `null` is no options, as the check reads it.
    return this.#send(key, call, options ?? {}) as Promise<RouteResponse<RouteOutput<T[K]>>>;
  }

  /**
   * {@link call} with inputs typed loosely (the resources' methods type them for their callers);
   * they are validated by the route's schemas all the same, before anything is sent.
   * @throws ValidationError (a rejection, before sending) for options {@link call} refuses, named at `routes.send()`.
   */
  send(key: keyof T & string, input: RouteCallInput, options?: RequestCallOptions): Promise<RouteResponse<unknown>> {
    try {
      checkOptionsAt(options, ROUTE_CALL_OPTION_NAMES, 'routes.send()');
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#send(key, input, options ?? {});
  }

  /**
   * One route call once its options are checked (a method checks them at its own name first), its
   * group loaded first and its body given the spec's names; an identical GET in flight is joined
   * when deduplication is on for it.
   */
  #send(key: keyof T & string, input: RouteCallInput, options: RequestCallOptions): Promise<RouteResponse<unknown>> {
    const loading = this.loading(key);
    if (loading) return loading.then(() => this.#send(key, input, options));
    const inFlight = this.#inFlight;
    if (inFlight === undefined || options.dedupe === false || options.signal?.aborted)
      return this.#specNamed(key, this.#routes.call(key, input, options));
    let prepared: PreparedRequest;
    try {
      prepared = this.#routes.prepare(key, input);
    } catch (error) {
      return Promise.reject(error);
    }
    const id = prepared.method === 'GET' ? dedupeKey(key, prepared, options) : undefined;
    if (id === undefined) return this.#specNamed(key, this.#routes.send(prepared, options));
    // The spec's names are added in the reaction that ends the shared request (no second one).
    return inFlight.run(
      id,
      options.signal,
      // A caller leaving is named like the request's own errors (the transport's URL, query and
      // redaction), led by the call: `posts.get(): GET <url> was aborted`.
      () =>
        callerAborted(
          this.#deps.connected?.()?.transport.requestInfo(prepared, options) ?? {
            method: prepared.method,
            url: prepared.path,
          },
          options.signal,
          this.#deps.methodName?.(key) ?? `request('${key}')`,
        ),
      // The request's own signal, when it has one, in place of the caller's (which only leaves).
      (own) => this.#routes.send(prepared, own === undefined ? options : { ...options, signal: own }),
      (response) => this.specNames(key, response.data),
    );
  }

  /** A response whose body gets the spec's names (below) once it arrives. */
  #specNamed<D>(key: string, pending: Promise<RouteResponse<D>>): Promise<RouteResponse<D>> {
    return pending.then((response) => {
      this.specNames(key, response.data);
      return response;
    });
  }

  /**
   * A validated response body of `key` with the spec's names next to the server's (in place):
   * block records answered as WordPress 6.5.5 names them also carry `pattern_category` and
   * `meta.pattern_sync_status` (core/compat.ts).
   */
  specNames<D>(key: string, data: D): D {
    return this.#deps.compat ? this.#deps.compat.response(key, data) : this.#specNames(key, data);
  }
}

/**
 * Typed requests keyed by a route table. `@viewlink/cms` builds one over the CMS routes (loading
 * their groups on first use); other modules (batch, seo, forms) use the same instance through
 * {@link CmsClient.routes}. Adds to the typed calls the flat inputs of `request(key, input)`
 * ({@link split}) and untyped requests ({@link raw}).
 */
export class RouteRequester<T extends RouteTable> extends RouteCaller<T> {
  constructor(deps: RouteRequesterDeps<T>) {
    super({
      ...deps,
      unknownKeyHint:
        deps.unknownKeyHint ??
        ": use a key of the route table such as 'GET /cms/v2/posts', or requestRaw() for other routes",
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

  /**
   * Sends an untyped request; the body is JSON unless it is a `BodyInit`.
   * @throws ValidationError (a rejection, before sending) for a request without `method` and `path`,
   *   or options {@link call} refuses, named at `routes.raw()`.
   * @param callSite - the call the user made, which leads every error's message (`requestRaw()` when it calls this one).
   */
  async raw<D = unknown>(
    request: RawRequest,
    given?: RequestCallOptions,
    callSite = 'routes.raw()',
  ): Promise<RouteResponse<D>> {
    checkCallOptions(given, undefined, callSite);
    const options = given ?? {};
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
    return connection.transport.request({
      method: request.method,
      path: this.namespaces.toServed(request.path.startsWith('/') ? request.path : `/${request.path}`),
      query: request.query,
      ...(body === undefined ? {} : isBodyInit(body) ? { body } : { json: body }),
      headers: { ...request.headers, ...options.headers },
      signal: options.signal,
      timeout: options.timeout,
      retry: options.retry,
      fetchOptions: options.fetchOptions,
      callSite,
    }) as Promise<RouteResponse<D>>;
  }
}
