import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';

/** API error body (designed; the spec hides it): `{ error: { code, message, request_id? } }`. */
export const PartnerErrorBody = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    error: described(
      z.looseObject({
        code: described(
          z.string(),
          'Machine-readable error code; branch on it, not on the message. A newer code may appear. Sent today: `invalid_api_key` (401: the API Key is wrong), `invalid_access_token` (401: renew the pair with `POST /v1/auth/token/refresh`, then retry once), `invalid_refresh_token` (401: unknown, spent or expired: issue a new pair with `POST /v1/auth/token`), `invalid_request` (400: the message names each bad parameter), `invalid_cursor` (400: read the history again from the first page), `account_broken`, `no_linked_accounts`, `account_not_refreshable` (409: nothing to refresh), `not_found`, `file_not_found` (404), `file_expired` (410), `method_not_allowed` (405, with `Allow`), `unsupported_media_type` (415: send JSON with `Content-Type: application/json`), `rate_limited` (429: wait `Retry-After` seconds).',
        ),
        message: described(z.string(), 'Human-readable explanation, for logs.'),
        request_id: described(z.optional(z.string()), 'Id of the request, to quote to support.'),
      }),
      'What went wrong.',
    ),
  }),
);
/** Output type of {@link PartnerErrorBody}. */
export interface PartnerErrorBody extends T.PartnerErrorBodyFields {}

/** What a client reads out of a Partner API error body: all three from a well-formed body, none otherwise. */
export interface PartnerErrorFields {
  /** `error.code`, e.g. `file_not_found`. */
  readonly code?: string | undefined;
  /** `error.message`. */
  readonly message?: string | undefined;
  /** `error.request_id`, when the body carries one. */
  readonly requestId?: string | undefined;
}

/**
 * Reads a Partner API error body without zod: on every JSON value it accepts exactly what
 * {@link PartnerErrorBody} accepts (a property test holds the two together). The one reading of
 * error bodies, for the partner client and the web facade's bundle alike. `{}` for any other body.
 */
export function readPartnerError(body: unknown): PartnerErrorFields {
  // `Object()` gives a JSON primitive, array or null no field of the names read here.
  const error: Readonly<Record<string, unknown>> = Object(Object(body).error);
  const { code, message, request_id } = error;
  return typeof code === 'string' &&
    typeof message === 'string' &&
    (typeof request_id === 'string' || request_id === undefined)
    ? { code, message, requestId: request_id }
    : {};
}
