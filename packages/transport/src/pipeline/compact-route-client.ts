/**
 * The route client in compact form, for a client with a bundle budget (`@viewlink/web`): the
 * same four stages as `route-client.ts` + `run.ts`, each cut to what a browser client of a few
 * schema-less routes needs. Prepare: method and path from the route key (a route table's key is
 * `"METHOD /path"`, checked by `routeTable`), each `{param}` filled and URI-encoded, the body as
 * JSON. Authorize: the shared stage (`authorize.ts`): the strategy bounds its own renewal, the
 * replay draws on the call's one deadline. Send: one attempt per credential, its body read within
 * the attempt's timer; no retries, tracing channels or logger. Parse: JSON, a non-2xx status
 * mapped by `apiErrorFor`, the response checked by the prepared request's Standard Schema when it
 * has one. Secrets are scrubbed as plain strings (raw and URL-encoded), not by the redaction tables.
 */

import type { ErrorBodyParser } from '../errors/to-error.js';
import {
  apiErrorFor,
  ConnectionError,
  type RequestInfo,
  ResponseValidationError,
  TimeoutError,
  ValidationError,
} from '../errors/tree.js';
import type { StandardResult, StandardSchema } from '../validation/standard-schema.js';
import { authorize, StrategyFailure } from './authorize.js';
// Type only: deadline.ts brings the send loop's module, whose top-level TextDecoders Hermes lacks.
import type { Deadline } from './internal/deadline.js';
import type { RouteCallInput } from './prepare.js';
import type { AuthStrategy, HttpMethod, PreparedRequest, TransportResponse } from './types.js';

/** What a compact route client reads at each call (a client may be re-initialized between calls). */
export interface CompactSettings {
  /** Base URL every path is appended to (no trailing slash). */
  readonly baseUrl: string;
  /** The `fetch` to call; default the global one, as it is at each call. */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** Per-attempt timeout in ms, bounded by the call's deadline: the body is read within it. */
  readonly timeoutMs: number;
  /**
   * The call's one deadline, in ms from its start: the attempt and the replay after a renewal draw
   * on it. The strategy bounds its own renewal (the browser facade's `tokenRenewalTimeoutMs`).
   */
  readonly totalTimeoutMs: number;
  /**
   * Credentials of every request: renewed and replayed once on 401. Every header value it applies
   * (and the credential after its scheme) is scrubbed from that request's errors.
   */
  readonly auth: AuthStrategy;
}

/** What a client plugs into {@link createCompactRouteClient}. */
export interface CompactRouteClientConfig {
  /** The settings of a call, read when it is sent; may throw (e.g. not initialized yet). */
  readonly settings: () => CompactSettings;
  /** Reads code/message (and request id) out of the API's error body. */
  readonly parseErrorBody: ErrorBodyParser;
}

/** Typed calls by route key, as `RouteClient` offers them; `Outputs` maps each key to its response type. */
export interface CompactRouteClient<Outputs> {
  /**
   * The prepare stage: the key's method and path (the template filled from `input.params`, each
   * value URI-encoded), the body as JSON, and `schema` as the response check.
   * @throws ValidationError for a path parameter missing from `input.params`.
   */
  prepare<K extends keyof Outputs & string>(
    key: K,
    input?: RouteCallInput,
    schema?: StandardSchema<unknown, Outputs[K]>,
  ): PreparedRequest<Outputs[K]>;
  /** Authorize -> send -> parse of a prepared request, unchanged. */
  send<T>(request: PreparedRequest<T>): Promise<TransportResponse<T>>;
  /** Prepares and sends one call of `key`: its response, checked by `schema` when given. */
  call<K extends keyof Outputs & string>(
    key: K,
    input?: RouteCallInput,
    schema?: StandardSchema<unknown, Outputs[K]>,
  ): Promise<TransportResponse<Outputs[K]>>;
}

/** Replaces each secret (4+ characters), raw or URL-encoded, in `text` with `[REDACTED]`. */
export function scrubSecrets(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const s of secrets)
    if (s && s.length > 3) for (const form of [s, encodeURIComponent(s)]) out = out.split(form).join('[REDACTED]');
  return out;
}

/** Builds a compact route client (see the file comment for what each stage keeps). */
export function createCompactRouteClient<Outputs>(config: CompactRouteClientConfig): CompactRouteClient<Outputs> {
  const prepare = <T>(key: string, input: RouteCallInput = {}, schema?: StandardSchema<unknown, T>) => {
    const [method, route = ''] = key.split(' ');
    const params = (input.params ?? {}) as Record<string, unknown>;
    const request: PreparedRequest<T> = {
      method: method as HttpMethod,
      path: route.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = params[name];
        if (value == null || value === '')
          throw new ValidationError('path parameters', [{ path: [name], message: 'is required' }]);
        return encodeURIComponent(String(value));
      }),
      json: input.body,
      schema,
    };
    return request;
  };

  const send = async <T>(request: PreparedRequest<T>): Promise<TransportResponse<T>> => {
    const s = config.settings();
    const fetch = s.fetch ?? globalThis.fetch;
    const url = s.baseUrl + request.path;
    const info: RequestInfo = { method: request.method, url };
    const deadline: Deadline = Date.now() + s.totalTimeoutMs;
    // Every credential this request sent (a replay sends a renewed one): scrubbed from its errors
    // even after the client moved on to another (issue 16).
    const sent: string[] = [];
    const scrub = (text: string) => scrubSecrets(text, sent);
    const { response, timer, text } = await authorize(
      s.auth,
      {
        replayable: true,
        // Send stage: one fetch per credential, its timer left running until the body is read.
        async send(credentials) {
          for (const value of Object.values(credentials ?? {})) sent.push(value, value.replace(/^\S+\s+/, ''));
          const ms = Math.min(s.timeoutMs, deadline - Date.now());
          const abort = new AbortController();
          const timer = setTimeout(() => abort.abort(), ms);
          const json = request.json !== undefined;
          try {
            if (ms <= 0) throw ms;
            // Called unbound: a browser's own fetch throws "Illegal invocation" on another `this`.
            const response = await fetch(url, {
              method: request.method,
              headers: {
                accept: 'application/json',
                ...(json && { 'content-type': 'application/json' }),
                ...credentials,
              },
              body: json ? JSON.stringify(request.json) : null,
              signal: abort.signal,
            });
            // The body is read within the attempt: a stall mid-body is a timeout, not a connection error.
            return { response, timer, text: await response.text() };
          } catch (error) {
            clearTimeout(timer);
            throw abort.signal.aborted || ms <= 0
              ? new TimeoutError(info, `no answer within ${s.timeoutMs} ms`)
              : new ConnectionError(info, scrub(String((error as Error | undefined)?.message ?? error)));
          }
        },
      },
      // The strategy bounds its own renewal; the replay draws on the deadline above.
      { bound: (work) => work },
    ).catch((error: unknown) => {
      throw error instanceof StrategyFailure ? error.original : error;
    });
    // Parse stage.
    clearTimeout(timer);
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: an error status still maps; a 2xx fails its schema check.
    }
    const requestId = response.headers.get('x-request-id') ?? undefined;
    // Every server-supplied string is scrubbed: a hostile server may echo the token it got.
    const clean = (value: unknown) => (typeof value === 'string' ? scrub(value) : undefined);
    if (!response.ok) {
      const details = config.parseErrorBody(data);
      throw apiErrorFor({
        ...info,
        status: response.status,
        code: clean(details.code),
        message: clean(details.message),
        requestId: clean(requestId ?? details.requestId),
      });
    }
    const result = request.schema?.['~standard'].validate(data) as StandardResult<T> | undefined;
    if (result?.issues)
      throw new ResponseValidationError(
        info,
        response.status,
        result.issues.map((i) => ({
          message: i.message,
          path: (i.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)),
        })),
      );
    return { data: result ? result.value : (data as T), status: response.status, headers: response.headers, requestId };
  };

  return {
    prepare,
    send,
    // Async: bad input rejects like any failure of the call (nothing was sent).
    call: async (key, input, schema) => send(prepare(key, input, schema)),
  };
}
