/** The Partner API's error body `{ error: { code, message, request_id } }` read for the transport (docs/decisions/partner.md). */
import { PartnerErrorBody } from '@viewlink/schemas';
import type { ErrorBodyParser } from '@viewlink/transport';

/** Reads code, message and request id out of a Partner API error body. */
export const parsePartnerError: ErrorBodyParser = (body) => {
  const result = PartnerErrorBody.safeParse(body);
  if (!result.success) return {};
  const { code, message, request_id } = result.data.error;
  return { code, message, requestId: request_id };
};
