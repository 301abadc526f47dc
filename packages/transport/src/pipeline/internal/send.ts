/**
 * Send: the fetch options of each attempt (headers: `accept`, the client's, the credential's,
 * then the call's) handed to `fetch-attempts.ts`, which runs the attempts: per-attempt
 * timeouts, the call's deadline, the caller's signal, and retries of idempotent requests.
 */

import type { RedactingRequestInfo } from '../../errors/to-error.js';
import type { RequestTrace } from '../../observe/channels.js';
import type { AuthorizedSend } from '../authorize.js';
import { IDEMPOTENT_METHODS, resolveRetryPolicy } from '../retry-policy.js';
import type { CallOptions, FetchOptions, HeaderRecord, PipelineSettings, PreparedRequest } from '../types.js';
import type { Deadline } from './deadline.js';
import { type Sent, send } from './fetch-attempts.js';

/** Fetch options the pipeline owns (a plain-JS caller may still pass them): never taken from a call's `fetchOptions`. */
const OWNED_INIT_KEYS = new Set(['method', 'headers', 'body', 'signal', 'duplex', 'credentials']);

function withoutOwned(extra: FetchOptions): RequestInit {
  const init: Record<string, unknown> = {};
  for (const key of Object.keys(extra)) if (!OWNED_INIT_KEYS.has(key)) init[key] = extra[key];
  return init;
}

/** The fetch options of one attempt: a fresh object each time, so a retry never sees what a custom fetch did to the last one. */
function buildInit(
  request: PreparedRequest,
  options: CallOptions,
  client: HeaderRecord | undefined,
  credentials: HeaderRecord | undefined,
): RequestInit {
  const headers: HeaderRecord = { accept: 'application/json' };
  if (client) Object.assign(headers, client);
  if (credentials) Object.assign(headers, credentials);
  if (options.headers) Object.assign(headers, options.headers);
  const extra = options.fetchOptions;
  // The call's fetch options first: method, headers, body and signal set below win over them.
  const init: RequestInit & { duplex?: 'half' } =
    extra === undefined
      ? { method: request.method, headers }
      : { ...withoutOwned(extra), method: request.method, headers };
  if (request.json !== undefined) {
    init.body = JSON.stringify(request.json);
    headers['content-type'] ??= 'application/json';
  } else if (request.body !== undefined) {
    init.body = request.body;
    if (request.body instanceof ReadableStream) init.duplex = 'half';
  }
  return init;
}

/**
 * The send stage of one call: every attempt of it (a replay after a renewal too) sends the same
 * prepared request and draws from the same deadline. A class, not closures: reads are the hot path.
 */
export class Attempts implements AuthorizedSend {
  readonly replayable: boolean;
  readonly #settings: PipelineSettings;
  readonly #request: PreparedRequest;
  readonly #options: CallOptions;
  readonly #url: string;
  readonly #info: RedactingRequestInfo;
  readonly #client: HeaderRecord | undefined;
  readonly #deadline: Deadline;
  readonly #trace: RequestTrace | undefined;

  constructor(
    settings: PipelineSettings,
    request: PreparedRequest,
    options: CallOptions,
    url: string,
    info: RedactingRequestInfo,
    client: HeaderRecord | undefined,
    deadline: Deadline,
    trace?: RequestTrace,
  ) {
    this.#trace = trace;
    this.#settings = settings;
    this.#request = request;
    this.#options = options;
    this.#url = url;
    this.#info = info;
    this.#client = client;
    this.#deadline = deadline;
    this.replayable = !(request.body instanceof ReadableStream);
  }

  /** Sends the request (retrying as the policy allows) with `credentials` among its headers. */
  send(credentials: HeaderRecord | undefined): Promise<Sent> {
    const settings = this.#settings;
    const request = this.#request;
    const options = this.#options;
    const logger = settings.logger;
    const info = this.#info;
    // The credential's secrets are scrubbed from this request's errors and logs (a replay's too).
    info.sentHeaders?.(credentials);
    const type = options.responseType ?? 'json';
    return send({
      // The body is read within the attempt: a reset or stall mid-body is retried like any network fault.
      readBody: type === 'json' || type === 'text',
      // Read the global lazily so test interceptors installed after construction still apply.
      fetch: settings.fetch ?? globalThis.fetch,
      url: this.#url,
      init: () => buildInit(request, options, this.#client, credentials),
      signal: options.signal,
      timeoutMs: options.timeout ?? settings.timeoutMs,
      // The call's one deadline (a replay gets only what is left of it).
      deadline: this.#deadline,
      retry: options.retry === undefined ? settings.retry : resolveRetryPolicy(options.retry),
      retryable: (options.idempotent ?? IDEMPOTENT_METHODS.has(request.method)) && this.replayable,
      trace: this.#trace,
      // Built only when someone listens: a closure per request is measurable on a loopback round trip.
      onRetry: logger?.warn
        ? (attempt, reason) =>
            logger.warn?.(`viewlink: retry ${attempt} of ${info.method} ${info.url} after ${reason}`, {
              attempt,
              reason,
            })
        : undefined,
    });
  }
}
