import * as z from 'zod/mini';
import type * as T from '../generated/types.js';

/** API error body (designed; the spec hides it): `{ error: { code, message, request_id? } }`. */
export const PartnerErrorBody = z.looseObject({
  error: z.looseObject({ code: z.string(), message: z.string(), request_id: z.optional(z.string()) }),
});
/** Output type of {@link PartnerErrorBody}. */
export type PartnerErrorBody = T.PartnerErrorBody;
