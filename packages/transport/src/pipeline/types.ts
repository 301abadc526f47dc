/** The shapes that travel through the pipeline: client options, one request, one response. */

import type { ErrorBodyParser } from '../errors/to-error.js';
import type { RequestInfo } from '../errors/tree.js';
import type { ViewlinkClientName } from '../observe/channels.js';
import type { Redactor } from '../secrets/redact.js';
import type { StandardSchema } from '../validation/standard-schema.js';
import type { QueryParams } from './request-url.js';
import type { ResolvedRetryPolicy, RetryPolicy } from './retry-policy.js';

/** HTTP methods the clients use. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** How strictly responses are checked against the schemas. Extra fields always pass. */
export type ValidationMode = 'strict' | 'warn' | 'off';

/**
 * A logger such as `console` or pino; every method is optional. Every message and field it
 * receives is already redacted (no API Key, token or password). Messages start with `viewlink: `.
 */
export interface Logger {
  /** Each answered request (`viewlink: GET <url> -> 200`, fields `status`, `durationMs`) and each renewal of a credential after a 401. */
  debug?(message: string, fields?: Record<string, unknown>): void;
  /** Informational lines (the Viewlink clients send none today; present so any logger fits). */
  info?(message: string, fields?: Record<string, unknown>): void;
  /**
   * Each retry (fields `attempt`, `reason`); a request the server refused (4xx, fields `status`,
   * `code`, `requestId`); a response failing validation under `validation: 'warn'`; what a client
   * worked around (a refused refresh token healed, a deprecated parameter).
   */
  warn?(message: string, fields?: Record<string, unknown>): void;
  /** A request the service failed (5xx, no answer, a bad body), with the error's message and `code` (and `status`, `requestId` when answered). */
  error?(message: string, fields?: Record<string, unknown>): void;
}

/** Headers as a plain record. */
export type HeaderRecord = Record<string, string>;

/**
 * How requests get their credentials. `C` is whatever identifies the credential in use (a token
 * pair, a token string), handed back to {@link AuthStrategy.renew} so the strategy knows which
 * one the server refused. The authorize stage (pipeline/engine.ts) runs it.
 */
export interface AuthStrategy<C = unknown> {
  /**
   * The credential for the next request. Answer synchronously when it is at hand: the call then
   * awaits nothing for it (the hot path of reads). A strategy that renews ahead of expiry sends
   * that renewal through `sender`, as a step of this call (see {@link renew}).
   */
  credential(sender?: RenewalSender): C | PromiseLike<C>;
  /** Writes `credential` into the headers of one attempt, e.g. `authorization: Bearer ...`. */
  apply(credential: C, headers: HeaderRecord): void;
  /**
   * The server answered 401 to `rejected`: resolve the credential to replay the request with (a
   * renewed one, or one another call renewed meanwhile). Called at most once per call and bounded
   * by the call's `totalTimeout`. Without it a 401 is final. `sender` sends the renewal request
   * (if the strategy makes one) as a step of the same call: within its deadline, through the same
   * attempts and parse, without a second pipeline.
   */
  renew?(rejected: C, sender?: RenewalSender): PromiseLike<C>;
  /** Told when the server refused `credential` with no replay left (the call fails with `AuthenticationError`). */
  refused?(credential: C): void;
}

/**
 * Lent by the pipeline to {@link AuthStrategy.renew}: sends a renewal request as a step of the
 * call that got the 401. Its attempts run within that call's deadline (not its signal: other
 * calls may wait for the same renewal), it is authorized by `options.auth` (no renewal of its
 * own), parsed and its failures mapped like any request's.
 */
export interface RenewalSender {
  /** Sends `request` with `options.auth`; its secrets (`options.secrets`) are scrubbed from its errors. */
  send<T>(request: PreparedRequest<T>, options?: Pick<CallOptions, 'auth' | 'secrets'>): Promise<TransportResponse<T>>;
}

/** Options shared by every client built on the transport. */
export interface TransportOptions {
  /** Base URL every path is appended to. */
  readonly baseUrl: string;
  /** Custom fetch (tests, proxies, instrumentation). Defaults to the global fetch. */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** Per-attempt timeout in ms. Default 30,000. */
  readonly timeout?: number | undefined;
  /** Timeout for the whole call (retries, waits, a credential renewal and its replay included), in ms. Default 120,000. */
  readonly totalTimeout?: number | undefined;
  /** Retry policy for idempotent requests, or a retry count, or `false`. Default 2 retries. */
  readonly retry?: RetryPolicy | number | false | undefined;
  /**
   * Receives one redacted line per request and renewal (`debug`), retry (`warn`) and failure: a
   * refusal the server gave (4xx) at `warn`, the service failing (5xx, no answer, a bad body) at
   * `error`. A renewal's request inside a call logs its failure at `debug` (the call logs its own).
   */
  readonly logger?: Logger | undefined;
  /** Response validation mode. Default `'strict'`. */
  readonly validation?: ValidationMode | undefined;
  /** Headers added to every request, computed per request. */
  readonly headers?: (() => HeaderRecord | Promise<HeaderRecord>) | undefined;
  /** Credentials of every request that sets no {@link RequestOptions.auth} of its own. */
  readonly auth?: AuthStrategy | undefined;
  /** The secret values to scrub from errors and logs. Read lazily so rotation is covered. */
  readonly secrets?: (() => Iterable<string | undefined>) | undefined;
  /** Reads code/message/params out of the API's error body. */
  readonly parseErrorBody?: ErrorBodyParser | undefined;
  /** Which client this transport serves, named in its tracing events (`VIEWLINK_CHANNELS`). Default `'transport'`. */
  readonly client?: ViewlinkClientName | undefined;
  /**
   * Send each path as this query parameter of the base URL instead of appending it to the base
   * URL's path: WordPress's `?rest_route=` mode (`baseUrl` is then e.g. `https://site/index.php`).
   */
  readonly pathParam?: string | undefined;
}

/**
 * What to send: the output of the prepare stage (`CompiledRoute.prepare`, `RouteClient.prepare`),
 * passed through authorize, send and parse unchanged.
 */
export interface PreparedRequest<T = unknown> {
  /** HTTP method; with {@link CallOptions.idempotent}, decides whether a failed attempt is retried. */
  readonly method: HttpMethod;
  /** Path relative to the base URL, already expanded. */
  readonly path: string;
  /** Query parameters, serialized PHP-style (`a[]=1&a[]=2`, `a[b]=1`); `undefined` values are left out. */
  readonly query?: QueryParams | undefined;
  /** JSON body. */
  readonly json?: unknown;
  /** Raw body (uploads); set the content headers yourself. */
  readonly body?: BodyInit | undefined;
  /** Schema the response body must match. Omit for untyped requests. */
  readonly schema?: StandardSchema<unknown, T> | undefined;
  /** The route's path template, e.g. `/v1/users/{userId}` (`CompiledRoute` sets it): names the request in tracing events. */
  readonly route?: string | undefined;
}

/**
 * Next.js's per-request cache settings (`fetch(url, { next: { revalidate, tags } })`), typed here
 * so no package depends on Next.
 */
export interface NextFetchOptions {
  /** Seconds the response may be served from Next's data cache; `false` caches without expiry, `0` never. */
  readonly revalidate?: number | false | undefined;
  /** Cache tags, for `revalidateTag(tag)`. */
  readonly tags?: readonly string[] | undefined;
}

/**
 * Extra options handed to `fetch` as they are (`cache`, `next`, `priority`, a runtime's own such
 * as Cloudflare's `cf`). What the pipeline owns is not among them: method, headers, body, signal
 * and the `credentials` mode are the pipeline's and the client's, and a value given for them here
 * is ignored.
 */
export interface FetchOptions {
  /** The fetch cache mode, e.g. `'no-store'` or `'force-cache'`. */
  readonly cache?: RequestCache | undefined;
  /** Next.js data-cache settings: `{ revalidate: 60, tags: ['posts'] }`. */
  readonly next?: NextFetchOptions | undefined;
  /** Set by the pipeline: use the call's method. */
  readonly method?: never;
  /** Set by the pipeline: use the call's `headers` option (credentials come from `auth`). */
  readonly headers?: never;
  /** Set by the pipeline: the prepared request's body. */
  readonly body?: never;
  /** Set by the pipeline: use the call's `signal` option. */
  readonly signal?: never;
  /** Set by the client from its `auth` (cookies only where the auth scheme says so). */
  readonly credentials?: never;
  /** Other options of the runtime's fetch, passed through. */
  readonly [option: string]: unknown;
}

/** How a response is handed back: see {@link CallOptions.responseType}. */
export type ResponseType = 'json' | 'text' | 'stream' | 'response' | 'none';

/** How one call is made: everything about a request but what it sends. */
export interface CallOptions {
  /** Headers for this request only; they override the client's headers and the default `accept`. */
  readonly headers?: HeaderRecord | undefined;
  /** Cancels the request, retries and waits included; the call then throws an `AbortError`. */
  readonly signal?: AbortSignal | undefined;
  /** Overrides the method's idempotency (e.g. a POST that is safe to repeat). */
  readonly idempotent?: boolean | undefined;
  /** Per-attempt timeout in ms for this request; defaults to the client's `timeout`. */
  readonly timeout?: number | undefined;
  /** Retry policy for this request (a policy, a retry count, or `false`); defaults to the client's `retry`. */
  readonly retry?: RetryPolicy | number | false | undefined;
  /**
   * `json` (default: parsed and validated), `text`, `stream` (the body left unread for the caller,
   * as `response.body`, bounded by the attempt's timeout; non-2xx statuses still throw; a fetch
   * without body streams, React Native's, rejects it with a `ConfigurationError`),
   * `response` (the raw `Response` as `data`: the timeout bounds the headers only, the caller
   * bounds the body, e.g. with `StreamedBody`) or `none`.
   */
  readonly responseType?: ResponseType | undefined;
  /** Credentials of this request (renewed and replayed once on 401); defaults to the client's `auth`. */
  readonly auth?: AuthStrategy | undefined;
  /**
   * Secret values this request carries where no rule finds them (a refresh token in a body
   * field of any name): scrubbed from this request's errors and log lines. Credential headers,
   * secret-named JSON fields and query values are found without it.
   */
  readonly secrets?: readonly string[] | undefined;
  /**
   * Extra options handed to `fetch` for this request, e.g. Next.js's
   * `{ next: { revalidate: 60, tags: ['posts'] } }` or `{ cache: 'no-store' }`. Method, headers,
   * body and signal stay the pipeline's.
   */
  readonly fetchOptions?: FetchOptions | undefined;
  /**
   * The call the user made, as a client names its method (`posts.list()`, `user.watchlist()`):
   * every error of the request leads its message with it and has it as `callSite`.
   */
  readonly callSite?: string | undefined;
}

/** What one untyped request needs (`transport.request`): what to send and how. */
export interface RequestOptions<T = unknown> extends PreparedRequest<T>, CallOptions {}

/** A successful response: the validated data plus what the headers said. */
export interface TransportResponse<T> {
  /**
   * The parsed JSON body, checked against `schema` as the validation mode says; the raw text for
   * `responseType: 'text'`; the unread `Response` for `response`; `undefined` for `stream` and
   * `none`, and for an empty JSON body.
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
  /**
   * The request that was answered, as its errors name it: method and URL, redacted (no secret
   * query value). What a client names when it stops after the answer, such as a list walked item
   * by item once its signal fires (`itemsOfPages`).
   */
  readonly request: RequestInfo;
}

/** What the run engine reads of a client's settings (pipeline/engine.ts); the light parts read no more. */
export interface EngineSettings {
  /** Base URL every path is appended to. */
  readonly baseUrl: string;
  /** The `fetch` to call; `undefined`: the global one, as it is at each call. */
  readonly fetch: typeof globalThis.fetch | undefined;
  /** Per-attempt timeout in ms, within the call's deadline. */
  readonly timeoutMs: number;
  /** The client's name of the option `timeoutMs` comes from, for a `TimeoutError` (web: `requestTimeoutMs`). Default `timeout`. */
  readonly timeoutOption?: string | undefined;
  /** The call's one deadline, in ms from its start: attempts, renewal and replay draw on it. */
  readonly totalTimeoutMs: number;
  /** Credentials of every request (a call's `auth` option wins); renewed and replayed once on 401. */
  readonly auth: AuthStrategy | undefined;
  /** Reads code/message (and request id) out of the API's error body. */
  readonly parseError: ErrorBodyParser;
  /** The call the user made (`SDK.watchlist()`), for settings made per call (the light run's): see {@link CallOptions.callSite}. */
  readonly callSite?: string | undefined;
}

/**
 * A response plus its attempt timer, to clear once the body is read (a handle, not a closure per
 * request): what the send stage hands the parse stage.
 */
export interface Sent {
  /** The final answer of the attempts, ok or not. */
  readonly response: Response;
  /** The answering attempt's timer, still armed: the parse stage clears it (a stream's reader, later). */
  readonly timer: ReturnType<typeof setTimeout>;
  /**
   * The body, read within the attempt (JSON and text responses, every error response): strict
   * UTF-8 for a 2xx answer, lenient for an error answer (`undefined` when unreadable or too large).
   */
  readonly text?: string | undefined;
  /** How many times the request was sent (its retries included): parse ends a status error's message with it when more than one. Absent: one. */
  readonly attempts?: number | undefined;
}

/** A client's settings, resolved and checked once (by `createTransport`): what every stage reads. */
export interface PipelineSettings extends EngineSettings {
  readonly retry: ResolvedRetryPolicy;
  readonly validation: ValidationMode;
  readonly logger: Logger | undefined;
  readonly headers: (() => HeaderRecord | Promise<HeaderRecord>) | undefined;
  readonly redactor: Redactor;
  readonly client: ViewlinkClientName;
  readonly pathParam: string | undefined;
}
