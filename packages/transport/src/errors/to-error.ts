/**
 * Turns whatever went wrong during a request into one error of the Viewlink tree. Every string
 * the server controls (code, message, params, details, request id) passes through the
 * request's redactor: a server that echoes the credentials it received shows none of them.
 */

import { BROWSER_BUILD } from '../internal/browser-build.js';
import { parseRetryAfter } from '../pipeline/retry-policy.js';
import { createRedactor, type Redactor } from '../secrets/redact.js';
import {
  AbortError,
  type APIErrorDetails,
  apiErrorFor,
  ConnectionError,
  type RequestInfo,
  TimeoutError,
  ViewlinkError,
} from './tree.js';

/** Reads code/message/params from a server's error body; each API has its own shape. */
export type ErrorBodyParser = (body: unknown) => APIErrorDetails;

/**
 * Request info that carries the redactor of its own request (the client's secrets plus what
 * this request sent); when present it is used instead of the client's.
 */
export interface RedactingRequestInfo extends RequestInfo {
  readonly redactor?: Redactor | undefined;
  /** Records headers the request sent (a credential's), so its errors scrub their secrets too. */
  sentHeaders?(headers: Readonly<Record<string, string>> | undefined): void;
}

function redactorOf(request: RequestInfo, fallback: Redactor): Redactor {
  return (request as RedactingRequestInfo).redactor ?? fallback;
}

function scrubRecord(record: Readonly<Record<string, string>> | undefined, redactor: Redactor) {
  if (!record) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) out[redactor.text(key)] = redactor.text(String(value));
  return out;
}

/** Applies the redactor to every string (keys too) inside a JSON-like value. */
function scrubDeep(value: unknown, redactor: Redactor, depth = 0): unknown {
  if (typeof value === 'string') return redactor.text(value);
  if (depth > 20 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, redactor, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[redactor.text(key)] = scrubDeep(item, redactor, depth + 1);
  return out;
}

function scrubOptional(value: unknown, redactor: Redactor): string | undefined {
  return typeof value === 'string' ? redactor.text(value) : undefined;
}

/** Maps an HTTP status + parsed body onto the API error subclass, redacting every server-supplied string. */
export function httpError(
  request: RequestInfo,
  status: number,
  headers: Headers,
  body: unknown,
  parse: ErrorBodyParser,
  clientRedactor: Redactor,
) {
  const redactor = redactorOf(request, clientRedactor);
  let details: APIErrorDetails = {};
  try {
    details = parse(body);
  } catch {
    // A body we cannot read still yields an error with the status.
  }
  return apiErrorFor({
    method: request.method,
    url: request.url,
    callSite: request.callSite,
    status,
    code: scrubOptional(details.code, redactor),
    message: scrubOptional(details.message, redactor),
    params: scrubRecord(details.params, redactor),
    details:
      details.details === undefined
        ? undefined
        : (scrubDeep(details.details, redactor) as Readonly<Record<string, unknown>>),
    requestId: scrubOptional(headers.get('x-request-id') ?? details.requestId, redactor),
    retryAfterMs: parseRetryAfter(headers.get('retry-after')),
  });
}

/**
 * A socket error's errno code and where it happened (`ECONNREFUSED 127.0.0.1:1234`), when `error`
 * has a code; a happy-eyeballs AggregateError (one failure per address tried) by its first.
 * undici's own codes say little alone (`UND_ERR_SOCKET`): their fixed text goes with them,
 * `UND_ERR_SOCKET (other side closed) 127.0.0.1:1234`.
 */
function socketReason(error: object): string | undefined {
  const first = error instanceof AggregateError ? error.errors[0] : undefined;
  const code = (error as { code?: unknown }).code ?? (first as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return undefined;
  const { message } = error as { message?: unknown };
  const said = code.startsWith('UND_ERR_') && typeof message === 'string' && message !== '' ? ` (${message})` : '';
  const place = networkPlace(error) ?? (typeof first === 'object' && first !== null ? networkPlace(first) : undefined);
  return place === undefined ? code + said : `${code}${said} ${place}`;
}

/**
 * Where a socket error happened, when the runtime says: `127.0.0.1:1234`, `[::1]:80`, a host name;
 * undici's socket errors say it on their `socket` (`remoteAddress`, `remotePort`).
 */
function networkPlace(error: object): string | undefined {
  const { socket } = error as { socket?: { remoteAddress?: unknown; remotePort?: unknown } };
  const { address, port, hostname } =
    typeof socket === 'object' && socket !== null && typeof socket.remoteAddress === 'string'
      ? { address: socket.remoteAddress, port: socket.remotePort, hostname: undefined }
      : (error as { address?: unknown; port?: unknown; hostname?: unknown });
  if (typeof address === 'string') {
    const host = address.includes(':') ? `[${address}]` : address;
    return typeof port === 'number' || typeof port === 'string' ? `${host}:${port}` : host;
  }
  return typeof hostname === 'string' ? hostname : undefined;
}

/**
 * The most specific reason in a chain of causes: an errno code and where it happened
 * (`ECONNREFUSED 127.0.0.1:1234`, `ENOTFOUND api.example`), else the innermost message
 * (`fetch failed` says nothing; its cause does). Only codes and addresses, never a header or body.
 * The browser build reads messages only: a browser's fetch reports no errno code or socket.
 */
function networkReason(error: Error): string {
  let current: unknown = error;
  let innermost = error.message;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const reason = BROWSER_BUILD ? undefined : socketReason(current);
    if (reason !== undefined) return reason;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') innermost = message;
    current = (current as { cause?: unknown }).cause;
  }
  return innermost;
}

/**
 * The server could not be reached (`fetch` rejected with `error`), or (`inBody`) the connection
 * failed after the response headers: a {@link ConnectionError} naming the most specific reason,
 * redacted, `the body broke off: ` before it when the server had begun to answer (so the request
 * reached it); a rejection that is no Error is named by its text.
 */
export function connectionError(
  request: RequestInfo,
  error: unknown,
  clientRedactor: Redactor,
  inBody?: boolean,
): ConnectionError {
  const original = error instanceof Error ? error : new Error(String(error));
  const reason = redactorOf(request, clientRedactor).text(networkReason(original));
  return new ConnectionError(request, inBody ? `the body broke off: ${reason}` : reason);
}

/** Redacts what no client's redactor reached (a request info without one): secret-looking query values. */
const NO_SECRETS = /* @__PURE__ */ createRedactor();

/**
 * Why the app aborted, safe to keep as an error's `cause`: a Viewlink error as it is (redacted
 * when made); an Error with nothing but its name, message and stack, whose message holds nothing the
 * request's redactor finds (`new Error('user left the page')`, `AbortSignal.timeout()`'s
 * DOMException), as it is, so `error.cause === reason`; any other Error as a plain Error of its
 * name and redacted message (its fields and causes may hold anything: a failed request's
 * headers); a string redacted; anything else (an object) not kept.
 */
function safeReason(reason: unknown, redactor: Redactor): unknown {
  if (typeof reason === 'string') return redactor.text(reason);
  if (!(reason instanceof Error)) return undefined;
  if (reason instanceof ViewlinkError) return reason;
  const message = redactor.text(String(reason.message));
  // Its own `name` (a class of the app sets one) is no field that could hold a secret.
  const fields = Object.keys(reason).filter((key) => key !== 'name');
  if (message === reason.message && fields.length === 0 && !('cause' in reason)) return reason;
  const copy = new Error(message);
  copy.name = String(reason.name);
  return copy;
}

/**
 * The caller's `signal` fired: an {@link AbortError} of `request`, named at `callSite` when
 * `request` names no call, with the app's reason (`controller.abort(reason)`,
 * `AbortSignal.timeout()`'s) as `cause`, redacted as the request's errors are. The one way the
 * SDK makes the AbortError of a caller's signal.
 */
export function callerAborted(request: RequestInfo, signal: AbortSignal | undefined, callSite?: string): AbortError {
  const cause = safeReason(signal?.reason, (request as RedactingRequestInfo).redactor ?? NO_SECRETS);
  return new AbortError(request, callSite, { cause });
}

/**
 * Converts anything thrown during a request into the Viewlink error tree, keeping no raw
 * request; the send stage throws errors of the tree itself, passed through as they are.
 * `AbortError` only when the caller's `signal` fired: given `caller`, a raw abort that is not
 * the caller's (our own timer's, ending a body read) is a {@link TimeoutError}.
 */
export function toViewlinkError(
  error: unknown,
  request: RequestInfo,
  clientRedactor: Redactor,
  caller?: { readonly signal?: AbortSignal | undefined },
): Error {
  if (error instanceof ViewlinkError) return error;
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return caller === undefined || caller.signal?.aborted
      ? callerAborted(request, caller?.signal)
      : new TimeoutError(request);
  }
  if (error instanceof Error) return connectionError(request, error, clientRedactor);
  return new ConnectionError(request, 'unknown failure');
}
