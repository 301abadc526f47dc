/**
 * The HTTP core of the partner and CMS clients: builds a request, sends it through ky with
 * timeouts and retries, validates the response and maps failures onto the error tree.
 */
import ky, { type KyInstance } from 'ky';
import { joinUrl, type QueryParams } from '../internal/build-request.js';
import {
  IDEMPOTENT_METHODS,
  RETRY_AFTER_STATUSES,
  RETRY_STATUSES,
  type ResolvedRetryPolicy,
  type RetryPolicy,
  resolveRetryPolicy,
} from '../internal/retry-policy.js';
import { type ErrorBodyParser, httpError, toViewlinkError } from '../internal/to-error.js';
import { ConfigurationError, type RequestInfo, ResponseValidationError } from './errors.js';
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
  readonly method: HttpMethod;
  /** Path relative to the base URL, already expanded. */
  readonly path: string;
  readonly query?: QueryParams | undefined;
  /** JSON body. */
  readonly json?: unknown;
  /** Raw body (uploads); set the content headers yourself. */
  readonly body?: BodyInit | undefined;
  readonly headers?: HeaderRecord | undefined;
  /** Schema the response body must match. Omit for untyped requests. */
  readonly schema?: StandardSchema<unknown, T> | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Overrides the method's idempotency (e.g. a POST that is safe to repeat). */
  readonly idempotent?: boolean | undefined;
  readonly timeout?: number | undefined;
  readonly retry?: RetryPolicy | number | false | undefined;
  /** `json` (default), `text`, `stream` (body left unread) or `none`. */
  readonly responseType?: 'json' | 'text' | 'stream' | 'none' | undefined;
}

/** A successful response: the validated data plus what the headers said. */
export interface TransportResponse<T> {
  readonly data: T;
  readonly status: number;
  readonly headers: Headers;
  /** The raw body stream, only for `responseType: 'stream'`. */
  readonly body?: ReadableStream<Uint8Array> | null;
  readonly requestId: string | undefined;
}

const VALIDATION_MODES = new Set<ValidationMode>(['strict', 'warn', 'off']);

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 2_147_483_647) {
    throw new ConfigurationError(`\`${name}\` must be a positive number of milliseconds`);
  }
  return value;
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

/** The HTTP core. Build one with {@link createTransport}. */
export class Transport {
  /** Redactor holding this client's secrets; clients use it for their own messages. */
  readonly redactor: Redactor;
  readonly #ky: KyInstance;
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
    const retry = resolveRetryPolicy(options.retry);
    if (!Number.isInteger(retry.limit) || retry.limit < 0 || retry.limit > 10) {
      throw new ConfigurationError('`retry.limit` must be an integer from 0 to 10');
    }
    this.#retry = retry;
    if (options.fetch !== undefined && typeof options.fetch !== 'function') {
      throw new ConfigurationError('`fetch` must be a function');
    }
    this.redactor = createRedactor(options.secrets);
    this.#parseError = options.parseErrorBody ?? defaultErrorParser;
    const logger = options.logger;
    this.#ky = ky.create({
      timeout: this.#timeout,
      totalTimeout,
      throwHttpErrors: true,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      hooks: logger?.warn
        ? {
            beforeRetry: [
              ({ request, error, retryCount }) => {
                const status = 'response' in error ? (error.response as Response).status : undefined;
                logger.warn?.(
                  this.redactor.text(
                    `viewlink: retry ${retryCount} of ${request.method} ${this.redactor.url(request.url)}`,
                  ),
                  { attempt: retryCount + 1, status },
                );
              },
            ],
          }
        : {},
    });
  }

  /** Sends one request and returns its validated data. Throws only errors of the Viewlink tree. */
  async request<T = unknown>(options: RequestOptions<T>): Promise<TransportResponse<T>> {
    const url = joinUrl(this.#options.baseUrl, options.path, options.query);
    const info: RequestInfo = { method: options.method, url: this.redactor.url(url) };
    const retry = options.retry === undefined ? this.#retry : resolveRetryPolicy(options.retry);
    const idempotent = options.idempotent ?? IDEMPOTENT_METHODS.has(options.method);
    const started = Date.now();
    let response: Response;
    try {
      const extra = this.#options.headers ? await this.#options.headers() : undefined;
      response = await this.#ky(url, {
        method: options.method,
        headers: { accept: 'application/json', ...extra, ...options.headers },
        ...(options.json !== undefined ? { json: options.json } : {}),
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
        retry: {
          limit: idempotent ? retry.limit : 0,
          methods: [options.method.toLowerCase()],
          statusCodes: [...RETRY_STATUSES],
          afterStatusCodes: [...RETRY_AFTER_STATUSES],
          maxRetryAfter: retry.maxRetryAfterMs,
          backoffLimit: retry.maxDelayMs,
          delay: (attempt) => retry.baseDelayMs * 2 ** (attempt - 1),
          jitter: true,
          retryOnTimeout: idempotent,
        },
      });
    } catch (error) {
      const mapped = toViewlinkError(error, info, options.signal, this.#parseError, this.redactor);
      this.#options.logger?.error?.(`viewlink: ${mapped.message}`, { durationMs: Date.now() - started });
      throw mapped;
    }
    this.#options.logger?.debug?.(`viewlink: ${info.method} ${info.url} -> ${response.status}`, {
      status: response.status,
      durationMs: Date.now() - started,
    });
    return this.#read(response, options, info);
  }

  async #read<T>(response: Response, options: RequestOptions<T>, info: RequestInfo): Promise<TransportResponse<T>> {
    const base = {
      status: response.status,
      headers: response.headers,
      requestId: response.headers.get('x-request-id') ?? undefined,
    };
    const type = options.responseType ?? 'json';
    if (type === 'stream') return { ...base, data: undefined as T, body: response.body };
    let text: string;
    try {
      text = type === 'none' ? '' : await response.text();
    } catch (error) {
      throw toViewlinkError(error, info, options.signal, this.#parseError, this.redactor);
    }
    if (type === 'none') return { ...base, data: undefined as T };
    if (type === 'text') return { ...base, data: text as T };
    let parsed: unknown;
    if (text === '') parsed = undefined;
    else {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ResponseValidationError(
          info,
          response.status,
          [],
          `the body is not valid JSON (${text.length} bytes, possibly truncated)`,
        );
      }
    }
    return { ...base, data: this.validate(options.schema, parsed, info, response.status) };
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
