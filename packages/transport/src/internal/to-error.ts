/** Turns whatever went wrong during a request into one error of the Viewlink tree. */
import {
  AbortError,
  type APIErrorDetails,
  apiErrorFor,
  ConnectionError,
  type RequestInfo,
  TimeoutError,
  ViewlinkError,
} from '../core/errors.js';
import type { Redactor } from '../core/redact.js';
import { parseRetryAfter } from './retry-policy.js';
import { SendFailure } from './send.js';

/** Reads code/message/params from a server's error body; each API has its own shape. */
export type ErrorBodyParser = (body: unknown) => APIErrorDetails;

function scrubRecord(record: Readonly<Record<string, string>> | undefined, redactor: Redactor) {
  if (!record) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) out[key] = redactor.text(String(value));
  return out;
}

/** Maps an HTTP status + parsed body onto the API error subclass, redacting every string. */
export function httpError(
  request: RequestInfo,
  status: number,
  headers: Headers,
  body: unknown,
  parse: ErrorBodyParser,
  redactor: Redactor,
) {
  let details: APIErrorDetails = {};
  try {
    details = parse(body);
  } catch {
    // A body we cannot read still yields an error with the status.
  }
  return apiErrorFor({
    method: request.method,
    url: request.url,
    status,
    code: details.code,
    message: details.message === undefined ? undefined : redactor.text(details.message),
    params: scrubRecord(details.params, redactor),
    details: details.details,
    requestId: headers.get('x-request-id') ?? details.requestId,
    retryAfterMs: parseRetryAfter(headers.get('retry-after')),
  });
}

/** The most specific reason in a chain of causes: an errno code such as ECONNRESET if present. */
function networkReason(error: Error): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return error.message;
}

/** Converts a send failure (or anything thrown meanwhile) into the Viewlink error tree, keeping no raw request. */
export function toViewlinkError(error: unknown, request: RequestInfo, redactor: Redactor): Error {
  if (error instanceof ViewlinkError) return error;
  if (error instanceof SendFailure) {
    if (error.kind === 'abort') return new AbortError(request);
    if (error.kind === 'timeout') return new TimeoutError(request);
    const original = error.original instanceof Error ? error.original : new Error(String(error.original));
    return new ConnectionError(request, redactor.text(networkReason(original)));
  }
  if (error instanceof Error && error.name === 'AbortError') return new AbortError(request);
  if (error instanceof Error) return new ConnectionError(request, redactor.text(networkReason(error)));
  return new ConnectionError(request, 'unknown failure');
}
