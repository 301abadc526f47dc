/** The Partner API's error body (docs/decisions/partner.md): `{ error: { code, message } }`. */
import { formatPath } from '@viewlink/transport';
import { json, type RouteIssue } from '../../core/router.js';

/** A Partner API error response. */
export function partnerError(
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): Response {
  return json({ error: { code, message } }, status, headers);
}

/**
 * 415 for a form or multipart body: the API takes JSON only, and a JSON text sent under a form type
 * (Python's urllib without a Content-Type) would otherwise read as one strange parameter.
 */
export function unsupportedMediaType(method: string, pathname: string, mediaType: string): Response {
  return partnerError(
    415,
    'unsupported_media_type',
    `${method} ${pathname} takes a JSON body: send it with Content-Type: application/json (this one came as ${mediaType})`,
  );
}

/**
 * The 400 naming each problem at its path as the SDK's errors do: `Invalid body: user_id must
 * not be empty; tags[2] must be a string`, a problem of the whole value without one.
 */
export function invalidRequest(code: string, what: string, issues: readonly RouteIssue[], input?: unknown): Response {
  const problems = issues.map((i) => (i.path.length === 0 ? i.message : `${formatPath(i.path)} ${i.message}`));
  return partnerError(400, code, `Invalid ${what}: ${problems.join('; ')}${plusReadAsSpace(what, input)}`);
}

/**
 * A query time whose offset arrived as a space (`...T00:00:00 00:00`): the client sent `+00:00`
 * unencoded (Python's `isoformat()` in an f-string), and a `+` in a query reads as a space.
 */
function plusReadAsSpace(what: string, input: unknown): string {
  if (what !== 'query' || typeof input !== 'object' || input === null) return '';
  const spaced = Object.entries(input).find(
    ([, value]) => typeof value === 'string' && /T[\d:.]+ \d{2}:?\d{2}$/.test(value),
  );
  return spaced
    ? ` (${spaced[0]} arrived as '${spaced[1]}': a + in a query string reads as a space, so send it as %2B)`
    : '';
}
