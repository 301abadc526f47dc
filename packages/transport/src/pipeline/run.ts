/**
 * The route-call pipeline, stage by stage, for one prepared request:
 *
 *   prepare (prepare.ts, before this) -> authorize (authorize.ts) -> send (internal/send.ts, internal/fetch-attempts.ts)
 *     -> parse (parse.ts); failures become Viewlink errors in errors/to-error.ts
 *
 * The prepared request is passed through unchanged; one deadline (`totalTimeout`, internal/deadline.ts)
 * spans every stage: attempts, backoff waits, a credential renewal and its replay.
 */

import { isThenable } from '../async/thenable.js';
import { type RedactingRequestInfo, toViewlinkError } from '../errors/to-error.js';
import { requestChannel, tokenRenewalChannel, type ViewlinkClientName } from '../observe/channels.js';
import { RequestTraceContext, requestObserved } from '../observe/internal/request-trace.js';
import { type Redactor, secretsOfRequest } from '../secrets/redact.js';
import { authorize, StrategyFailure } from './authorize.js';
import { deadlineIn, withinDeadline } from './internal/deadline.js';
import type { Sent } from './internal/fetch-attempts.js';
import { Attempts } from './internal/send.js';
import { parseResponse } from './parse.js';
import { checkRequest } from './prepare.js';
import { joinUrl, toSearchParams } from './request-url.js';
import type {
  AuthStrategy,
  CallOptions,
  HeaderRecord,
  HttpMethod,
  PipelineSettings,
  PreparedRequest,
  TransportResponse,
} from './types.js';

/**
 * The method and URL of a request for errors and logs. A class with the redaction behind a
 * getter: redacting a URL costs more than a loopback round trip's budget, so only errors and
 * logs pay for it.
 */
class LazyRequestInfo implements RedactingRequestInfo {
  readonly method: HttpMethod;
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

/**
 * The strategy with its renewal (after a 401) published on the token-renewal channel, when
 * someone listens; otherwise the strategy itself.
 */
function tracedRenewal(auth: AuthStrategy | undefined, client: ViewlinkClientName): AuthStrategy | undefined {
  const renew = auth?.renew;
  if (auth === undefined || renew === undefined || !tokenRenewalChannel.active) return auth;
  return {
    credential: () => auth.credential(),
    apply: (credential, headers) => auth.apply(credential, headers),
    renew: (rejected) =>
      tokenRenewalChannel.trace({ client, trigger: 'unauthorized' }, async () => renew.call(auth, rejected)),
    refused: (credential) => auth.refused?.(credential),
  };
}

/** The absolute URL of a request: the path appended to the base URL, or (WordPress's `?rest_route=`) sent as a query parameter. */
function urlOf(settings: PipelineSettings, request: PreparedRequest): string {
  const { pathParam } = settings;
  if (pathParam === undefined) return joinUrl(settings.baseUrl, request.path, request.query);
  return `${settings.baseUrl}?${toSearchParams({ [pathParam]: request.path, ...request.query }).toString()}`;
}

/**
 * Runs one prepared request through authorize -> send -> parse, unchanged, with `options`
 * saying how. Throws only errors of the Viewlink tree.
 */
export async function runRequest<T>(
  settings: PipelineSettings,
  request: PreparedRequest<T>,
  options: CallOptions,
): Promise<TransportResponse<T>> {
  checkRequest(request, options);
  const url = urlOf(settings, request);
  const info = new LazyRequestInfo(request, url, settings.redactor, options);
  // Tracing (observe/): with no subscriber the call below is the whole story.
  if (!requestObserved()) return runStages(settings, request, options, url, info, undefined);
  const trace = new RequestTraceContext(settings.client, request.method, request.route, info);
  return requestChannel.trace(trace, () => runStages(settings, request, options, url, info, trace));
}

/** The stages of one request, after its options were checked. */
async function runStages<T>(
  settings: PipelineSettings,
  request: PreparedRequest<T>,
  options: CallOptions,
  url: string,
  info: LazyRequestInfo,
  trace: RequestTraceContext | undefined,
): Promise<TransportResponse<T>> {
  const deadline = deadlineIn(settings.totalTimeoutMs);
  const logger = settings.logger;
  const started = logger ? Date.now() : 0;
  let sent: Sent;
  try {
    const source = settings.headers?.();
    // Await only a header source that is really async (each await is a turn of the microtask queue).
    const client = isThenable(source) ? await source : source;
    info.sentHeaders(client);
    const attempts = new Attempts(settings, request, options, url, info, client, deadline, trace);
    const auth = tracedRenewal(options.auth ?? settings.auth, settings.client);
    sent =
      auth === undefined
        ? await attempts.send(undefined)
        : await authorize(auth, attempts, {
            bound: (work) => withinDeadline(work, deadline, options.signal),
            logger,
            info,
          });
  } catch (error) {
    // The strategy's own failure (a token store, a refused renewal) is the caller's error as it is.
    const mapped =
      error instanceof StrategyFailure ? error.original : toViewlinkError(error, info, settings.redactor, options);
    logger?.error?.(
      `viewlink: ${settings.redactor.text(mapped instanceof Error ? mapped.message : 'auth strategy failed')}`,
      {
        durationMs: Date.now() - started,
      },
    );
    throw mapped;
  }
  logger?.debug?.(`viewlink: ${info.method} ${info.url} -> ${sent.response.status}`, {
    status: sent.response.status,
    durationMs: Date.now() - started,
  });
  return parseResponse(settings, sent, request.schema, options, info);
}
