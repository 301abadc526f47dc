import * as z from 'zod/mini';
import type * as T from '../generated/types.js';
import { lazy } from '../internal/lazy.js';

/** API error body (designed; the spec hides it): `{ error: { code, message, request_id? } }`. */
export const PartnerErrorBody = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    error: z.looseObject({ code: z.string(), message: z.string(), request_id: z.optional(z.string()) }),
  }),
);
/** Output type of {@link PartnerErrorBody}. */
export interface PartnerErrorBody extends T.PartnerErrorBodyFields {}
