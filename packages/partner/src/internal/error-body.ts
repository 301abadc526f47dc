/** The Partner API's error body `{ error: { code, message, request_id } }` read for the transport (docs/decisions/partner.md). */
import { readPartnerError } from '@viewlink/schemas';
import type { ErrorBodyParser } from '@viewlink/transport';

/** Reads code, message and request id out of a Partner API error body: the schemas' one reading, shared with the web facade. */
export const parsePartnerError: ErrorBodyParser = readPartnerError;
