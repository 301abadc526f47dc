// The mock as a conformant HTTP server (issue 23): no 5xx on odd input, 405 with Allow, 400 on
// bad encoding, x-request-id on every answer, and the fixes the fuzzing found.
import { request as httpRequest } from 'node:http';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, toMswHandlers } from '../src/index.js';
import { type RunningServer, serve } from '../src/server.js';

const ADMIN = `Basic ${btoa('admin:fake admin appl pass word xxxx')}`;
let server: RunningServer;
let service: ReturnType<typeof createMockService>;

/** A raw request (any method, the path sent as written), as curl or a fuzzer sends it. */
function raw(
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function accessToken(): Promise<string> {
  const res = await fetch(`${server.url}/v1/auth/token`, {
    method: 'POST',
    headers: { authorization: 'Bearer vl_test_api_key', 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: 'user-123' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  service = createMockService();
  server = await serve({ handle: service.handle, refuseMethod: service.refuseMethod });
});
afterAll(() => server.close());

describe('viewlink-mock as an HTTP server', () => {
  it('answers TRACE with 405, Allow and the API envelope, never 500', async () => {
    const cms = await raw('TRACE', '/wp-json/cms/v2/posts');
    expect(cms.status).toBe(405);
    expect(cms.headers.allow).toBe('GET, POST, HEAD');
    expect(JSON.parse(cms.body)).toMatchObject({ code: 'rest_no_route', data: { status: 405 } });
    const partner = await raw('TRACE', '/v1/user/watchlist');
    expect(partner.status).toBe(405);
    expect(partner.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(partner.body)).toMatchObject({ error: { code: 'method_not_allowed' } });
    expect(partner.headers['x-request-id']).toMatch(/^mock-/);
  });

  it('answers a method a path does not take with 405 and Allow', async () => {
    const res = await raw('PATCH', '/v1/user/watchlist');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect((await raw('PUT', '/v1/nowhere')).status).toBe(404);
  });

  it('words a refused input as the SDK does, for a client in any language (zod/mini says only "Invalid input")', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: 'Bearer vl_test_api_key', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { error: { message: string } } }));
    const empty = await post('/v1/auth/token', { user_id: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Invalid body: user_id must not be empty');
    const wrong = await post('/v1/auth/token', { user_id: 5 });
    expect(wrong.body.error.message).toBe('Invalid body: user_id must be a string');
    // An absent field and an unknown key are said so, each at its own path (zod reports the object).
    expect((await post('/v1/auth/token', {})).body.error.message).toBe('Invalid body: user_id is required');
    expect((await post('/v1/auth/token', { user_id: 'u', userid: 'u' })).body.error.message).toBe(
      'Invalid body: userid is an unknown parameter',
    );
    expect((await post('/v1/auth/token', 'u')).body.error.message).toBe('Invalid body: must be an object');
    // The control routes and the events they fire too.
    const control = await post('/__mock/clock', { advance_ms: -1 });
    expect(control.body.error.message).toBe('Invalid body: advance_ms must be at least 0');
    const event = await post('/__mock/webhook/events', { type: 'LinkedAccountBroken', user_id: 'u' });
    expect(event.status).toBe(400);
    expect(event.body.error.message).toBe(
      'Invalid LinkedAccountBroken event: linked_account_id is required; service is required',
    );
  });

  it('answers malformed percent-encoding with 400', async () => {
    const cms = await raw('GET', '/wp-json/cms/v2/posts/%E0%A4%A');
    expect(cms.status).toBe(400);
    expect(JSON.parse(cms.body)).toMatchObject({ code: 'rest_invalid_url' });
    const partner = await raw('GET', '/v1/files/%E0%A4%A');
    expect(partner.status).toBe(400);
    expect(JSON.parse(partner.body)).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('sends an x-request-id on every answer: home, API, errors, control routes, preflight', async () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/wp-json/'],
      ['GET', '/wp-json/cms/v2/nowhere'],
      ['GET', '/v1/user/watchlist'],
      ['OPTIONS', '/v1/user/watchlist'],
      ['GET', '/__mock/users/user-123'],
    ] as const) {
      const res = await raw(method, path);
      expect(res.headers['x-request-id'], `${method} ${path}`).toMatch(/^mock-[0-9a-f-]{36}$/);
    }
  });

  it('refuses a null JSON body on the Partner API, and reads it as no body on the CMS, as WordPress does', async () => {
    const token = await accessToken();
    const refresh = await fetch(`${server.url}/v1/user/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: 'null',
    });
    expect(refresh.status).toBe(400);
    const write = (type: string) =>
      fetch(`${server.url}/wp-json/cms/v2/${type}`, {
        method: 'POST',
        headers: { authorization: ADMIN, 'content-type': 'application/json' },
        body: 'null',
      });
    // A page may be empty; a post with no title, content or excerpt is refused (WordPress 6.5.5, both measured).
    expect((await write('pages')).status).toBe(201);
    const post = await write('posts');
    expect(post.status).toBe(400);
    expect(await post.json()).toMatchObject({ code: 'empty_content' });
  });

  it('accepts an empty cursor as the first page', async () => {
    const token = await accessToken();
    const res = await fetch(`${server.url}/v1/user/history?cursor=&limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
  });

  it('keeps a menu item description a string, and hides menu items from anonymous readers', async () => {
    const created = await fetch(`${server.url}/wp-json/cms/v2/menu-items`, {
      method: 'POST',
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Home', description: 'The front page' }),
    });
    expect(created.status).toBe(201);
    const item = (await created.json()) as { id: number; description: unknown };
    expect(item.description).toBe('The front page');
    const updated = await fetch(`${server.url}/wp-json/cms/v2/menu-items/${item.id}`, {
      method: 'PUT',
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'Changed' }),
    });
    expect(updated.status).toBe(200);
    const anonymous = await fetch(`${server.url}/wp-json/cms/v2/menu-items/${item.id}`);
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${server.url}/wp-json/cms/v2/menu-items`)).status).toBe(401);
  });

  it('reads a template id with encoded slashes on its revisions and autosaves', async () => {
    // `home` was never saved: its revisions and autosaves answer 403 as on WordPress 6.5.5 (an
    // unknown template would be 404), so the encoded id was read as the template.
    for (const [tail, status] of [
      ['', 200],
      ['/revisions', 403],
      ['/autosaves', 403],
    ] as const) {
      const res = await fetch(`${server.url}/wp-json/cms/v2/templates/twentytwentyfour%2F%2Fhome${tail}`, {
        headers: { authorization: ADMIN },
      });
      expect(res.status, tail || 'the template').toBe(status);
    }
  });
});

describe('the msw handlers', () => {
  it('answer broken percent-encoding with 400 and encoded template slashes as the template, like the server', async () => {
    const msw = setupServer(...toMswHandlers('http://mock.test', createMockService()));
    msw.listen({ onUnhandledFrame: 'error' });
    try {
      const broken = await fetch('http://mock.test/v1/files/%E0%A4%A');
      expect(broken.status).toBe(400);
      expect(broken.headers.get('x-request-id')).toMatch(/^mock-/);
      const revisions = await fetch('http://mock.test/wp-json/cms/v2/templates/twentytwentyfour%2F%2Fhome/revisions', {
        headers: { authorization: ADMIN },
      });
      // 403 (never saved, as on WordPress 6.5.5), not 404: the encoded id was read as the template.
      expect(revisions.status).toBe(403);
    } finally {
      msw.close();
    }
  });
});
