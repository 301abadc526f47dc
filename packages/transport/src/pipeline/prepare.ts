/**
 * Prepare: where a request is built, before anything is sent. A route call's path parameters,
 * query and body are validated with the route's schemas (a `ValidationError` naming the field),
 * the path template, split once, is filled in (`pathValue` per parameter, shared with the light prepare `prepareRouteKey`),
 * and the per-request options are checked.
 */
import { ValidationError } from '../errors/tree.js';
import { BROWSER_BUILD } from '../internal/browser-build.js';
import { isReadableStream } from '../internal/readable-stream.js';
import { parseInput, type StandardSchema } from '../validation/standard-schema.js';
import { encodePathSegments, PLACEHOLDERS, pathValue, type QueryParams } from './request-url.js';
import type { HttpMethod, PreparedRequest } from './types.js';

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
}

/**
 * True for a body `fetch` sends as it is (not serialized as JSON). `Blob` and `FormData` are looked
 * up only where they exist; every browser has them (the browser build asks no more).
 */
export function isBodyInit(value: unknown): value is BodyInit {
  return (
    typeof value === 'string' ||
    ((BROWSER_BUILD || typeof Blob !== 'undefined') && value instanceof Blob) ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    isReadableStream(value) ||
    value instanceof URLSearchParams ||
    ((BROWSER_BUILD || typeof FormData !== 'undefined') && value instanceof FormData)
  );
}

/** A JSON object: not an array, and not a raw body such as bytes, a Blob or FormData (their prototypes differ). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
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

/** One route, compiled once per client: validates and builds each call of it. */
export class CompiledRoute {
  readonly #spec: RouteSpec;
  readonly #settings: RouteSettings;
  /** True when the path has `{name}` parameters to fill. */
  /** The path split at its placeholders, once; `undefined` for a path without any. */
  readonly #pathParts: readonly string[] | undefined;
  /** True once an omitted query validated (nothing required), so it need not be parsed again. */
  #emptyQueryValid = false;
  /**
   * The request of a call without query or body, for a route that takes no input: built once,
   * the same object each time (nothing changes a prepared request). The route client hands it
   * out without calling {@link prepare} (input-less reads: `user.watchlist()`).
   */
  readonly bare: PreparedRequest | undefined;

  constructor(spec: RouteSpec, settings: RouteSettings) {
    this.#spec = spec;
    this.#settings = settings;
    // Split at the placeholders once (literals at even indexes, names at odd): a regular-expression
    // pass per call was most of what preparing a read cost.
    this.#pathParts = spec.path.includes('{') ? spec.path.split(PLACEHOLDERS) : undefined;
    this.bare =
      this.#pathParts || spec.query || spec.body
        ? undefined
        : Object.freeze({ method: spec.method, path: spec.path, schema: spec.response, route: spec.path });
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
    if (this.bare !== undefined && input.query === undefined && input.body === undefined) return this.bare;
    const spec = this.#spec;
    const { labels } = this.#settings;
    const given = this.#settings.onlyGiven === true;
    let path = spec.path;
    const parts = this.#pathParts;
    if (parts) {
      const params = spec.params ? parseInput(spec.params, input.params ?? {}, labels.params) : (input.params ?? {});
      const values = params as Record<string, unknown>;
      path = parts.map((part, i) => (i % 2 === 0 ? part : pathValue(values, part, encodePathSegments))).join('');
    }
    let query: QueryParams | undefined;
    if (spec.query) {
      if (input.query !== undefined || !this.#emptyQueryValid) {
        const parsed = parseInput(spec.query, input.query ?? {}, labels.query);
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
      const parsed = parseInput(spec.body, raw ?? {}, labels.body);
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
