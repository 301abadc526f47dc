import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { described } from '../internal/describe.js';
import { lazy } from '../internal/lazy.js';

/** API error body (designed; the spec hides it): `{ error: { code, message, request_id? } }`. */
export const PartnerErrorBody = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    error: described(
      z.looseObject({
        code: described(z.string(), 'Machine-readable error code, e.g. `file_not_found`.'),
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
