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
