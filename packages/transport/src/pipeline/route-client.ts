/**
 * The route client: one place where a route table, an auth strategy and a client's options
 * become typed calls. `call(key, input, options)` runs the four stages of docs/architecture.md:
 * prepare (the route compiled once, then `CompiledRoute.prepare`), then authorize -> send ->
 * parse (`runRequest`, through the transport) with that one prepared request, unchanged.
 * Partner and CMS plug in their table, how a table entry becomes a {@link RouteSpec}, and their
 * strategies; they keep no compile step or prepared request of their own. The call options
 * it takes are named and checked here too, for clients that check a caller's options at their
 * own call site first (a CMS GET joined to one in flight is never run itself).
 */
import { type Issue, ValidationError } from '../errors/tree.js';
import { CompiledRoute, type RouteCallInput, type RouteSettings, type RouteSpec } from './prepare.js';
import { retryProblem } from './retry-policy.js';
import { isTimeout, TIMEOUT_PROBLEM } from './timeout-option.js';
import type { CallOptions, PreparedRequest, TransportResponse } from './types.js';

/** What a route client needs of a transport: sending one prepared request (`Transport.send`). */
export interface RouteSender {
  /** Runs authorize -> send -> parse for `request` as it is. */
  send<T>(request: PreparedRequest<T>, options?: CallOptions): Promise<TransportResponse<T>>;
}

/** A route table as the route client reads it: route keys (`'GET /v1/user/watchlist'`) to definitions. */
export type RouteEntries = { readonly [key: string]: object };

/** What a client plugs into its route client. */
export interface RouteClientConfig<Table extends RouteEntries> {
  /** The route table. */
  readonly routes: Table;
  /**
   * The pipeline's view of one route, asked once per key on its first call: method, path (a
   * served path, for CMS), the input schemas and the response schema (a compiled validator).
   */
  readonly spec: (route: Table[keyof Table], key: keyof Table & string) => RouteSpec;
  /** How the prepare stage names and treats this route's inputs. */
  readonly settings: (route: Table[keyof Table], key: keyof Table & string) => RouteSettings;
  /**
   * The client's last word on a prepared request, still within prepare (CMS: a server profile's
   * renames, `_fields` narrowing the response schema). Nothing changes it after.
   */
  readonly refine?:
    | ((request: PreparedRequest, key: keyof Table & string, route: Table[keyof Table]) => PreparedRequest)
    | undefined;
  /**
   * Where requests go: the client's transport, or a function resolving it on the first call
   * (CMS discovers its REST root). A synchronous answer costs no await.
   */
  readonly sender: RouteSender | ((signal: AbortSignal | undefined) => RouteSender | Promise<RouteSender>);
  /** Appended to the message of an unknown route key, e.g. `: use requestRaw() for other routes`. */
  readonly unknownKeyHint?: string | undefined;
}

/** Validated response type of each route key, as a client declares it: `{ [K in keyof Table]: Output }`. */
export type RouteOutputs<Table extends RouteEntries> = { readonly [K in keyof Table]: unknown };

/**
 * Typed calls over one route table. Build one per client with {@link createRouteClient}.
 * `Outputs` maps each key to its validated response type.
 */
export class RouteClient<Table extends RouteEntries, Outputs extends RouteOutputs<Table> = RouteOutputs<Table>> {
  readonly #config: RouteClientConfig<Table>;
  /** Each key's compiled route and table entry, on its first call (the table may be a lazy proxy: read once). */
  readonly #compiled = new Map<string, { readonly compiled: CompiledRoute; readonly route: Table[keyof Table] }>();

  constructor(config: RouteClientConfig<Table>) {
    this.#config = config;
  }

  /** The route table. */
  get routes(): Table {
    return this.#config.routes;
  }

  /**
   * The table's entry of `key`.
   * @throws ValidationError for a key the table does not have (own keys only: `toString` is no route).
   */
  route<K extends keyof Table & string>(key: K): Table[K] {
    const routes = this.#config.routes;
    if (typeof key === 'string' && Object.hasOwn(routes, key)) return routes[key];
    throw new ValidationError('route key', [
      { path: [], message: `unknown route ${JSON.stringify(key)}${this.#config.unknownKeyHint ?? ''}` },
    ]);
  }

  /**
   * The prepare stage: validates a call's inputs with the route's schemas and builds its request,
   * sending nothing. The result goes to {@link send} as it is (and may be sent again, after a 401).
   * @throws ValidationError naming each offending field.
   */
  prepare<K extends keyof Table & string>(key: K, input?: RouteCallInput): PreparedRequest<Outputs[K]> {
    let entry = this.#compiled.get(key);
    if (entry === undefined) {
      const route = this.route(key);
      const compiled = new CompiledRoute(this.#config.spec(route, key), this.#config.settings(route, key));
      entry = { compiled, route };
      this.#compiled.set(key, entry);
    }
    const { compiled } = entry;
    const prepared =
      compiled.bare !== undefined && input?.query === undefined && input?.body === undefined
        ? compiled.bare
        : compiled.prepare(input);
    const refine = this.#config.refine;
    // The compiled spec's response schema is the table's, whose output `Outputs[K]` names.
    return (refine === undefined ? prepared : refine(prepared, key, entry.route)) as PreparedRequest<Outputs[K]>;
  }

  /**
   * Authorize -> send -> parse of a prepared request (from {@link prepare}), unchanged. The
   * response mode says what comes back: the validated JSON (default), the text, or (`stream`) the
   * unread body as `response.body`, for downloads; a non-2xx status throws in every mode.
   */
  send<T>(
    request: PreparedRequest<T>,
    options?: CallOptions & { readonly responseType?: 'json' | undefined },
  ): Promise<TransportResponse<T>>;
  send(
    request: PreparedRequest,
    options: CallOptions & { readonly responseType: 'text' },
  ): Promise<TransportResponse<string>>;
  send(
    request: PreparedRequest,
    options: CallOptions & { readonly responseType: 'stream' | 'none' },
  ): Promise<TransportResponse<undefined>>;
  send(
    request: PreparedRequest,
    options: CallOptions & { readonly responseType: 'response' },
  ): Promise<TransportResponse<Response>>;
  send(request: PreparedRequest, options: CallOptions = {}): Promise<TransportResponse<unknown>> {
    const sender = this.#config.sender;
    if (typeof sender !== 'function') return sender.send(request, options);
    const resolved = sender(options.signal);
    return 'send' in resolved ? resolved.send(request, options) : resolved.then((s) => s.send(request, options));
  }

  /** Prepares and sends one call of `key`: its validated response. */
  call<K extends keyof Table & string>(
    key: K,
    input?: RouteCallInput,
    options?: CallOptions & { readonly responseType?: 'json' | undefined },
  ): Promise<TransportResponse<Outputs[K]>> {
    let request: PreparedRequest<Outputs[K]>;
    try {
      request = this.prepare(key, input);
    } catch (error) {
      // A call answers with a promise, bad input included (nothing was sent).
      return Promise.reject(error);
    }
    return this.send(request, options);
  }
}

/** Builds a route client over a table (see {@link RouteClientConfig} for what a client plugs in). */
export function createRouteClient<
  Table extends RouteEntries,
  Outputs extends RouteOutputs<Table> = RouteOutputs<Table>,
>(config: RouteClientConfig<Table>): RouteClient<Table, Outputs> {
  return new RouteClient<Table, Outputs>(config);
}

/**
 * The names of {@link CallOptions} (`headers`, `signal`, `timeout`, `retry`, ...), complete: the
 * compiler checks the list against the interface. What a client that passes a caller's options on
 * to `routes.call()` or `transport.request()` gives `rejectUnknownOptions` as the known names.
 */
export const CALL_OPTION_NAMES: readonly string[] = /* @__PURE__ */ Object.freeze(
  Object.keys({
    headers: true,
    signal: true,
    idempotent: true,
    timeout: true,
    retry: true,
    responseType: true,
    auth: true,
    secrets: true,
    fetchOptions: true,
    callSite: true,
  } satisfies { readonly [Name in keyof Required<CallOptions>]: true }),
);

function isAbortSignal(value: unknown): boolean {
  const signal = value as AbortSignal | null;
  return (
    typeof signal === 'object' &&
    signal !== null &&
    typeof signal.aborted === 'boolean' &&
    typeof signal.addEventListener === 'function'
  );
}

/**
 * The problems of a call's option values, each at its name: a bad value is a `ValidationError`
 * before sending rather than a 1 ms timer, a retry loop or a TypeError from fetch reported as a
 * connection failure. Names are not checked here (see {@link CALL_OPTION_NAMES}).
 * @param issues - where to add them (the run's check of a whole request), a new list by default.
 */
export function callOptionIssues(options: CallOptions, issues: Issue[] = []): Issue[] {
  if (options.timeout !== undefined && !isTimeout(options.timeout))
    issues.push({ path: ['timeout'], message: TIMEOUT_PROBLEM });
  const retry = options.retry === undefined ? undefined : retryProblem(options.retry);
  if (retry !== undefined) issues.push({ path: [], message: retry });
  if (options.signal !== undefined && !isAbortSignal(options.signal))
    issues.push({ path: ['signal'], message: 'must be an AbortSignal' });
  if (options.headers !== undefined && (typeof options.headers !== 'object' || options.headers === null))
    issues.push({ path: ['headers'], message: 'must be an object of header names to values' });
  const auth = options.auth as { credential?: unknown; apply?: unknown } | null | undefined;
  if (auth !== undefined && (typeof auth?.credential !== 'function' || typeof auth.apply !== 'function'))
    issues.push({ path: ['auth'], message: 'must be an auth strategy with credential() and apply()' });
  if (
    options.secrets !== undefined &&
    (!Array.isArray(options.secrets) || options.secrets.some((v) => typeof v !== 'string'))
  )
    issues.push({ path: ['secrets'], message: 'must be an array of strings' });
  return issues;
}
