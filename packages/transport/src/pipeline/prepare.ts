/**
 * Prepare: where a request is built, before anything is sent. A route call's path parameters,
 * query and body are validated with the route's schemas (a `ValidationError` naming the field),
 * the path template is filled in, and the per-request options are checked.
 */
import { type Issue, ValidationError } from '../errors/tree.js';
import { parseInput, type StandardSchema } from '../validation/standard-schema.js';
import type { QueryParams } from './request-url.js';
import { retryProblem } from './retry-policy.js';
import type { CallOptions, HttpMethod, PreparedRequest } from './types.js';

export type { PreparedRequest } from './types.js';

/** One route as the pipeline sees it: method, path template and the schemas of what it takes and returns. */
export interface RouteSpec {
  /** HTTP method. */
  readonly method: HttpMethod;
  /** Path template with `{name}` placeholders, e.g. `/v1/user/history` or `/wp/v2/posts/{id}`. */
  readonly path: string;
  /** Path parameters (an object schema). */
  readonly params?: StandardSchema | undefined;
  /** Query parameters (an object schema). */
  readonly query?: StandardSchema | undefined;
  /** JSON body. */
  readonly body?: StandardSchema | undefined;
  /** Successful response body. */
  readonly response: StandardSchema;
  /** True when the body is sent as given (a file upload), not validated or serialized as JSON. */
  readonly rawBody?: boolean | undefined;
}

/** The inputs of one route call, each checked by its schema. */
export interface RouteCallInput {
  /** Path parameters, e.g. `{ id: 5 }`. */
  readonly params?: unknown;
  /** Query parameters. */
  readonly query?: unknown;
  /** The body: JSON fields, or a raw body for routes with `rawBody`. */
  readonly body?: unknown;
}

/** How a client compiles its routes. */
export interface RouteSettings {
  /** How each input is named in a `ValidationError`, e.g. `query of GET /wp/v2/posts`. */
  readonly labels: { readonly params: string; readonly query: string; readonly body: string };
  /**
   * Send only the keys the caller gave, with their parsed values, leaving schema defaults to the
   * server (WordPress). Default false: the parsed input, defaults filled in, is sent.
   */
  readonly onlyGiven?: boolean | undefined;
  /** Validates one input; default `parseInput` (a `ValidationError` naming each path). */
  readonly parseInput?: (<T>(schema: StandardSchema<unknown, T>, value: unknown, what: string) => T) | undefined;
}

/** True for a body `fetch` sends as it is (not serialized as JSON). */
export function isBodyInit(value: unknown): value is BodyInit {
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Keeps only the keys the caller gave (recursively through plain objects), taking their parsed
 * values, so schema defaults, including nested ones such as a term query's `operator`, are not sent.
 */
function onlyGiven(parsed: unknown, input: unknown): unknown {
  if (!isPlainObject(parsed) || !isPlainObject(input)) return parsed;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    out[key] = key in parsed ? onlyGiven(parsed[key], value) : value;
  }
  return out;
}

/**
 * Compiles a path template into a filler (each value URI-encoded; a value with `/`, such as a
 * template id `theme//slug`, keeps its separators), without re-parsing the template per request.
 */
function compilePath(template: string): (params: Readonly<Record<string, unknown>>) => string {
  const parts = template.split(/\{([a-z_]+)\}/i);
  return (params) => {
    let out = parts[0] as string;
    for (let i = 1; i < parts.length; i += 2) {
      const name = parts[i] as string;
      const value = params[name];
      if (value === undefined || value === null || value === '')
        throw new ValidationError('path parameters', [{ path: [name], message: 'is required' }]);
      const text = String(value);
      out +=
        (text.includes('/') ? text.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(text)) +
        parts[i + 1];
    }
    return out;
  };
}

/** One route, compiled once per client: validates and builds each call of it. */
export class CompiledRoute {
  readonly #spec: RouteSpec;
  readonly #settings: RouteSettings;
  readonly #parse: <T>(schema: StandardSchema<unknown, T>, value: unknown, what: string) => T;
  readonly #expand: ((params: Readonly<Record<string, unknown>>) => string) | undefined;
  /** True once an omitted query validated (nothing required), so it need not be parsed again. */
  #emptyQueryValid = false;

  constructor(spec: RouteSpec, settings: RouteSettings) {
    this.#spec = spec;
    this.#settings = settings;
    this.#parse = settings.parseInput ?? parseInput;
    this.#expand = spec.path.includes('{') ? compilePath(spec.path) : undefined;
  }

  /** The route this was compiled from. */
  get spec(): RouteSpec {
    return this.#spec;
  }

  /**
   * Validates a call's inputs and builds its request, without sending anything. Inputs are
   * copied by the schemas, so a request sent later (or again after a renewal) is what was checked.
   * @throws ValidationError naming each offending field.
   */
  prepare(input: RouteCallInput = {}): PreparedRequest {
    const spec = this.#spec;
    const { labels } = this.#settings;
    const given = this.#settings.onlyGiven === true;
    let path = spec.path;
    if (this.#expand) {
      const params = spec.params ? this.#parse(spec.params, input.params ?? {}, labels.params) : (input.params ?? {});
      path = this.#expand(params as Record<string, unknown>);
    }
    let query: QueryParams | undefined;
    if (spec.query) {
      if (input.query !== undefined || !this.#emptyQueryValid) {
        const parsed = this.#parse(spec.query, input.query ?? {}, labels.query);
        // No query given and none required: later calls skip this check (hot path of reads).
        if (input.query === undefined) this.#emptyQueryValid = true;
        const sent = (given ? onlyGiven(parsed, input.query ?? {}) : parsed) as QueryParams;
        // An empty query would still cost a URLSearchParams per request.
        query = Object.keys(sent).length > 0 ? sent : undefined;
      }
    } else if (isPlainObject(input.query) && Object.keys(input.query).length > 0) {
      throw new ValidationError(
        labels.query,
        Object.keys(input.query).map((name) => ({ path: [name], message: 'this route takes no such parameter' })),
      );
    }
    const raw = input.body;
    if (spec.body && !spec.rawBody) {
      const parsed = this.#parse(spec.body, raw ?? {}, labels.body);
      return {
        method: spec.method,
        path,
        query,
        json: given ? onlyGiven(parsed, raw ?? {}) : parsed,
        schema: spec.response,
        route: spec.path,
      };
    }
    if (raw === undefined) return { method: spec.method, path, query, schema: spec.response, route: spec.path };
    return spec.rawBody || isBodyInit(raw)
      ? { method: spec.method, path, query, body: raw as BodyInit, schema: spec.response, route: spec.path }
      : { method: spec.method, path, query, json: raw, schema: spec.response, route: spec.path };
  }
}

const METHODS = new Set<string>(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Message of an unusable timeout option. */
export const TIMEOUT_PROBLEM = 'must be a positive number of milliseconds';

/** setTimeout's range: a larger or non-positive delay fires at once. */
export function isTimeout(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 2_147_483_647;
}

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
 * Checks what a caller passes per request (the clients forward per-call options here), so a
 * bad value is a {@link ValidationError} before sending rather than a 1 ms timer, a retry
 * loop or a TypeError from fetch reported as a connection failure.
 */
export function checkRequest(request: PreparedRequest, options: CallOptions): void {
  const issues: Issue[] = [];
  if (!METHODS.has(request.method))
    issues.push({ path: ['method'], message: `must be one of ${[...METHODS].join(', ')}` });
  if (typeof request.path !== 'string') issues.push({ path: ['path'], message: 'must be a string' });
  if (options.timeout !== undefined && !isTimeout(options.timeout))
    issues.push({ path: ['timeout'], message: TIMEOUT_PROBLEM });
  const retry = options.retry === undefined ? undefined : retryProblem(options.retry);
  if (retry !== undefined) issues.push({ path: ['retry'], message: retry });
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
  if (issues.length > 0) throw new ValidationError('request options', issues);
}
