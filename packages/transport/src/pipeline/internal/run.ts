/**
 * The route-call pipeline, stage by stage, for one prepared request:
 *
 *   prepare (pipeline/prepare.ts, before this) -> authorize (pipeline/engine.ts) -> send
 *     (internal/send.ts) -> parse (pipeline/parse.ts); failures become Viewlink errors in errors/to-error.ts
 *
 * The prepared request is passed through unchanged; one deadline (`totalTimeout`) spans every
 * stage: attempts, backoff waits, a credential renewal (its request a step of this run, not a
 * second pipeline) and the replay. {@link Pipeline} is what a transport runs requests with.
 */
import { type RedactingRequestInfo, toViewlinkError } from '../../errors/to-error.js';
import {
  APIError,
  type Issue,
  type RequestInfo,
  TokenRenewalError,
  ValidationError,
  withCallSite,
} from '../../errors/tree.js';
import { BROWSER_BUILD } from '../../internal/browser-build.js';
import { isReadableStream } from '../../internal/readable-stream.js';
import { requestChannel, requestObserved, tokenRenewalChannel } from '../../observe/channels.js';
import { RequestTraceContext } from '../../observe/internal/request-trace.js';
import { type Redactor, secretsOfRequest } from '../../secrets/redact.js';
import { isThenable, Run, StrategyFailure } from '../engine.js';
import { failureFields, parseResponse } from '../parse.js';
import { joinUrl, toSearchParams } from '../request-url.js';
import { callOptionIssues } from '../route-client.js';
import type {
  CallOptions,
  HeaderRecord,
  HttpMethod,
  Logger,
  PipelineSettings,
  PreparedRequest,
  RenewalSender,
  RequestOptions,
  Sent,
  TransportResponse,
} from '../types.js';
import { type Deadline, withinDeadline } from './deadline.js';
import { sendAttempts } from './send.js';

/**
 * The method and URL of a request for errors and logs. A class with the redaction behind a
 * getter: redacting a URL costs more than a loopback round trip's budget, so only errors and
 * logs pay for it.
 */
class LazyRequestInfo implements RedactingRequestInfo {
  readonly method: HttpMethod;
  /** The call the user made (`CallOptions.callSite`): every error of the request is led by it. */
  readonly callSite: string | undefined;
  // Private: the raw URL may carry a secret, and errors copy their request info field by field.
  readonly #rawUrl: string;
  readonly #client: Redactor;
  readonly #json: unknown;
  readonly #secrets: readonly string[] | undefined;
  readonly #headers: (HeaderRecord | undefined)[];
  #redactor: Redactor | undefined;
  #url: string | undefined;
  constructor(request: PreparedRequest, rawUrl: string, redactor: Redactor, options: CallOptions) {
    this.method = request.method;
    this.callSite = options.callSite;
    this.#rawUrl = rawUrl;
    this.#client = redactor;
    this.#json = request.json;
    this.#secrets = options.secrets;
    this.#headers = [options.headers];
  }
  /** Records headers this request sent (the client's, a credential's): its errors must not show their secrets. */
  sentHeaders(headers: HeaderRecord | undefined): void {
    if (!headers) return;
    this.#headers.push(headers);
    this.#redactor = undefined;
  }
  /**
   * The client's secrets plus what this request sent (issue 16): a server echoing a user's
   * token shows it in none of that request's errors or log lines, however many users are active.
   */
  get redactor(): Redactor {
    this.#redactor ??= this.#client.with(() => [
      ...secretsOfRequest({ headers: this.#headers, json: this.#json, url: this.#rawUrl }),
      ...(this.#secrets ?? []),
    ]);
    return this.#redactor;
  }
  get url(): string {
    this.#url ??= this.redactor.url(this.#rawUrl);
    return this.#url;
  }
}

/** The absolute URL of a request: the path appended to the base URL, or (WordPress's `?rest_route=`) sent as a query parameter. */
function urlOf(settings: PipelineSettings, request: PreparedRequest): string {
  const { pathParam } = settings;
  if (pathParam !== undefined)
    return `${settings.baseUrl}?${toSearchParams({ [pathParam]: request.path, ...request.query }).toString()}`;
  // Most reads: a base URL without a trailing slash, an absolute path, no query.
  const { path } = request;
  if (request.query === undefined && path.charCodeAt(0) === 47 && !settings.baseUrl.endsWith('/'))
    return settings.baseUrl + path;
  return joinUrl(settings.baseUrl, path, request.query);
}

const METHODS = new Set<string>(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/**
 * Checks what a caller passes per request (the clients forward per-call options here), so a
 * bad value is a {@link ValidationError} before sending rather than a 1 ms timer, a retry
 * loop or a TypeError from fetch reported as a connection failure.
 */
function checkRequest(request: PreparedRequest, options: CallOptions): void {
  const issues: Issue[] = [];
  if (!METHODS.has(request.method))
    issues.push({ path: ['method'], message: `must be one of ${[...METHODS].join(', ')}` });
  if (typeof request.path !== 'string') issues.push({ path: ['path'], message: 'must be a string' });
  callOptionIssues(options, issues);
  if (issues.length > 0) throw new ValidationError('request options', issues);
}

/**
 * Runs prepared requests through authorize -> send -> parse with a client's checked settings:
 * what a transport is (core/transport.ts checks the options and builds it).
 */
export class Pipeline {
  /** @internal The checked settings every request of this client runs with. */
  protected readonly settings: PipelineSettings;

  /** @internal Built by `createTransport` from checked options. */
  protected constructor(settings: PipelineSettings) {
    this.settings = settings;
  }

  /**
   * Sends one untyped request through the pipeline (authorize, send with timeouts and retries,
   * parse and validate) and returns its validated data. Throws only errors of the Viewlink tree.
   */
  request<T = unknown>(options: RequestOptions<T>): Promise<TransportResponse<T>> {
    // What to send and how to send it travel in one object here: the stages read each part.
    return runRequest(this.settings, options, options);
  }

  /**
   * Sends a prepared request (a route client's, `CompiledRoute.prepare`'s) through authorize ->
   * send -> parse as it is, with `options` saying how. Throws only errors of the Viewlink tree.
   */
  send<T>(request: PreparedRequest<T>, options: CallOptions = {}): Promise<TransportResponse<T>> {
    return runRequest(this.settings, request, options);
  }

  /**
   * The method and redacted URL {@link send} sends `request` to, as its errors name them, for an
   * error raised outside the send about it (a caller leaving a request other callers share). The
   * URL is built by the send's own code, and redacted only when read.
   */
  requestInfo(request: PreparedRequest, options: CallOptions = {}): RequestInfo {
    return new LazyRequestInfo(request, urlOf(this.settings, request), this.settings.redactor, options);
  }
}

/**
 * Runs one prepared request through authorize -> send -> parse, unchanged, with `options`
 * saying how. Throws only errors of the Viewlink tree.
 */
function runRequest<T>(
  settings: PipelineSettings,
  request: PreparedRequest<T>,
  options: CallOptions,
): Promise<TransportResponse<T>> {
  try {
    checkRequest(request, options);
  } catch (error) {
    return Promise.reject(error);
  }
  const run = new FullRun(settings, request, options, Date.now() + settings.totalTimeoutMs);
  // Tracing (observe/): with no subscriber (or in the browser build) the call below is the whole story.
  const { trace } = run;
  return BROWSER_BUILD || trace === undefined ? run.start() : requestChannel.trace(trace, () => run.start());
}

/**
 * A run of the engine with the transport's parts: every attempt with retries, body limits and
 * tracing (send.ts), every response type and validation mode (parse.ts), failures mapped with
 * the redaction tables and logged, strategy steps bounded by the deadline, renewals traced, and
 * a renewal's request as a step of the run ({@link FullRun.renewal}).
 */
class FullRun<T> extends Run<T, PipelineSettings> {
  override readonly replayable: boolean;
  declare readonly info: LazyRequestInfo;
  /** The request's tracing context when someone listens: attempts and retry waits are published under it. */
  declare readonly trace: RequestTraceContext | undefined;
  /** How the caller asked for this call (a per-call `auth`, signal, timeout...). */
  declare readonly options: CallOptions;
  /** The client's headers of this call (`TransportOptions.headers`), once {@link start} has them. */
  declare client: HeaderRecord | undefined;
  /** The renewal step lent to the strategy ({@link renewal}), once asked for. */
  #renewal: RenewalSender | undefined;

  constructor(
    settings: PipelineSettings,
    request: PreparedRequest<T>,
    options: CallOptions,
    deadline: Deadline,
    client?: HeaderRecord,
  ) {
    const url = urlOf(settings, request);
    const info = new LazyRequestInfo(request, url, settings.redactor, options);
    super(settings, request, url, info, deadline, options.auth ?? settings.auth);
    this.options = options;
    this.replayable = request.body === undefined || !isReadableStream(request.body);
    this.trace =
      !BROWSER_BUILD && requestObserved()
        ? new RequestTraceContext(settings.client, request.method, request.route, info)
        : undefined;
    this.useClient(client);
  }

  /** Sends with the client's headers `client` (their secrets are scrubbed from this request's errors and logs). */
  private useClient(client: HeaderRecord | undefined): void {
    this.client = client;
    this.info.sentHeaders(client);
  }

  /** The call: the client's headers of this call (`TransportOptions.headers`, awaited only when async), then the stages. */
  start(): Promise<TransportResponse<T>> {
    const source = this.settings.headers;
    if (source === undefined) return this.stages();
    let headers: HeaderRecord | Promise<HeaderRecord>;
    try {
      headers = source();
    } catch (error) {
      return Promise.reject(this.fail(error));
    }
    // Await only a header source that is really async (each await is a turn of the microtask queue).
    if (!isThenable(headers)) {
      this.useClient(headers);
      return this.stages();
    }
    return Promise.resolve(headers).then(
      (client) => {
        this.useClient(client);
        return this.stages();
      },
      (error: unknown) => {
        throw this.fail(error);
      },
    );
  }

  /** The time since the call began (its deadline is `totalTimeout` after its start), for log lines. */
  get elapsed(): number {
    return Date.now() - this.deadline + this.settings.totalTimeoutMs;
  }

  override send(credentials: HeaderRecord | undefined): Promise<Sent> {
    // The credential's secrets are scrubbed from this request's errors and logs (a replay's too).
    this.info.sentHeaders(credentials);
    return sendAttempts(this, credentials);
  }

  protected override parse(sent: Sent): TransportResponse<T> | Promise<TransportResponse<T>> {
    const { settings, info } = this;
    settings.logger?.debug?.(`viewlink: ${info.method} ${info.url} -> ${sent.response.status}`, {
      status: sent.response.status,
      durationMs: this.elapsed,
    });
    // The call's start (its deadline less `totalTimeout`): a retried status error says how long its attempts took.
    return parseResponse(
      settings,
      sent,
      this.request.schema,
      this.options,
      info,
      this.deadline - settings.totalTimeoutMs,
    );
  }

  /** The Viewlink error a failure maps to (a strategy's own error as it is: a token store, a refused renewal), logged. */
  protected override fail(error: unknown): unknown {
    const { settings } = this;
    // A strategy's own error (a token store's) was made without the call: it gets it here.
    const mapped =
      error instanceof StrategyFailure
        ? withCallSite(error.original, this.info.callSite)
        : toViewlinkError(error, this.info, settings.redactor, this.options);
    // The server's status when one answered (a strategy's refused issue or renewal too): the
    // documented field a log query filters on, as on the request's own failure line.
    const status = mapped instanceof APIError || mapped instanceof TokenRenewalError ? mapped.status : undefined;
    settings.logger?.error?.(
      `viewlink: ${settings.redactor.text(mapped instanceof Error ? mapped.message : 'auth strategy failed')}`,
      { ...failureFields(mapped, status), durationMs: this.elapsed },
    );
    return mapped;
  }

  override bound<W>(work: Promise<W>): Promise<W> {
    return withinDeadline(work, this.deadline, this.options.signal, this.info, this.settings.totalTimeoutMs);
  }

  /** A renewal after a 401, published on the token-renewal channel (a no-op without subscribers). */
  renewing<C>(renew: () => PromiseLike<C>): PromiseLike<C> {
    // Logged here, not in the authorize stage: the browser facade's light parts have no logger to pay for.
    this.settings.logger?.debug?.(`viewlink: renewing the credential after 401 from ${this.info.url}`);
    const renewal = async () => renew();
    if (BROWSER_BUILD) return renewal();
    return tokenRenewalChannel.trace({ client: this.settings.client, trigger: 'unauthorized' }, renewal);
  }

  /**
   * Lent to the strategy's `credential()` and `renew()`: a renewal's request (after a 401, ahead of
   * expiry, or a pair issued in its place) as a step of this run: authorize (the request's own
   * credential, such as the API Key; never renewed itself) -> send -> parse within this run's
   * deadline, client headers and settings. Not the run's signal: other calls may wait for the same
   * renewal. No second pipeline: no request event of its own (its attempts are published when traced).
   */
  get renewal(): RenewalSender {
    // Built on the first ask of a run (each read asks for it with its credential; few send with it).
    this.#renewal ??= {
      send: <R>(request: PreparedRequest<R>, options: Pick<CallOptions, 'auth' | 'secrets'> = {}) =>
        // The call that needed it leads its errors too (`user.watchlist(): POST <token url>: ...`).
        new FullRun(
          renewalSettings(this.settings),
          request,
          { auth: options.auth, secrets: options.secrets, callSite: this.options.callSite },
          this.deadline,
          this.client,
        ).stages(),
    };
    return this.#renewal;
  }
}

/** Each client's settings of a renewal's step (see {@link renewalSettings}), made once per client. */
const renewalSteps = new WeakMap<PipelineSettings, PipelineSettings>();

/**
 * The settings a renewal's request runs with: the client's, its failures logged at debug. Its
 * failure is the strategy's to judge (a refused refresh token heals with a new pair), so it is
 * logged at debug, a refusal (4xx, else at warn) too; one that ends the call is logged at error
 * by the run's `fail()`.
 */
function renewalSettings(settings: PipelineSettings): PipelineSettings {
  if (settings.logger === undefined) return settings;
  let step = renewalSteps.get(settings);
  if (step === undefined) {
    step = { ...settings, logger: failuresAtDebug(settings.logger) };
    renewalSteps.set(settings, step);
  }
  return step;
}

/** `logger` with its warn and error lines sent to `debug` (each method called on the logger itself, as pino needs). */
function failuresAtDebug(logger: Logger): Logger {
  return {
    debug: (message, fields) => logger.debug?.(message, fields),
    info: (message, fields) => logger.info?.(message, fields),
    warn: (message, fields) => logger.debug?.(message, fields),
    error: (message, fields) => logger.debug?.(message, fields),
  };
}
