import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  apiErrorFor,
  BadRequestError,
  ConflictError,
  createTransport,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  ValidationError,
  ViewlinkError,
} from '../src/index.js';
import { BASE, useMswServer } from './helpers.js';

const server = useMswServer();

describe('error tree', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
    [418, APIError],
  ])('maps %i to its class, keeping code, message and request id', async (status, Class) => {
    server.use(
      http.get(`${BASE}/x`, () =>
        HttpResponse.json(
          { error: { code: `code_${status}`, message: 'went wrong' } },
          { status, headers: { 'x-request-id': 'req-1' } },
        ),
      ),
    );
    const error = await createTransport({ baseUrl: BASE, retry: false })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ViewlinkError);
    expect(error).toMatchObject({
      status,
      code: `code_${status}`,
      requestId: 'req-1',
      method: 'GET',
      url: `${BASE}/x`,
    });
    expect((error as Error).message).toContain('went wrong');
  });

  it('uses the API-specific body parser for params', async () => {
    server.use(
      http.get(`${BASE}/x`, () =>
        HttpResponse.json(
          {
            code: 'rest_invalid_param',
            message: 'Invalid parameter(s): per_page',
            data: { status: 400, params: { per_page: 'too big' } },
          },
          { status: 400 },
        ),
      ),
    );
    const transport = createTransport({
      baseUrl: BASE,
      parseErrorBody: (body) => {
        const b = body as { code: string; message: string; data: { params: Record<string, string> } };
        return { code: b.code, message: b.message, params: b.data.params };
      },
    });
    const error = await transport.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rest_invalid_param', params: { per_page: 'too big' } });
  });

  it('a RateLimitError lists retryAfterMs in toJSON(): a JSON log line says how long the server asked to wait', async () => {
    server.use(
      http.get(`${BASE}/busy`, () =>
        HttpResponse.json({ error: { code: 'rate_limited' } }, { status: 429, headers: { 'retry-after': '3' } }),
      ),
    );
    const error = (await createTransport({ baseUrl: BASE, retry: false })
      .request({ method: 'GET', path: '/busy' })
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(3_000);
    // It was a field of the object only: JSON.stringify(error) dropped it.
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 3_000 });
    // Without the header: absent, as every unset safe field is.
    const bare = apiErrorFor({ method: 'GET', url: `${BASE}/busy`, status: 429 }) as RateLimitError;
    expect(bare.retryAfterMs).toBeUndefined();
    expect(JSON.stringify(bare)).not.toContain('retryAfterMs');
  });

  it("keeps the server's own message (redacted) in serverMessage, which message wraps; none without one; not in toJSON()", async () => {
    const token = 'tok_5e1f9c2a7b';
    server.use(
      http.get(`${BASE}/x`, () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: `no access for ${token} (see docs)` } },
          { status: 403 },
        ),
      ),
    );
    const error = (await createTransport({ baseUrl: BASE, retry: false })
      .request({ method: 'GET', path: '/x', headers: { authorization: `Bearer ${token}` } })
      .catch((e: unknown) => e)) as PermissionDeniedError;
    expect(error.serverMessage).toBe('no access for [REDACTED] (see docs)');
    expect(error.message).toBe(`403 no access for [REDACTED] (see docs) (GET ${BASE}/x)`);
    expect(Object.keys(error.toJSON())).not.toContain('serverMessage');

    // Rebuilt with more to say, from the fields alone: the same class, the rest kept.
    const { status, code, method, url, requestId } = error;
    const rebuilt = apiErrorFor({
      status,
      code,
      method,
      url,
      requestId,
      message: `files.get(): ${error.serverMessage}`,
    });
    expect(rebuilt).toBeInstanceOf(PermissionDeniedError);
    expect(rebuilt.message).toBe(`403 files.get(): no access for [REDACTED] (see docs) (GET ${BASE}/x)`);

    const bare = apiErrorFor({ status: 502, method: 'GET', url: `${BASE}/x` });
    expect(bare.serverMessage).toBeUndefined();
    expect(bare.message).toBe(`502 HTTP 502 (GET ${BASE}/x)`);
  });

  it('a ValidationError built by untyped code with a non-string label still constructs (consumer identity check)', () => {
    const error = new ValidationError(42 as unknown as string, []);
    expect(error.message).toBe('Invalid 42: ');
  });
});
