/**
 * Serves a route table: matches a Web `Request` to a route, reads and coerces its parameters,
 * validates them with the route's schemas, and calls the fake's implementation. The same
 * `handle` function backs msw handlers, the `viewlink-mock` server and `fetch` in tests.
 */
import type { InputOf, OutputOf, RouteDef, RouteTable } from '@viewlink/schemas';
import { pathPattern } from '@viewlink/schemas';
import type * as core from 'zod/v4/core';
import { coerceToSchema } from './coerce.js';
import { withRequestId } from './internal/request-id.js';
import { type ParsedQuery, parseQuery } from './query.js';
import { type RouteIssue, toRouteIssues } from './route-issues.js';

/** Where a request failed validation. */
export type InvalidPart = 'params' | 'query' | 'body';

export type { RouteIssue } from './route-issues.js';

/** What an implementation receives: validated inputs plus the raw request. */
export interface RouteRequest<R extends RouteDef> {
  /** Path parameters, coerced from their strings and parsed by the route's `params` schema. */
  readonly params: OutputOf<R['params']>;
  /** Query parameters (PHP-style `a[]=1` read as arrays), coerced and parsed by the route's `query` schema. */
  readonly query: OutputOf<R['query']>;
  /**
   * The body parsed by the route's `body` schema (an empty body is checked as `{}`): JSON, or form
   * and multipart fields under `wire: 'wordpress'`. Not read on `rawBody` routes (uploads): read `request` instead.
   */
  readonly body: OutputOf<R['body']>;
  /** The original request (headers, raw body of upload routes). */
  readonly request: Request;
  /** The request URL, parsed (origin, path, raw search parameters). */
  readonly url: URL;
  /** The route that matched. */
  readonly route: R;
}

/** A fake's implementation of one route. */
export type RouteImplementation<R extends RouteDef> = (request: RouteRequest<R>) => Response | Promise<Response>;

/** Implementations of some or all routes of a table, keyed like the table. */
export type Implementations<T extends RouteTable> = { readonly [K in keyof T]?: RouteImplementation<T[K]> };

/** Options of {@link createRouter}. */
export interface RouterOptions<T extends RouteTable> {
  /** The routes to serve, keyed like `'GET /v1/user/watchlist'`; their schemas check every input. */
  readonly table: T;
  /** The fake's code per route key; a matched route without one answers 501 `not_implemented`. */
  readonly implementations: Implementations<T>;
  /** Builds the response for input that fails its schema; `input` is the part as received. */
  readonly invalid: (
    route: RouteDef,
    part: InvalidPart,
    issues: RouteIssue[],
    request: Request,
    input: unknown,
  ) => Response | Promise<Response>;
  /** Builds the response for a path no route matches. */
  readonly notFound: (request: Request) => Response | Promise<Response>;
  /**
   * Builds the 405 for a path whose routes take other methods (the router adds `Allow`).
   * Default: a JSON `{ code: 'method_not_allowed', message }`.
   */
  readonly methodNotAllowed?: (method: string, pathname: string, allow: readonly string[]) => Response;
  /** Builds the 400 for a path that is not valid percent-encoding. Default: a JSON `{ code: 'invalid_url', message }`. */
  readonly malformed?: (pathname: string) => Response;
  /**
   * How a JSON body of `null` reads: `'invalid'` (default) checks it against the body schema, which
   * refuses it; `'empty'` reads it as no body, as WordPress does (`json_decode` gives no parameters).
   */
  readonly nullBody?: 'invalid' | 'empty';
  /** Maps a table path to the path served (prefix, namespace remap). Default: unchanged. */
  readonly pathFor?: (route: RouteDef) => string;
  /**
   * How the query and the body are read. `'json'` (default): a JSON body whatever its
   * `Content-Type`, a form or multipart body refused with `unsupportedBody`. `'wordpress'`: as
   * WordPress (PHP) reads them: JSON only under a JSON media type, form and multipart bodies as
   * parameters (their strings coerced as a query's are), any other body ignored, and a plain
   * query key given twice keeps its last value.
   */
  readonly wire?: 'json' | 'wordpress';
  /** `wire: 'json'`: the answer to a form or multipart body. Default: 415 `{ code: 'unsupported_media_type', message }`. */
  readonly unsupportedBody?: (method: string, pathname: string, mediaType: string) => Response;
  /**
   * Rewrites a matched route's parsed query before it is coerced and validated, as a server that
   * sanitizes some parameters before checking them does (WordPress lowercases post statuses). Default: unchanged.
   */
  readonly sanitizeQuery?: (route: RouteDef, query: ParsedQuery) => ParsedQuery;
  /** Drop query parameters the route does not declare instead of refusing them (WordPress ignores them). */
  readonly ignoreUnknownQuery?: boolean;
  /** Runs before dispatch; return a Response to short-circuit (auth, fault injection). */
  readonly before?: (
    request: Request,
    route: RouteDef | undefined,
  ) => Response | undefined | Promise<Response | undefined>;
}

/** A fetch-like function answering requests from a fake. */
export type Handle = (request: Request) => Promise<Response>;

/** A compiled router. */
export interface Router {
  /** Answers one request. */
  readonly handle: Handle;
  /** Finds the route (and its table key) a method + path would hit. */
  match(method: string, pathname: string): { key: string; route: RouteDef; groups: Record<string, string> } | undefined;
  /** Methods the routes of a (decoded) path take, `HEAD` with `GET`; empty when no route has the path. */
  allowedMethods(pathname: string): string[];
  /**
   * The answer to a method no route of the path takes (also those a `Request` cannot carry,
   * such as `TRACE`): 405 with `Allow`, or the not-found answer when no route has the path.
   */
  refuseMethod(method: string, pathname: string): Promise<Response>;
}

function toIssues(
  schema: core.$ZodType,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; issues: RouteIssue[] } {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) throw new TypeError('async schemas are not supported');
  if (result.issues === undefined) return { ok: true, value: result.value };
  return { ok: false, issues: toRouteIssues(result.issues, value) };
}

/** A read body: JSON as sent, or form fields (strings, to coerce), or the media type refused. */
type ReadBody =
  | { readonly ok: true; readonly value: unknown; readonly form: boolean }
  | { readonly ok: false; readonly unsupported?: string };

/** JSON media types as WordPress's `wp_is_json_media_type` reads them (`application/json`, `application/*+json`). */
const JSON_MEDIA_TYPE = /^application\/([\w!#$&^.+-]+\+)?json$/;

async function readBody(request: Request, wire: 'json' | 'wordpress', method: string): Promise<ReadBody> {
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const isForm = mediaType === 'application/x-www-form-urlencoded';
  const isMultipart = mediaType === 'multipart/form-data';
  if (wire === 'json' && (isForm || isMultipart)) return { ok: false, unsupported: mediaType };
  if (wire === 'wordpress' && isMultipart) {
    // PHP fills $_POST from a multipart body (what PHP's curl sends for an array of fields); files are not parameters.
    const fields = new URLSearchParams();
    try {
      for (const [name, value] of await request.formData()) if (typeof value === 'string') fields.append(name, value);
    } catch {
      return { ok: true, value: undefined, form: false };
    }
    return { ok: true, value: parseQuery(fields, { repeated: 'last' }), form: true };
  }
  const text = await request.text();
  if (text === '') return { ok: true, value: undefined, form: false };
  // WordPress parses a body without a type as a form on PUT, PATCH and DELETE (parse_str), never on POST.
  if (isForm || (wire === 'wordpress' && mediaType === '' && method !== 'POST'))
    return {
      ok: true,
      value: parseQuery(new URLSearchParams(text), { repeated: wire === 'wordpress' ? 'last' : 'list' }),
      form: true,
    };
  // WordPress reads JSON only under a JSON media type: a JSON text sent as text/plain or with no type gives no parameters.
  if (wire === 'wordpress' && !JSON_MEDIA_TYPE.test(mediaType)) return { ok: true, value: undefined, form: false };
  try {
    return { ok: true, value: JSON.parse(text), form: false };
  } catch {
    return { ok: false };
  }
}

/** Keeps the keys an object schema declares (WordPress-style servers ignore the others). */
function onlyDeclared(schema: core.$ZodType, value: unknown): unknown {
  let current: core.$ZodType | undefined = schema;
  while (current && (current._zod.def as { innerType?: core.$ZodType }).innerType)
    current = (current._zod.def as { innerType?: core.$ZodType }).innerType;
  const shape = (current?._zod.def as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key in shape));
}

/** Compiles a route table and its implementations into a request handler. */
export function createRouter<T extends RouteTable>(options: RouterOptions<T>): Router {
  const pathFor = options.pathFor ?? ((route: RouteDef) => route.path);
  const compiled = Object.entries(options.table).map(([key, route]) => ({
    key,
    route,
    pattern: pathPattern(pathFor(route)),
  }));

  const match: Router['match'] = (method, pathname) => {
    for (const entry of compiled) {
      // HEAD is GET without the body (the server leaves the body out).
      if (entry.route.method !== (method === 'HEAD' ? 'GET' : method)) continue;
      const hit = entry.pattern.exec(pathname);
      if (hit) {
        const groups: Record<string, string> = {};
        for (const [name, value] of Object.entries(hit.groups ?? {})) groups[name] = decodeURIComponent(value);
        return { key: entry.key, route: entry.route, groups };
      }
    }
    return undefined;
  };

  const allowedMethods: Router['allowedMethods'] = (pathname) => {
    const methods = new Set<string>(
      compiled.filter((entry) => entry.pattern.test(pathname)).map((entry) => entry.route.method),
    );
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods];
  };

  const methodNotAllowed = (method: string, pathname: string, allow: readonly string[]): Response => {
    const response = options.methodNotAllowed
      ? options.methodNotAllowed(method, pathname, allow)
      : json({ code: 'method_not_allowed', message: `${method} is not allowed on ${pathname}` }, 405);
    response.headers.set('allow', allow.join(', '));
    return response;
  };

  const wire = options.wire ?? 'json';
  const unsupportedBody = (method: string, pathname: string, mediaType: string): Response =>
    options.unsupportedBody
      ? options.unsupportedBody(method, pathname, mediaType)
      : json(
          {
            code: 'unsupported_media_type',
            message: `${method} ${pathname} takes a JSON body: send it with Content-Type: application/json (this one came as ${mediaType})`,
          },
          415,
        );

  const malformed = (pathname: string): Response =>
    options.malformed
      ? options.malformed(pathname)
      : json({ code: 'invalid_url', message: `The path ${pathname} is not valid percent-encoding` }, 400);

  /** The decoded path (`%2F` kept, so `theme%2F%2Fslug` is one segment), or undefined when it is not valid encoding. */
  const decodePath = (pathname: string): string | undefined => {
    try {
      // An encoded slash is a slash: `theme%2F%2Fslug/revisions` is `theme//slug/revisions`, as WordPress reads it.
      const decoded = decodeURI(pathname)
        .replace(/%2F/gi, '/')
        .replace(/\/{3,}/g, '//');
      // Each segment is decoded once more when read: it must be valid encoding too.
      for (const segment of decoded.split('/')) decodeURIComponent(segment);
      return decoded;
    } catch {
      return undefined;
    }
  };

  const refuseMethod: Router['refuseMethod'] = async (method, pathname) => {
    const decoded = decodePath(pathname);
    if (decoded === undefined) return withRequestId(malformed(pathname));
    const allow = allowedMethods(decoded);
    if (allow.length === 0) return withRequestId(await options.notFound(new Request(`http://mock${pathname}`)));
    return withRequestId(methodNotAllowed(method, pathname, allow));
  };

  const handle: Handle = async (request) => withRequestId(await dispatch(request));

  const dispatch: Handle = async (request) => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const pathname = decodePath(url.pathname);
    if (pathname === undefined) return malformed(url.pathname);
    const hit = match(method, pathname);
    const early = await options.before?.(request, hit?.route);
    if (early) return early;
    if (!hit) {
      const allow = allowedMethods(pathname);
      return allow.length > 0 ? methodNotAllowed(method, url.pathname, allow) : options.notFound(request);
    }
    const { route, key, groups } = hit;
    const impl = (options.implementations as Record<string, RouteImplementation<RouteDef> | undefined>)[key];
    if (!impl)
      return new Response(
        JSON.stringify({ code: 'not_implemented', message: `${key} is not implemented by this fake` }),
        { status: 501, headers: { 'content-type': 'application/json' } },
      );

    const query = parseQuery(url.searchParams, { repeated: wire === 'wordpress' ? 'last' : 'list' });
    const inputs: Record<InvalidPart, unknown> = {
      params: groups,
      query: options.sanitizeQuery ? options.sanitizeQuery(route, query) : query,
      body: undefined,
    };
    let formBody = false;
    if (!route.rawBody && method !== 'GET' && method !== 'HEAD') {
      const body = await readBody(request.clone(), wire, method);
      if (!body.ok && body.unsupported !== undefined) return unsupportedBody(method, url.pathname, body.unsupported);
      if (!body.ok)
        return options.invalid(
          route,
          'body',
          [{ path: [], message: 'The body is not valid JSON' }],
          request,
          undefined,
        );
      inputs.body = body.value;
      formBody = body.form;
    }
    const output: Record<InvalidPart, unknown> = { params: inputs.params, query: inputs.query, body: inputs.body };
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = route[part];
      if (!schema) continue;
      let raw = inputs[part];
      if (part === 'query' && options.ignoreUnknownQuery) raw = onlyDeclared(schema, raw);
      // WordPress ignores body parameters a route does not declare, as it ignores query ones.
      if (part === 'body' && wire === 'wordpress') raw = onlyDeclared(schema, raw);
      // No body reads as `{}` (so does `null` where the server treats it as no body).
      const noBody = raw === undefined || (raw === null && options.nullBody === 'empty');
      // Form fields are strings, as a query's are: coerced the same way (WordPress reads `sticky=1` as true).
      const value =
        part === 'body' ? (noBody ? {} : formBody ? coerceToSchema(schema, raw) : raw) : coerceToSchema(schema, raw);
      const checked = toIssues(schema, value);
      if (!checked.ok) return options.invalid(route, part, checked.issues, request, value);
      output[part] = checked.value;
    }
    return impl({
      params: output.params,
      query: output.query,
      body: output.body,
      request,
      url,
      route,
    } as RouteRequest<RouteDef>);
  };

  return { handle, match, allowedMethods, refuseMethod };
}

/** A JSON response with the given status and headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
  });
}

export type { InputOf };
