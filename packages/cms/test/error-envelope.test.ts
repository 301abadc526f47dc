import { createTransport } from '@viewlink/transport';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  MISSING_PARAMETER,
  NotFoundError,
  PermissionDeniedError,
  parseWordPressError,
  parseWordPressErrorFor,
} from '../src/core/errors.js';
import { fixture, ROOT, reply, useMswServer } from './helpers.js';

const server = useMswServer();
const transport = createTransport({ baseUrl: ROOT, parseErrorBody: parseWordPressError, retry: false });

async function failWith(name: string): Promise<APIError> {
  server.use(http.get(`${ROOT}/wp/v2/x`, () => reply(name)));
  const error = await transport.request({ method: 'GET', path: '/wp/v2/x' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(APIError);
  return error as APIError;
}

describe('WordPress error envelope', () => {
  it('keeps code, message and per-parameter messages and details of rest_invalid_param', async () => {
    const error = await failWith('error-400-invalid-param');
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('rest_invalid_param');
    expect(error.status).toBe(400);
    expect(error.message).toContain('Invalid parameter(s): per_page');
    expect(error.params).toEqual({ per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' });
    expect(error.details).toMatchObject({ per_page: { code: 'rest_out_of_bounds' } });
  });

  it("reads a PHP fatal error's 500 (a broken plugin) as plain text with the PHP error's first line", async () => {
    const error = await failWith('error-500-plugin-fatal');
    expect(error.status).toBe(500);
    expect(error.code).toBe('internal_server_error');
    expect(error.message).toBe(
      `500 There has been a critical error on this website. Learn more about troubleshooting WordPress. (PHP: Uncaught Error: Call to undefined function undefined_function_call() in /var/www/html/wp-content/mu-plugins/broken.php:3) (GET ${ROOT}/wp/v2/x)`,
    );
    // Without data.error (WordPress shows it only to some sites), the text alone.
    expect(
      parseWordPressError({
        code: 'internal_server_error',
        message: '<p>There has been a critical error on this website.</p>',
        data: { status: 500 },
      }).message,
    ).toBe('There has been a critical error on this website.');
  });

  it('turns the list of rest_missing_callback_param into per-parameter entries', async () => {
    const error = await failWith('error-400-missing-param');
    expect(error.code).toBe('rest_missing_callback_param');
    expect(error.params).toEqual({ email: MISSING_PARAMETER, password: MISSING_PARAMETER });
  });

  it.each([
    ['error-401-unauth-create', AuthenticationError, 'rest_cannot_create'],
    ['error-401-edit-context', AuthenticationError, 'rest_forbidden_context'],
    ['error-401-bad-app-password', AuthenticationError, 'rest_not_logged_in'],
    ['error-403-subscriber-create', PermissionDeniedError, 'rest_cannot_create'],
    ['error-403-subscriber-settings', PermissionDeniedError, 'rest_forbidden'],
    ['error-404-no-route', NotFoundError, 'rest_no_route'],
    ['error-404-post', NotFoundError, 'rest_post_invalid_id'],
  ] as const)('%s maps to %s with code %s', async (name, Class, code) => {
    const error = await failWith(name);
    expect(error).toBeInstanceOf(Class);
    expect(error.code).toBe(code);
    expect(error.status).toBe(fixture(name).status);
    expect(error.params).toBeUndefined();
  });

  it('keeps the status of a body that is not an envelope', async () => {
    server.use(http.get(`${ROOT}/wp/v2/x`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await createTransport({ baseUrl: ROOT, parseErrorBody: parseWordPressError, retry: false })
      .request({ method: 'GET', path: '/wp/v2/x' })
      .then(
        () => undefined as never,
        (e: unknown) => e as APIError,
      );
    expect(error.status).toBe(502);
    expect(error.code).toBe('http_502');
  });

  it('adds the sign-in hint to a 400 whose parameter WordPress refused for want of a user, only then', () => {
    const forbidden = (status: number) => ({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): status',
      data: {
        status: 400,
        params: { status: 'Status is forbidden.' },
        details: { status: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status } } },
      },
    });
    expect(parseWordPressErrorFor('none')(forbidden(401)).message).toBe(
      'Invalid parameter(s): status (`status` needs a signed-in user.) Not signed in: this route needs a user; pass `auth: { username, applicationPassword }` to the client.',
    );
    expect(parseWordPressErrorFor('application-password')(forbidden(401)).message).toMatch(
      /^Invalid parameter\(s\): status \(`status` needs a signed-in user\.\) Not signed in: WordPress did not accept `auth\.username`/,
    );
    // Signed in, not allowed: WordPress's words, with the parameter's reason.
    expect(parseWordPressErrorFor('application-password')(forbidden(403)).message).toBe(
      'Invalid parameter(s): status (status: Status is forbidden.)',
    );
  });

  it("adds a 400's per-parameter reasons to its message (WordPress's message names the parameters only)", () => {
    const invalid = (params: Record<string, string>) => ({
      code: 'rest_invalid_param',
      message: `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
      data: { status: 400, params },
    });
    const parse = parseWordPressErrorFor('none');
    expect(parse(invalid({ per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' })).message).toBe(
      'Invalid parameter(s): per_page (per_page must be between 1 (inclusive) and 100 (inclusive))',
    );
    expect(parse(invalid({ orderby: 'Not one of date, id.', page: 'page must be at least 1' })).message).toBe(
      'Invalid parameter(s): orderby, page (orderby: Not one of date, id.; page must be at least 1)',
    );
    // Missing parameters are named by the message already.
    const missing = {
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): src',
      data: { status: 400, params: ['src'] },
    };
    expect(parse(missing).message).toBe('Missing parameter(s): src');
    // Other statuses keep WordPress's message.
    expect(parse({ ...invalid({ id: 'Invalid.' }), data: { status: 404, params: { id: 'Invalid.' } } }).message).toBe(
      'Invalid parameter(s): id',
    );
  });

  it('parses odd shapes without throwing', () => {
    expect(parseWordPressError(null)).toEqual({});
    expect(parseWordPressError('text')).toEqual({});
    expect(parseWordPressError({ code: 1, data: { params: { a: { nested: true } } } })).toEqual({
      code: undefined,
      message: undefined,
      params: { a: '{"nested":true}' },
      details: undefined,
    });
  });
});
