/**
 * The run engine: one prepared request through authorize -> send -> parse, passed through
 * unchanged, under one deadline, the 401 renewal and replay a step of the same run (the
 * authorize stage, {@link authorize}, is here too). What the send and parse stages do, how a
 * failure becomes an error, and the optional steps (a deadline bound for a strategy step, a
 * wrapper of renewals, a renewal's request) are its parts, members a run overrides ({@link Run}).
 * `LightRun` adds the light send and parse (the browser facade runs it); `createTransport` runs
 * `FullRun` (internal/run.ts: retries, body limits, tracing, redaction tables, text and stream
 * responses, the logger). One engine, one retry loop (internal/send.ts).
 */
import {
  apiErrorFor,
  ConnectionError,
  type RequestInfo,
  ResponseValidationError,
  TimeoutError,
} from '../errors/tree.js';
import { scrubSecrets } from '../secrets/scrub.js';
import type { StandardResult } from '../validation/standard-schema.js';
import { parseRetryAfter } from './retry-policy.js';
import type {
  AuthStrategy,
  EngineSettings,
  HeaderRecord,
  PreparedRequest,
  RenewalSender,
  Sent,
  TransportResponse,
} from './types.js';

export type { AuthStrategy, RenewalSender } from './types.js';

// The authorize stage: the only place of the SDK where a 401 leads to a renewal. The partner
// (user tokens), web (the app's token pair) and CMS (auth hooks) clients plug in an
// AuthStrategy instead of writing this loop themselves.

/**
 * The one thenable check of the SDK (a credential, a header source or a token store may answer
 * either way). Duck-typed, not `instanceof Promise`: a promise of another realm, a query builder
 * or a promise under a patched global (zone.js) is async too.
 */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null | undefined)?.then === 'function';
}

/** Sends one request with the credential's headers: the send stage, as the authorize stage sees it. */
export interface AuthorizedSend {
  /** Sends with `credentials` merged into the headers; resolves with the final response, ok or not. */
  send(credentials: HeaderRecord | undefined): Promise<Sent>;
  /** False when the body cannot be sent twice (a stream): a 401 is then final. Absent: replayable. */
  readonly replayable?: boolean | undefined;
}

/** What the authorize stage needs from the call. */
export interface AuthorizeContext {
  /**
   * Bounds an asynchronous strategy step (a credential read, a renewal) by the call's deadline
   * and the caller's signal (pipeline/internal/deadline.ts), rejecting as a timeout or an abort.
   */
  bound<T>(work: Promise<T>): Promise<T>;
  /**
   * Handed to {@link AuthStrategy.renew}: sends the renewal request as a step of this call (its
   * deadline, no second pipeline). Absent where the caller has no pipeline to lend (web).
   */
  readonly renewal?: RenewalSender | undefined;
  /** Wraps a renewal (the pipeline publishes it on the token-renewal channel). */
  renewing?<T>(renew: () => PromiseLike<T>): PromiseLike<T>;
}

/**
 * An error of the strategy itself (a token store that failed, a refused renewal): the call
 * rejects with `original` as it is, not as a connection failure.
 */
export class StrategyFailure {
  /** What the strategy threw or rejected with. */
  declare readonly original: unknown;
  /** @param original what the strategy threw or rejected with. */
  constructor(original: unknown) {
    this.original = original;
  }
}

const fail = (error: unknown): never => {
  throw new StrategyFailure(error);
};

/**
 * One strategy step, the credential (or, given `rejected`, its renewal): a synchronous answer as
 * it is (no await on the hot path), an asynchronous one bounded by the call. The strategy's own
 * errors are marked {@link StrategyFailure}.
 */
function step<C>(strategy: AuthStrategy<C>, context: AuthorizeContext, rejected?: [C]): C | Promise<C> {
  let value: C | PromiseLike<C>;
  try {
    const renew = rejected && strategy.renew;
    if (!renew) value = strategy.credential(context.renewal);
    else {
      const renewed = () => renew.call(strategy, rejected[0], context.renewal);
      value = context.renewing ? context.renewing(renewed) : renewed();
    }
  } catch (error) {
    return fail(error);
  }
  return isThenable(value) ? context.bound(Promise.resolve(value).catch(fail)) : value;
}

/**
 * Sends with the strategy's credential; after a 401, renews once (bounded by the call's
 * deadline) and replays. A second 401 is returned as it is (the parse stage turns it into
 * `AuthenticationError`) and the strategy is told.
 */
export async function authorize<C>(
  strategy: AuthStrategy<C>,
  attempt: AuthorizedSend,
  context: AuthorizeContext,
): Promise<Sent> {
  const pending = step(strategy, context);
  // Await only a credential that is really async (each await is a turn of the microtask queue).
  let credential = isThenable(pending) ? await pending : pending;
  for (let replayed = false; ; replayed = true) {
    const headers: HeaderRecord = {};
    strategy.apply(credential, headers);
    const sent = await attempt.send(headers);
    if (sent.response.status !== 401) return sent;
    if (replayed || !strategy.renew || attempt.replayable === false) {
      strategy.refused?.(credential);
      return sent;
    }
    // The refused response is not read: free its connection and timer before renewing.
    clearTimeout(sent.timer);
    void sent.response.body?.cancel().catch(() => undefined);
    credential = await step(strategy, context, [credential]);
  }
}

// The run.

/**
 * One run of a prepared request through the engine, and the authorize stage's view of it. The
 * engine is {@link Run.stages}: authorize -> send -> parse, the request unchanged, the deadline fixed.
 * A client plugs its parts in by extending it: the send stage ({@link Run.send}: its attempts), the
 * parse stage (`parse`), how a failure becomes an error (`fail`) and, optionally, a
 * deadline bound for strategy steps ({@link Run.bound}), a wrapper of renewals (`renewing`) and a
 * renewal's request (`renewal`). `Run` has no send or parse of its own: {@link LightRun} brings
 * the light ones (one attempt per credential, JSON parse, what was sent scrubbed from errors), the
 * transport's `FullRun` (`internal/run.ts`) the full ones, so neither bundle carries the other's.
 * A class, not closures: reads are the hot path.
 */
export abstract class Run<T, S extends EngineSettings = EngineSettings> implements AuthorizedSend, AuthorizeContext {
  /** The client's settings. */
  declare readonly settings: S;
  /** The prepared request, unchanged by every stage. */
  declare readonly request: PreparedRequest<T>;
  /** The absolute URL. */
  declare readonly url: string;
  /** Method, (redacted) URL and the call the user made, for errors and logs. */
  declare readonly info: RequestInfo;
  /** The call's one deadline (ms since epoch): no attempt, wait, renewal or replay runs past it. */
  declare readonly deadline: number;
  /** The credentials of this call: the client's strategy, or the call's own. */
  declare readonly auth: AuthStrategy | undefined;
  /** False when the body cannot be sent twice (a stream): no retry, and a 401 is final. Absent: replayable. */
  declare readonly replayable?: boolean | undefined;

  constructor(
    settings: S,
    request: PreparedRequest<T>,
    url = settings.baseUrl + request.path,
    info: RequestInfo = { method: request.method, url, callSite: settings.callSite },
    deadline = Date.now() + settings.totalTimeoutMs,
    auth: AuthStrategy | undefined = settings.auth,
  ) {
    this.settings = settings;
    this.request = request;
    this.url = url;
    this.info = info;
    this.deadline = deadline;
    this.auth = auth;
  }

  /** The engine: authorize -> send -> parse; a failure of authorize or send rejects as `fail` says. */
  stages(): Promise<TransportResponse<T>> {
    const { auth } = this;
    return (auth === undefined ? this.send(undefined) : authorize(auth, this, this)).then(
      (sent) => this.parse(sent),
      (error: unknown) => {
        throw this.fail(error);
      },
    );
  }

  /**
   * The send stage (also what authorize calls): the attempts of the request with `credentials`
   * among its headers, again for the replay after a renewal. Resolves with the final answer, ok or not.
   */
  abstract send(credentials: HeaderRecord | undefined): Promise<Sent>;

  /** The parse stage: the final answer as the call's response, or the error it maps to (thrown). */
  protected abstract parse(sent: Sent): TransportResponse<T> | Promise<TransportResponse<T>>;

  /**
   * What a failure of the authorize or send stage rejects the call with. The light part: the
   * strategy's own error as it is; the rest are already errors of the tree.
   */
  protected fail(error: unknown): unknown {
    return error instanceof StrategyFailure ? error.original : error;
  }

  /** Bounds an asynchronous strategy step; here not at all: the strategy bounds its own, the replay draws on the deadline. */
  bound<W>(work: Promise<W>): Promise<W> {
    return work;
  }
}

/**
 * The engine with the light parts, as the browser facade runs it: one fetch per credential, JSON
 * parse, a non-2xx status mapped to its API error, the response checked by the request's schema,
 * and every credential value sent scrubbed from errors. A class of its own so that the
 * transport's full path (`FullRun`), which replaces both stages, does not carry them.
 */
export class LightRun<T, S extends EngineSettings = EngineSettings> extends Run<T, S> {
  readonly #sent: string[] = [];

  /**
   * The send stage (also what authorize calls): the attempts of the request with `credentials`
   * among its headers, again for the replay after a renewal. Resolves with the final answer, ok
   * or not. The light part: one fetch per credential, its timer left running until the body is read.
   */
  override async send(credentials: HeaderRecord | undefined): Promise<Sent> {
    const { settings, request, info } = this;
    // The credential after its scheme too (`Bearer <token>`).
    for (const value of Object.values(credentials ?? {})) this.#sent.push(value, value.replace(/^\S+\s+/, ''));
    const ms = Math.min(settings.timeoutMs, this.deadline - Date.now());
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), ms);
    const json = request.json !== undefined;
    // Called unbound: a browser's own fetch throws "Illegal invocation" on another `this`.
    const fetch = settings.fetch ?? globalThis.fetch;
    try {
      if (ms <= 0) throw ms;
      const response = await fetch(this.url, {
        method: request.method,
        headers: { accept: 'application/json', ...(json && { 'content-type': 'application/json' }), ...credentials },
        body: json ? JSON.stringify(request.json) : null,
        signal: abort.signal,
      });
      // The body is read within the attempt: a stall mid-body is a timeout, not a connection error.
      return { response, timer, text: await response.text() };
    } catch (error) {
      clearTimeout(timer);
      throw abort.signal.aborted || ms <= 0
        ? new TimeoutError(
            info,
            undefined,
            // The limit that ran out: the attempt's own, or the call's deadline when less was left.
            ms < settings.timeoutMs
              ? { limit: 'totalTimeout', limitMs: settings.totalTimeoutMs }
              : { limit: settings.timeoutOption ?? 'timeout', limitMs: ms },
          )
        : new ConnectionError(info, scrubSecrets(String((error as Error | undefined)?.message ?? error), this.#sent));
    }
  }

  /**
   * The parse stage: the final answer as the call's response, or the error it maps to (thrown).
   * The light part: JSON, a non-2xx status mapped to its API error, the response checked by the
   * request's schema.
   */
  protected override parse({ response, timer, text }: Sent): TransportResponse<T> | Promise<TransportResponse<T>> {
    clearTimeout(timer);
    const { info } = this;
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: an error status still maps; a 2xx fails its schema check.
    }
    const requestId = response.headers.get('x-request-id') ?? undefined;
    // Every server-supplied string is scrubbed: a hostile server may echo the token it got.
    const clean = (value: unknown) => (typeof value === 'string' ? scrubSecrets(value, this.#sent) : undefined);
    if (!response.ok) {
      const details = this.settings.parseError(data);
      throw apiErrorFor({
        ...info,
        status: response.status,
        code: clean(details.code),
        message: clean(details.message),
        requestId: clean(requestId ?? details.requestId),
        // As the full run's errors (errors/to-error.ts): a RateLimitError says how long to wait.
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
      });
    }
    const result = this.request.schema?.['~standard'].validate(data) as StandardResult<T> | undefined;
    if (result?.issues)
      throw new ResponseValidationError(
        info,
        response.status,
        result.issues.map((i) => ({
          message: i.message,
          path: (i.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)),
        })),
      );
    return {
      data: result ? result.value : (data as T),
      status: response.status,
      headers: response.headers,
      requestId,
      request: info,
    };
  }
}
