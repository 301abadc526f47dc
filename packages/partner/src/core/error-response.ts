/**
 * Maps an SDK error to the answer a partner backend gives its own web app. An `APIError`'s
 * `status` is the Partner API's answer to the backend: Express and Fastify copy `err.status` into
 * their response, so a wrong API Key would reach the browser as 401 ("signed out").
 */
import {
  APIError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
  TokenRenewalError,
  ViewlinkError,
} from '@viewlink/transport/errors';
import { RefreshRefusedError } from './errors.js';

/** What to send the web app for an error: a status, a JSON body and headers. */
export interface ErrorResponse {
  /** 429 refresh refused, 409 broken account, 503 service busy or unreachable, 502 other Partner API refusals and answers that break the schema, 500 otherwise. */
  readonly status: number;
  /** `{ error: { code, message, request_id? } }`: fixed texts, never the API Key, a token, a URL or the server's message. */
  readonly body: { readonly error: { readonly code: string; readonly message: string; readonly request_id?: string } };
  /** `Retry-After` (seconds) when the wait is known. */
  readonly headers: Readonly<Record<string, string>>;
}

const TEXTS = {
  refused: 'Refresh refused: try again later',
  broken: 'A linked account must be connected again',
  busy: 'The Viewlink service is busy or unreachable: try again later',
  upstream: 'The Viewlink service refused the request',
  internal: 'Internal error',
} as const;

function retryAfter(ms: unknown): Record<string, string> {
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? { 'retry-after': String(Math.ceil(ms / 1000)) } : {};
}

function answer(status: number, code: string, message: string, error: unknown, headers = {}): ErrorResponse {
  const requestId = error instanceof APIError ? error.requestId : undefined;
  return { status, body: { error: { code, message, ...(requestId ? { request_id: requestId } : {}) } }, headers };
}

/**
 * The answer for your web app when an SDK call in a route fails: use it in the framework's error
 * handler instead of its default, which reads `err.status` (the Partner API's status toward your
 * backend) and may show `err.message`. The details stay in your logs.
 *
 * @example
 * ```ts
 * app.use((error, req, res, next) => {
 *   const { status, body, headers } = errorResponse(error);
 *   res.status(status).set(headers).json(body);
 * });
 * ```
 */
export function errorResponse(error: unknown): ErrorResponse {
  if (error instanceof RefreshRefusedError)
    return answer(429, error.code, TEXTS.refused, error, retryAfter(error.retryAfterMs));
  if (error instanceof ConflictError && error.code === 'account_broken')
    return answer(409, error.code, TEXTS.broken, error);
  if (error instanceof RateLimitError || (error instanceof InternalServerError && error.status === 503))
    return answer(503, error.code, TEXTS.busy, error, retryAfter((error as { retryAfterMs?: unknown }).retryAfterMs));
  if (error instanceof InternalServerError || error instanceof ConnectionError || error instanceof TimeoutError)
    return answer(503, error.code, TEXTS.busy, error);
  if (error instanceof APIError || error instanceof TokenRenewalError || error instanceof ResponseValidationError)
    return answer(502, error.code, TEXTS.upstream, error);
  return answer(500, error instanceof ViewlinkError ? error.code : 'internal_error', TEXTS.internal, error);
}
