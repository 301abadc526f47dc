/**
 * The WordPress error envelope, read into the shared Viewlink error tree. Every CMS error is an
 * `APIError` subclass from `@viewlink/transport` keeping the server's `code` (e.g.
 * `rest_post_invalid_id`) and its per-parameter messages.
 */
import type { APIErrorDetails } from '@viewlink/transport';

export {
  AbortError,
  APIError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  // The check across copies of the error tree: Hermes ignores Symbol.hasInstance, so `instanceof`
  // fails between an app's ESM and CJS copies there (docs/runtimes.md).
  isViewlinkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
  ViewlinkError,
} from '@viewlink/transport';

/** Message recorded for each parameter a `rest_missing_callback_param` error lists. */
export const MISSING_PARAMETER = 'Missing parameter';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads `{ code, message, data: { status, params, details } }`.
 *
 * - `data.params` as an object (`rest_invalid_param`) maps parameter names to messages.
 * - `data.params` as a list (`rest_missing_callback_param`) names missing parameters; each is
 *   recorded with the message {@link MISSING_PARAMETER}.
 * - `data.details` (per-parameter `{ code, message, data }`) is kept as given.
 *
 * Bodies that are not an envelope (HTML error pages, plain text) yield no details, so the
 * error still carries its HTTP status.
 */
export function parseWordPressError(body: unknown): APIErrorDetails {
  if (!isRecord(body)) return {};
  const data = isRecord(body.data) ? body.data : {};
  let params: Record<string, string> | undefined;
  if (Array.isArray(data.params)) {
    params = {};
    for (const name of data.params) if (typeof name === 'string') params[name] = MISSING_PARAMETER;
  } else if (isRecord(data.params)) {
    params = {};
    for (const [name, message] of Object.entries(data.params)) {
      params[name] = typeof message === 'string' ? message : JSON.stringify(message);
    }
  }
  const code = typeof body.code === 'string' ? body.code : undefined;
  let message = typeof body.message === 'string' ? body.message : undefined;
  if (code === 'internal_server_error' && message !== undefined) message = fatalErrorMessage(message, data.error);
  return {
    code,
    message,
    params,
    details: isRecord(data.details) ? data.details : undefined,
  };
}

/**
 * WordPress's answer to a PHP fatal error (a broken plugin or theme) as plain text: its message is
 * the HTML of the "critical error" page, and `data.error` (`{ type, message, file, line }`) holds
 * the PHP error, whose first line says what broke and where.
 */
function fatalErrorMessage(html: string, error: unknown): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,])/g, '$1')
    .trim();
  if (!isRecord(error) || typeof error.message !== 'string') return text;
  const where =
    typeof error.file === 'string' ? ` in ${error.file}${typeof error.line === 'number' ? `:${error.line}` : ''}` : '';
  const what = error.message.split('\n')[0]?.replace(/ in \S+:\d+$/, '') ?? '';
  return `${text} (PHP: ${what}${where})`;
}

/** Which credentials a client sends: what a 401 hint points at. */
export type CmsAuthKind = 'application-password' | 'nonce' | 'hook' | 'none';

/**
 * What to check after a 401, by the credentials sent. WordPress answers a wrong application
 * password as if no one signed in ("Sorry, you are not allowed to create posts as this user."),
 * which reads as a missing permission; the hint says it was the sign-in. Names options, never values.
 */
export function unauthenticatedHint(kind: CmsAuthKind): string {
  switch (kind) {
    case 'application-password':
      return 'Not signed in: WordPress did not accept `auth.username` and `auth.applicationPassword` (an application password from Users → Profile → Application Passwords, not the login password; a server that drops the Authorization header has the same effect).';
    case 'nonce':
      return 'Not signed in: WordPress did not accept `auth.nonce` with the cookies sent (a stale nonce, or cookies not sent to this origin).';
    case 'hook':
      return 'Not signed in: WordPress did not accept the credentials of the `auth` hook.';
    default:
      return 'Not signed in: this route needs a user; pass `auth: { username, applicationPassword }` to the client.';
  }
}

/**
 * The parameters of a 400 that WordPress refused for want of a signed-in user: those whose
 * `details` entry carries status 401 (`status: ['draft']` read anonymously, or with a wrong
 * application password, is `rest_invalid_param` with `rest_forbidden_status` inside).
 */
function refusedUnsignedIn(details: APIErrorDetails['details']): string[] {
  if (!isRecord(details)) return [];
  return Object.entries(details)
    .filter(([, detail]) => isRecord(detail) && isRecord(detail.data) && detail.data.status === 401)
    .map(([name]) => name);
}

/**
 * {@link parseWordPressError}, with the {@link unauthenticatedHint} added to a 401's message, and
 * to a 400 whose parameters were refused because no one signed in (`Invalid parameter(s): status`
 * reads as a bad value, when it was the sign-in); any other 400 gets its per-parameter reasons.
 */
export function parseWordPressErrorFor(kind: CmsAuthKind): (body: unknown) => APIErrorDetails {
  return (body) => {
    const details = parseWordPressError(body);
    const status = isRecord(body) && isRecord(body.data) ? body.data.status : undefined;
    const message = details.message === undefined ? '' : `${details.message.trimEnd()} `;
    if (status === 401) return { ...details, message: `${message}${unauthenticatedHint(kind)}` };
    const unsigned = status === 400 ? refusedUnsignedIn(details.details) : [];
    if (unsigned.length === 0) {
      const why = status === 400 ? reasons(details.params) : '';
      return why === '' ? details : { ...details, message: `${message}(${why})` };
    }
    const names = unsigned.map((name) => `\`${name}\``).join(', ');
    return { ...details, message: `${message}(${names} needs a signed-in user.) ${unauthenticatedHint(kind)}` };
  };
}

/**
 * The per-parameter reasons of a 400, for its message: WordPress's `message` names the parameters
 * only (`Invalid parameter(s): per_page`), its `data.params` say why (`per_page must be between 1
 * (inclusive) and 100 (inclusive)`, `requests must contain at most 25 items.`). Missing
 * parameters are already named in the message.
 */
function reasons(params: APIErrorDetails['params']): string {
  if (params === undefined) return '';
  return Object.entries(params)
    .filter(([, text]) => text !== MISSING_PARAMETER && text !== '')
    .map(([name, text]) => (text.startsWith(name) ? text : `${name}: ${text}`))
    .join('; ');
}
