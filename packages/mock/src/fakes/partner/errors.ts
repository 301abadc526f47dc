/** The Partner API's error body (docs/decisions/partner.md): `{ error: { code, message } }`. */
import { json } from '../../core/router.js';

/** A Partner API error response. */
export function partnerError(
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): Response {
  return json({ error: { code, message } }, status, headers);
}
