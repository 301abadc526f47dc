/**
 * The HTTP core of the partner and CMS clients: builds a request, sends it (internal/send.ts:
 * timeouts, retries), validates the response and maps failures onto the error tree.
 */
import { joinUrl, type QueryParams } from '../internal/build-request.js';
import {
  IDEMPOTENT_METHODS,
  type ResolvedRetryPolicy,
  type RetryPolicy,
  resolveRetryPolicy,
  retryProblem,
} from '../internal/retry-policy.js';
import { type Sent, send } from '../internal/send.js';
import { type ErrorBodyParser, httpError, toViewlinkError } from '../internal/to-error.js';
import {
  ConfigurationError,
  type Issue,
  type RequestInfo,
  ResponseValidationError,
  ValidationError,
} from './errors.js';
import { createRedactor, type Redactor } from './redact.js';
import { check, type StandardSchema } from './validate.js';

/** HTTP methods the clients use. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** How strictly responses are checked against the schemas. Extra fields always pass. */
export type ValidationMode = 'strict' | 'warn' | 'off';

/** A logger such as `console` or pino. Every message it receives is already redacted. */
export interface Logger {
  debug?(message: string, fields?: Record<string, unknown>): void;
  info?(message: string, fields?: Record<string, unknown>): void;
  warn?(message: string, fields?: Record<string, unknown>): void;
  error?(message: string, fields?: Record<string, unknown>): void;
}

/** Headers as a plain record. */
export type HeaderRecord = Record<string, string>;

/** Options shared by every client built on the transport. */
export interface TransportOptions {
  /** Base URL every path is appended to. */
  readonly baseUrl: string;
  /** Custom fetch (tests, proxies, instrumentation). Defaults to the global fetch. */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** Per-attempt timeout in ms. Default 30,000. */
  readonly timeout?: number | undefined;
  /** Timeout for the whole call including retries and waits, in ms. Default 120,000. */
  readonly totalTimeout?: number | undefined;
  /** Retry policy for idempotent requests, or a retry count, or `false`. Default 2 retries. */
  readonly retry?: RetryPolicy | number | false | undefined;
  /** Receives one redacted line per request, retry and failure. */
  readonly logger?: Logger | undefined;
  /** Response validation mode. Default `'strict'`. */
  readonly validation?: ValidationMode | undefined;
  /** Headers added to every request, computed per request (auth). */
  readonly headers?: (() => HeaderRecord | Promise<HeaderRecord>) | undefined;
  /** The secret values to scrub from errors and logs. Read lazily so rotation is covered. */
  readonly secrets?: (() => Iterable<string | undefined>) | undefined;
  /** Reads code/message/params out of the API's error body. */
  readonly parseErrorBody?: ErrorBodyParser | undefined;
}

/** What one request needs. */
export interface RequestOptions<T = unknown> {
  /** HTTP method; with {@link RequestOptions.idempotent}, decides whether a failed attempt is retried. */
  readonly method: HttpMethod;
  /** Path relative to the base URL, already expanded. */
  readonly path: string;
  /** Query parameters, serialized PHP-style (`a[]=1&a[]=2`, `a[b]=1`); `undefined` values are left out. */
  readonly query?: QueryParams | undefined;
  /** JSON body. */
  readonly json?: unknown;
  /** Raw body (uploads); set the content headers yourself. */
  readonly body?: BodyInit | undefined;
  /** Headers for this request only; they override the client's headers and the default `accept`. */
  readonly headers?: HeaderRecord | undefined;
  /** Schema the response body must match. Omit for untyped requests. */
  readonly schema?: StandardSchema<unknown, T> | undefined;
  /** Cancels the request, retries and waits included; the call then throws an `AbortError`. */
  readonly signal?: AbortSignal | undefined;
  /** Overrides the method's idempotency (e.g. a POST that is safe to repeat). */
  readonly idempotent?: boolean | undefined;
  /** Per-attempt timeout in ms for this request; defaults to the client's `timeout`. */
  readonly timeout?: number | undefined;
  /** Retry policy for this request (a policy, a retry count, or `false`); defaults to the client's `retry`. */
  readonly retry?: RetryPolicy | number | false | undefined;
  /** `json` (default), `text`, `stream` (body left unread) or `none`. */
  readonly responseType?: 'json' | 'text' | 'stream' | 'none' | undefined;
}

/** A successful response: the validated data plus what the headers said. */
export interface TransportResponse<T> {
  /**
   * The parsed JSON body, checked against `schema` as the validation mode says; the raw text for
   * `responseType: 'text'`; `undefined` for `stream` and `none`, and for an empty JSON body.
   */
  readonly data: T;
  /** HTTP status of the response (2xx: other statuses throw). */
  readonly status: number;
  /** The response headers, e.g. WordPress's `x-wp-total` and `link` pagination headers. */
  readonly headers: Headers;
  /** The raw body stream, only for `responseType: 'stream'`. */
  readonly body?: ReadableStream<Uint8Array> | null;
  /** The `x-request-id` response header, for support requests; `undefined` when the server sent none. */
  readonly requestId: string | undefined;
}

/** Reads an error body as JSON when it is JSON, as text otherwise, never throwing. */
async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  } catch {
    return undefined;
  }
}

const VALIDATION_MODES = new Set<ValidationMode>(['strict', 'warn', 'off']);
const METHODS = new Set<string>(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const TIMEOUT_PROBLEM = 'must be a positive number of milliseconds';

/** setTimeout's range: a larger or non-positive delay fires at once. */
function isTimeout(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 2_147_483_647;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!isTimeout(value)) throw new ConfigurationError(`\`${name}\` ${TIMEOUT_PROBLEM}`);
  return value;
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
function checkRequest(options: RequestOptions<unknown>): void {
  const issues: Issue[] = [];
  if (!METHODS.has(options.method))
    issues.push({ path: ['method'], message: `must be one of ${[...METHODS].join(', ')}` });
  if (typeof options.path !== 'string') issues.push({ path: ['path'], message: 'must be a string' });
  if (options.timeout !== undefined && !isTimeout(options.timeout))
    issues.push({ path: ['timeout'], message: TIMEOUT_PROBLEM });
  const retry = options.retry === undefined ? undefined : retryProblem(options.retry);
  if (retry !== undefined) issues.push({ path: ['retry'], message: retry });
  if (options.signal !== undefined && !isAbortSignal(options.signal))
    issues.push({ path: ['signal'], message: 'must be an AbortSignal' });
  if (options.headers !== undefined && (typeof options.headers !== 'object' || options.headers === null))
    issues.push({ path: ['headers'], message: 'must be an object of header names to values' });
  if (issues.length > 0) throw new ValidationError('request options', issues);
}

const defaultErrorParser: ErrorBodyParser = (body) => {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const inner =
    typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : record;
  return {
    code: typeof inner.code === 'string' ? inner.code : undefined,
    message: typeof inner.message === 'string' ? inner.message : undefined,
  };
};

/** Parses a JSON body; an empty body is `undefined`, a broken one a {@link ResponseValidationError}. */
function parseJson(text: string, info: RequestInfo, status: number): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ResponseValidationError(
      info,
      status,
      [],
      `the body is not valid JSON (${text.length} bytes, possibly truncated)`,
    );
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null | undefined)?.then === 'function';
}

/** The fetch options of one attempt: headers (accept, the client's, then the request's), method and body. */
function buildInit(options: RequestOptions<unknown>, extra: HeaderRecord | undefined): RequestInit {
  const headers: HeaderRecord = { accept: 'application/json' };
  if (extra) Object.assign(headers, extra);
  if (options.headers) Object.assign(headers, options.headers);
  const init: RequestInit & { duplex?: 'half' } = { method: options.method, headers };
  if (options.json !== undefined) {
    init.body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    init.body = options.body;
    if (options.body instanceof ReadableStream) init.duplex = 'half';
  }
  return init;
}

/**
 * The method and URL of a request for errors and logs. A class with the redaction behind a
 * getter: redacting a URL costs more than a loopback round trip's budget, so only errors and
 * logs pay for it.
 */
class LazyRequestInfo implements RequestInfo {
  readonly method: HttpMethod;
  // Private: the raw URL may carry a secret, and errors copy their request info field by field.
  readonly #rawUrl: string;
  readonly #redactor: Redactor;
  #url: string | undefined;
  constructor(method: HttpMethod, rawUrl: string, redactor: Redactor) {
    this.method = method;
    this.#rawUrl = rawUrl;
    this.#redactor = redactor;
  }
  get url(): string {
    this.#url ??= this.#redactor.url(this.#rawUrl);
    return this.#url;
  }
}

/** A {@link TransportResponse}. */
class Received<T> implements TransportResponse<T> {
  readonly status: number;
  readonly headers: Headers;
  readonly requestId: string | undefined;
  // `declare`: no class field, so only stream responses have a `body` key.
  declare readonly body?: ReadableStream<Uint8Array> | null;
  constructor(
    response: Response,
    readonly data: T,
    body?: ReadableStream<Uint8Array> | null,
  ) {
    this.status = response.status;
    this.headers = response.headers;
    this.requestId = response.headers.get('x-request-id') ?? undefined;
    if (body !== undefined) this.body = body;
  }
}

/** The HTTP core. Build one with {@link createTransport}. */
export class Transport {
  /** Redactor holding this client's secrets; clients use it for their own messages. */
  readonly redactor: Redactor;
  readonly #totalTimeout: number;
  readonly #fetch: typeof globalThis.fetch | undefined;
  readonly #options: TransportOptions;
  readonly #retry: ResolvedRetryPolicy;
  readonly #timeout: number;
  readonly #validation: ValidationMode;
  readonly #parseError: ErrorBodyParser;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#timeout = positive('timeout', options.timeout, 30_000);
    const totalTimeout = positive('totalTimeout', options.totalTimeout, 120_000);
    const validation = options.validation ?? 'strict';
    if (!VALIDATION_MODES.has(validation)) {
      throw new ConfigurationError("`validation` must be 'strict', 'warn' or 'off'");
    }
    this.#validation = validation;
    const retryIssue = retryProblem(options.retry);
    if (retryIssue !== undefined) throw new ConfigurationError(retryIssue);
    this.#retry = resolveRetryPolicy(options.retry);
    if (options.fetch !== undefined && typeof options.fetch !== 'function') {
      throw new ConfigurationError('`fetch` must be a function');
    }
    this.redactor = createRedactor(options.secrets);
    this.#parseError = options.parseErrorBody ?? defaultErrorParser;
    this.#totalTimeout = totalTimeout;
    this.#fetch = options.fetch;
  }

  /** Sends one request and returns its validated data. Throws only errors of the Viewlink tree. */
  async request<T = unknown>(options: RequestOptions<T>): Promise<TransportResponse<T>> {
    checkRequest(options);
    const url = joinUrl(this.#options.baseUrl, options.path, options.query);
    const info = new LazyRequestInfo(options.method, url, this.redactor);
    const logger = this.#options.logger;
    const started = logger ? Date.now() : 0;
    let sent: Sent;
    try {
      const source = this.#options.headers?.();
      // Await only a header source that is really async (each await is a turn of the microtask
      // queue). A thenable check, not instanceof: a promise of another realm or under a patched
      // global Promise (zone.js) is async too.
      const extra = isThenable(source) ? await source : source;
      sent = await send({
        // Read the global lazily so test interceptors installed after construction still apply.
        fetch: this.#fetch ?? globalThis.fetch,
        url,
        init: () => buildInit(options, extra),
        signal: options.signal,
        timeoutMs: options.timeout ?? this.#timeout,
        totalTimeoutMs: this.#totalTimeout,
        retry: options.retry === undefined ? this.#retry : resolveRetryPolicy(options.retry),
        retryable:
          (options.idempotent ?? IDEMPOTENT_METHODS.has(options.method)) && !(options.body instanceof ReadableStream),
        // Built only when someone listens: a closure per request is measurable on a loopback round trip.
        onRetry: logger?.warn
          ? (attempt, reason) =>
              logger.warn?.(`viewlink: retry ${attempt} of ${info.method} ${info.url} after ${reason}`, {
                attempt,
                reason,
              })
          : undefined,
      });
    } catch (error) {
      const mapped = toViewlinkError(error, info, this.redactor);
      logger?.error?.(`viewlink: ${mapped.message}`, { durationMs: Date.now() - started });
      throw mapped;
    }
    const { response, timer } = sent;
    logger?.debug?.(`viewlink: ${info.method} ${info.url} -> ${response.status}`, {
      status: response.status,
      durationMs: Date.now() - started,
    });
    try {
      if (!response.ok) throw this.errorFor(info, response.status, response.headers, await readErrorBody(response));
      const type = options.responseType ?? 'json';
      if (type === 'stream') return new Received(response, undefined as T, response.body);
      if (type === 'none') return new Received(response, undefined as T);
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw toViewlinkError(error, info, this.redactor);
      }
      if (type === 'text') return new Received(response, text as T);
      return new Received(
        response,
        this.validate(options.schema, parseJson(text, info, response.status), info, response.status),
      );
    } catch (error) {
      const mapped = toViewlinkError(error, info, this.redactor);
      if (!response.ok) logger?.error?.(`viewlink: ${mapped.message}`, { status: response.status });
      throw mapped;
    } finally {
      // A stream's timer bounds the caller's body read; a failed one has nothing left to read.
      if (options.responseType !== 'stream' || !response.ok) clearTimeout(timer);
    }
  }

  /** Checks data against a schema according to the validation mode. */
  validate<T>(schema: StandardSchema<unknown, T> | undefined, data: unknown, info: RequestInfo, status = 200): T {
    if (!schema || this.#validation === 'off') return data as T;
    const result = check(schema, data);
    if (result.ok) return result.value;
    const error = new ResponseValidationError(info, status, result.issues);
    if (this.#validation === 'strict') throw error;
    this.#options.logger?.warn?.(`viewlink: ${error.message}`);
    return data as T;
  }

  /** Maps a status and body to the API error the transport would throw (for clients that read bodies themselves). */
  errorFor(info: RequestInfo, status: number, headers: Headers, body: unknown) {
    return httpError(info, status, headers, body, this.#parseError, this.redactor);
  }
}

/** Creates a transport; throws {@link ConfigurationError} on unusable options. */
export function createTransport(options: TransportOptions): Transport {
  return new Transport(options);
}
