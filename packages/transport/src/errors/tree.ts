/**
 * The one error tree of every Viewlink client. Kept free of Node built-ins and of the send loop so the
 * browser facade can ship it inside its size budget (`@viewlink/transport/errors`).
 *
 * Secrets never reach these objects: messages and URLs are redacted before construction,
 * raw requests/responses (which hold Authorization headers) are never attached, and
 * `toJSON()` lists exactly the safe fields.
 */

/** One problem found in a value, with the path to the offending field. */
export interface Issue {
  /** Path from the root of the checked value, e.g. `['per_page']` or `['items', 3, 'title']`. */
  readonly path: readonly PropertyKey[];
  /** Human-readable description of the problem. */
  readonly message: string;
}

/** Formats an issue path the way users write it: `items[3].title`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key);
  return out || '(root)';
}

/**
 * Issues as one line, `items[3].title: expected string; ...`; `atCall`: as the parameters of a
 * call, `limit must be at most 500`. A problem of the whole value, without a path, is its message.
 */
function describeIssues(issues: readonly Issue[], atCall?: boolean): string {
  return issues
    .map((i) => (i.path.length ? `${formatPath(i.path)}${atCall ? ' ' : ': '}${i.message}` : i.message))
    .join('; ');
}

/**
 * The message of a {@link ValidationError}: at a call site (a `what` that ends in `)`, as the user
 * wrote it: `user.history.entries()`, `cms.request('POST /cms/v2/posts')`),
 * `user.history.entries(): limit must be at most 500`; else `Invalid token pair: access_token:
 * expected string`. A string check first: untyped (JavaScript) callers may pass anything, and a
 * constructor must not throw.
 */
function validationMessage(what: string, issues: readonly Issue[]): string {
  const atCall = typeof what === 'string' && what.endsWith(')');
  return `${atCall ? '' : 'Invalid '}${what}: ${describeIssues(issues, atCall)}`;
}

/**
 * Where a Viewlink error keeps the brands of its class chain. `Symbol.for`: the ESM and CJS builds
 * and every installed version of a package share it, so `instanceof` holds across copies.
 */
const BRANDS = Symbol.for('@viewlink/error-brands');

/** Where an error keeps the names of its safe fields, the ones `toJSON()` lists. */
const SAFE = Symbol();

/** What a class must have to be recognised across copies: its own `viewlinkBrand`. */
interface Branded {
  readonly viewlinkBrand?: string;
}

/** Whether `c` declares a brand itself (`Object.hasOwn`: Hermes 0.12, the oldest the Hermes gate runs, has it). */
function ownBrand(c: object): boolean {
  return Object.hasOwn(c, 'viewlinkBrand');
}

/** The brands a new instance of `made` carries: each branded class's, from it up to the base. */
function brandsOf(made: unknown): string[] {
  const brands: string[] = [];
  for (let c = made; typeof c === 'function'; c = Object.getPrototypeOf(c)) {
    if (ownBrand(c)) brands.push((c as Branded).viewlinkBrand as string);
  }
  return brands;
}

/** Whether `value` was made by `checked` or a subclass, in any copy; classes without a brand of their own are checked the ordinary way. */
function carriesBrandOf(checked: Branded & object, value: unknown): boolean {
  if (!ownBrand(checked)) return Function.prototype[Symbol.hasInstance].call(checked, value);
  const brands = (value as { [BRANDS]?: unknown } | null | undefined)?.[BRANDS];
  return Array.isArray(brands) && brands.includes(checked.viewlinkBrand);
}

/**
 * Whether `value` is an error made by `type` (default {@link ViewlinkError}) or a subclass, in any
 * copy of the package: what `instanceof` answers, for engines that ignore `Symbol.hasInstance`.
 * Hermes (React Native's engine) does: there `instanceof` compares prototypes only, and misses an
 * error thrown by another copy (the CJS build, a second installed version).
 *
 * @example
 * ```ts
 * if (isViewlinkError(error, NotInitializedError)) showSignIn();
 * ```
 */
export function isViewlinkError(value: unknown): value is ViewlinkError;
/** Whether `value` is an error made by `type` or a subclass, in any copy of the package. */
export function isViewlinkError<T>(value: unknown, type: abstract new (...args: never[]) => T): value is T;
export function isViewlinkError(value: unknown, type: object = ViewlinkError): boolean {
  return carriesBrandOf(type, value);
}

/** Base class of every error thrown by a Viewlink SDK. Catch this to catch them all. */
export class ViewlinkError extends Error {
  /**
   * The name that identifies this class in every copy of the package (the ESM and CJS builds,
   * two installed versions): `instanceof` compares brands, not prototypes. A subclass you write
   * yourself has none and is checked the ordinary way.
   */
  static readonly viewlinkBrand: string = '@viewlink/transport:ViewlinkError';

  /**
   * `error instanceof SomeViewlinkError` is true when `error` was made by that class or a subclass
   * in any copy of the package (its brand is among the error's brands), so an error thrown by the
   * CJS build or another installed version is still recognised. A `ConflictError` check accepts
   * no `ValidationError`: each class checks its own brand.
   */
  static override [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class right of `instanceof`, a subclass too.
    return carriesBrandOf(this, value);
  }

  /** The class's name, e.g. `NotFoundError`: the end of its brand (so subclasses need no `name` field). */
  declare name: string;
  /** Stable machine-readable code, e.g. `rest_post_invalid_id` or `invalid_input`. */
  declare readonly code: string;
  /** The call the user made that failed (`user.watchlist()`), when known: it leads the message. */
  declare readonly callSite?: string | undefined;

  /**
   * @param safe - fields set on the error and listed by `toJSON()` after name, code and message,
   * in this order: only values safe to log (redacted URLs, statuses, ids; never a secret). One
   * constructor shape for every class, so each declares its fields instead of copying them.
   */
  constructor(message: string, code: string, options?: { cause?: unknown }, safe: object = {}) {
    // The call the user made leads the message of every error that knows it (a request's, from
    // its run's RequestInfo): `user.watchlist(): GET <url>: timed out ...`. Only a cause that is
    // there: `'cause' in error` stays false without one.
    const { callSite } = safe as { callSite?: string };
    super(callSite ? `${callSite}: ${message}` : message, options?.cause === undefined ? undefined : options);
    this.name = (new.target as typeof ViewlinkError).viewlinkBrand.split(':')[1] as string;
    this.code = code;
    Object.assign(this, safe);
    // Not enumerable: no trace in spreads, toEqual or logs.
    Object.defineProperties(this, {
      [BRANDS]: { value: brandsOf(new.target) },
      [SAFE]: { value: Object.keys(safe) },
    });
  }

  /** The safe, serializable view of this error (no secrets, no raw request); `issues` with every path key a string. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, code: this.code, message: this.message };
    for (const key of (this as { [SAFE]?: string[] })[SAFE] ?? []) {
      const value = (this as unknown as Record<string, unknown>)[key];
      out[key] =
        key === 'issues' && Array.isArray(value)
          ? value.map((i: Issue) => ({ path: [...i.path].map(String), message: i.message }))
          : value;
    }
    return out;
  }
}

/**
 * Ends the message of a request's final error with how often it was tried, `...; 3 attempts over
 * 4.2 s` (the time since the call began, waits included), and sets `attempts` (listed by
 * `toJSON()`); a single attempt changes nothing. Called by the transport's send and parse stages
 * only on failure, after construction, so the constructors (which the browser facade ships, with
 * no retries) stay as they are; the stack's first line is kept in step with the message.
 */
export function withAttempts<E extends ViewlinkError>(error: E, attempts: number, elapsedMs: number): E {
  if (attempts < 2 || (error as { attempts?: unknown }).attempts !== undefined) return error;
  return amended(error, `${error.message}; ${attempts} attempts over ${(elapsedMs / 1000).toFixed(1)} s`, {
    attempts,
  });
}

/** `error` with `message` and one more safe field (listed by `toJSON()`), its stack's first line following. */
function amended<E extends ViewlinkError>(error: E, message: string, field: Record<string, unknown>): E {
  const before = error.message;
  // Read first: V8 formats a stack when it is first read, so it holds the old message either way.
  const { stack } = error;
  error.message = message;
  if (typeof stack === 'string') error.stack = stack.replace(before, message);
  Object.assign(error, field);
  (error as { [SAFE]?: string[] })[SAFE]?.push(...Object.keys(field));
  return error;
}

/**
 * `error` led by the call the user made (`user.watchlist(): The shared store failed ...`) and
 * carrying it as `callSite`, for an error made where that call is not known: a token store's, an
 * auth strategy's own; anything but a Viewlink error as it is. Changed in place, as
 * {@link withAttempts} changes it; an error that has a call site keeps it (one shared by calls
 * waiting on the same store read names the first).
 */
export function withCallSite<E>(error: E, callSite: string | undefined): E {
  if (!(error instanceof ViewlinkError) || callSite === undefined || error.callSite !== undefined) return error;
  return amended(error, `${callSite}: ${error.message}`, { callSite });
}

/** A client was constructed with unusable options (missing key, insecure URL, ...). */
export class ConfigurationError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:ConfigurationError';
  constructor(message: string) {
    super(message, 'invalid_configuration');
  }
}

/** Bad input caught before any request was sent. Names every offending path. */
export class ValidationError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:ValidationError';
  /** Every problem found, each with its path. */
  declare readonly issues: readonly Issue[];

  /**
   * @param what - the call the input was given to, ending in `()` (`cms.posts.create()`), so the
   * message reads `cms.posts.create(): title must be a string or an object`; or a noun (`token
   * pair`) for input that is not one call's (`Invalid token pair: ...`).
   */
  constructor(what: string, issues: readonly Issue[]) {
    super(validationMessage(what, issues), 'invalid_input', undefined, { issues });
  }
}

/** What the transport knows about the request an error belongs to. */
export interface RequestInfo {
  /** HTTP method. */
  readonly method: string;
  /** URL with credentials, tokens and keys stripped. */
  readonly url: string;
  /**
   * The call the user made (`posts.list()`, `user.watchlist()`), when a method of a client made
   * the request: every error about the request leads its message with it and has it as `callSite`.
   */
  readonly callSite?: string | undefined;
}

/**
 * The safe fields of an error about one request: its method, redacted URL and call site (which
 * the base constructor puts before the message: the one place every request error gets it).
 */
const requestFields = ({ method, url, callSite }: RequestInfo) => ({ method, url, callSite });

/** The server answered, but its data does not match the schema (`validation: 'strict'`). */
export class ResponseValidationError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:ResponseValidationError';
  /** Every mismatch with its path inside the response body. */
  declare readonly issues: readonly Issue[];
  /** HTTP method of the request. */
  declare readonly method: string;
  /** Redacted URL of the request. */
  declare readonly url: string;
  /** The call the user made (`posts.get()`), which leads the message; absent when no method of a client made the request. */
  declare readonly callSite: string | undefined;
  /** HTTP status of the response. */
  declare readonly status: number;

  constructor(request: RequestInfo, status: number, issues: readonly Issue[], detail?: string) {
    super(
      `Unexpected response from ${request.method} ${request.url}: ${detail ?? describeIssues(issues)}`,
      'invalid_response',
      undefined,
      { ...requestFields(request), status, issues },
    );
  }
}
/** Error body details common to both APIs, extracted by each client's error parser. */
export interface APIErrorDetails {
  /** Server error code, e.g. `rest_invalid_param`. */
  readonly code?: string | undefined;
  /** Server message. */
  readonly message?: string | undefined;
  /** Per-parameter messages (`data.params` on WordPress), keyed by parameter name. */
  readonly params?: Readonly<Record<string, string>> | undefined;
  /** Per-parameter structured details, when the server sends them. */
  readonly details?: Readonly<Record<string, unknown>> | undefined;
  /** Request id from the body, when the headers carry none. */
  readonly requestId?: string | undefined;
}

/** Construction data of an {@link APIError}. */
export interface APIErrorInit extends RequestInfo, APIErrorDetails {
  /** HTTP status of the response; picks the subclass in {@link apiErrorFor}. */
  readonly status: number;
  /** Request id: the `x-request-id` header, else the error body's; absent when neither has one. */
  readonly requestId?: string | undefined;
  /** The response's Retry-After (seconds or HTTP date) in ms; absent when the header is missing or unreadable. */
  readonly retryAfterMs?: number | undefined;
}

/** The server answered with a non-2xx status. Subclasses name the common statuses. */
export class APIError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:APIError';
  /** HTTP status. */
  declare readonly status: number;
  /** Request id (`x-request-id` header or error body), when the server sent one. */
  declare readonly requestId: string | undefined;
  /** HTTP method of the request. */
  declare readonly method: string;
  /** Redacted URL of the request. */
  declare readonly url: string;
  /** The call the user made (`posts.get()`), which leads the message; absent when no method of a client made the request. */
  declare readonly callSite: string | undefined;
  /** How many times the request was sent when it was retried (the message ends `; 3 attempts over 4.2 s`); absent after one attempt. */
  declare readonly attempts: number | undefined;
  /** Per-parameter messages, when the server named offending parameters. */
  declare readonly params: Readonly<Record<string, string>> | undefined;
  /** Structured per-parameter details, when the server sent them (not in `toJSON()`). */
  declare readonly details: Readonly<Record<string, unknown>> | undefined;
  /**
   * The server's own message (redacted), which `message` wraps: `<status> <serverMessage>
   * (<method> <url>)`; `undefined` when the body had none. For a client that rebuilds the error
   * with more to say (`apiErrorFor({ ...fields, message })`) without reading `message` apart.
   * Not in `toJSON()`: `message` holds it.
   */
  declare readonly serverMessage: string | undefined;

  /**
   * @param more - a subclass's own safe fields, listed by `toJSON()` after the others
   * (`retryAfterMs`: the wait ends the message too, `...; retry after 7000 ms`).
   */
  constructor(init: APIErrorInit, more?: { retryAfterMs?: number | undefined }) {
    const { status, requestId, params, message } = init;
    const wait = more?.retryAfterMs;
    super(
      `${status} ${message ?? `HTTP ${status}`} (${init.method} ${init.url})${wait === undefined ? '' : `; retry after ${wait} ms`}`,
      init.code ?? `http_${status}`,
      undefined,
      { status, requestId, ...requestFields(init), params, ...more },
    );
    this.serverMessage = message;
    this.details = init.details;
  }
}

/** 400: the server rejected the request's parameters or body. */
export class BadRequestError extends APIError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:BadRequestError';
}
/** 401: missing, wrong or expired credentials. */
export class AuthenticationError extends APIError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:AuthenticationError';
}
/** 403: authenticated, but not allowed. */
export class PermissionDeniedError extends APIError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:PermissionDeniedError';
}
/** 404: no such record or route. */
export class NotFoundError extends APIError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:NotFoundError';
}
/** 409: conflicts with the current state. */
export class ConflictError extends APIError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:ConflictError';
}
/** 422: well-formed but semantically invalid. */
export class UnprocessableEntityError extends APIError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:UnprocessableEntityError';
}
/** 429: too many requests; `retryAfterMs` says how long the server asked to wait. */
export class RateLimitError extends APIError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:RateLimitError';
  /** Wait the server asked for (Retry-After), in milliseconds; in `toJSON()` too, for a JSON log line. */
  declare readonly retryAfterMs: number | undefined;
  constructor(init: APIErrorInit) {
    super(init, { retryAfterMs: init.retryAfterMs });
  }
}
/** 5xx: the server failed. */
export class InternalServerError extends APIError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:InternalServerError';
}

/** The class of each status that has its own; any other 5xx is an {@link InternalServerError}. */
const BY_STATUS: Readonly<Record<number, typeof APIError>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** Builds the right {@link APIError} subclass for a status. */
export function apiErrorFor(init: APIErrorInit): APIError {
  const ErrorClass = BY_STATUS[init.status] ?? (init.status >= 500 ? InternalServerError : APIError);
  return new ErrorClass(init);
}

/** No response: connection refused, reset, DNS failure. Safe to retry for idempotent requests. */
export class ConnectionError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:ConnectionError';
  /** HTTP method of the request. */
  declare readonly method: string;
  /** URL of the request with credentials, tokens and keys stripped. */
  declare readonly url: string;
  /** The call the user made (`posts.get()`), which leads the message; absent when no method of a client made the request. */
  declare readonly callSite: string | undefined;
  /** How many times the request was sent when it was retried (the message ends `; 3 attempts over 4.2 s`); absent after one attempt. */
  declare readonly attempts: number | undefined;
  constructor(request: RequestInfo, reason: string) {
    super(
      `Connection failed for ${request.method} ${request.url}: ${reason}`,
      'connection_error',
      undefined,
      requestFields(request),
    );
  }
}

/** Which time limit a {@link TimeoutError} ran out of: the option the caller sets, and its value. */
export interface TimeoutLimit {
  /** The option: `timeout` (per attempt), `totalTimeout` (the call), `idleTimeout` (a body's next bytes), `requestTimeoutMs` (web). */
  readonly limit: string;
  /** Its value, in milliseconds. */
  readonly limitMs: number;
}

/** The per-attempt or total timeout elapsed; `limit` and `limitMs` say which and how long it was. */
export class TimeoutError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:TimeoutError';
  /** HTTP method of the request. */
  declare readonly method: string;
  /** URL of the request with credentials, tokens and keys stripped. */
  declare readonly url: string;
  /** The call the user made (`posts.get()`), which leads the message; absent when no method of a client made the request. */
  declare readonly callSite: string | undefined;
  /** The option whose time ran out (`timeout`, `totalTimeout`, `idleTimeout`, ...), when known. */
  declare readonly limit: string | undefined;
  /** Its value in ms, when known. */
  declare readonly limitMs: number | undefined;
  /** How many times the request was sent when it was retried (the message ends `; 3 attempts over 4.2 s`); absent after one attempt. */
  declare readonly attempts: number | undefined;
  /**
   * @param limit - the limit that ran out: without a `detail`, the message names it,
   * `GET <url>: timed out after 30000 ms (timeout)`; also the `limit` and `limitMs` fields.
   */
  constructor(request: RequestInfo, detail?: string, limit?: TimeoutLimit) {
    super(
      `${request.method} ${request.url}: ${detail ?? (limit ? `timed out after ${limit.limitMs} ms (${limit.limit})` : 'the request timed out')}`,
      'timeout',
      undefined,
      { ...requestFields(request), ...limit },
    );
  }
}

/** The caller's AbortSignal fired. */
export class AbortError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:AbortError';
  /** HTTP method of the request. */
  declare readonly method: string;
  /** URL of the request with credentials, tokens and keys stripped. */
  declare readonly url: string;
  /** The call the user made (`posts.get()`), which leads the message; absent when the abort reached no method of a client. */
  declare readonly callSite: string | undefined;
  /**
   * @param callSite - the call the user made (`posts.list()`), when `request` does not say it:
   * it leads the message, `posts.list(): GET <url> was aborted`, wherever the abort stopped it
   * (in a request, between the pages of a list, leaving a joined request).
   * @param options - `cause`: why the app aborted (its signal's reason, made safe by
   * `callerAborted()`: the transport never passes a reason as it is).
   */
  constructor(request: RequestInfo, callSite?: string, options?: { cause?: unknown }) {
    super(`${request.method} ${request.url} was aborted`, 'aborted', options, {
      ...requestFields(request),
      callSite: request.callSite ?? callSite,
    });
  }
}

/** What a {@link TokenRenewalError} says beyond its message. */
export interface TokenRenewalErrorOptions {
  /** Default `token_renewal_failed`. */
  readonly code?: string | undefined;
  /** The failure underneath (a refused refresh, a failed handler). */
  readonly cause?: unknown;
  /** The user whose credential could not be renewed, when the client knows one (partner). */
  readonly userId?: string | undefined;
  /** HTTP status of the failed renewal, when the server answered. */
  readonly status?: number | undefined;
}

/**
 * A credential could not be renewed: a refresh token unknown, used or expired (partner: issue a
 * new pair), or an app's renewal handler that failed or timed out (web). One class for every
 * client; never carries a token.
 */
export class TokenRenewalError extends ViewlinkError {
  /** {@inheritDoc ViewlinkError.viewlinkBrand} */
  static override readonly viewlinkBrand: string = '@viewlink/transport:TokenRenewalError';
  /** The user whose credential could not be renewed, when known. */
  declare readonly userId: string | undefined;
  /** HTTP status of the failed renewal, when the server answered. */
  declare readonly status: number | undefined;
  constructor(
    message: string,
    { code = 'token_renewal_failed', cause, userId, status }: TokenRenewalErrorOptions = {},
  ) {
    super(message, code, { cause }, { userId, status });
  }
}
