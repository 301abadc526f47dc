/**
 * SDK errors in a partner backend's token route, inside real Express 5 and Hono on 127.0.0.1: what
 * the web app receives with the framework's default error handling, and with errorResponse().
 */
import express from 'express';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { errorResponse, PartnerClient } from '../src/index.js';
import { fetchListener, listen } from './webhooks-helpers.js';

const API_KEY = 'vl_live_FRAMEWORK_KEY_do_not_leak_77';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A Partner API that answers every request with `status`, as the real one refuses a wrong key. */
async function partnerApi(status: number, code: string, headers: Record<string, string> = {}): Promise<PartnerClient> {
  const api = await listen((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req_up_1', ...headers });
    res.end(JSON.stringify({ error: { code, message: 'upstream detail for the backend only' } }));
  });
  closers.push(api.close);
  return new PartnerClient({ apiKey: API_KEY, baseUrl: api.url, retry: { limit: 0 } });
}

async function expressApp(client: PartnerClient, withErrorResponse: boolean): Promise<string> {
  const app = express();
  app.post('/api/viewlink/token', async (_req, res, next) => {
    try {
      res.json((await client.user('u-42').tokenPair()).toSdkTokens());
    } catch (error) {
      next(error);
    }
  });
  if (withErrorResponse)
    app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      const { status, body, headers } = errorResponse(error);
      res.status(status).set(headers).json(body);
    });
  const server = await listen(app);
  closers.push(server.close);
  return `${server.url}/api/viewlink/token`;
}

async function call(url: string) {
  const response = await fetch(url, { method: 'POST' });
  const text = await response.text();
  expect(text).not.toContain(API_KEY);
  return { status: response.status, text, retryAfter: response.headers.get('retry-after') };
}

describe('an SDK error in a token route', () => {
  it("Express's default handler answers the Partner API's 401 to the browser (why errorResponse exists)", async () => {
    const answer = await call(await expressApp(await partnerApi(401, 'invalid_api_key'), false));
    // The web app would take this for "signed out"; the backend's API Key is what is wrong.
    expect(answer.status).toBe(401);
  });

  it('errorResponse in Express: a wrong API Key is a 502 with the code and request id, no upstream detail', async () => {
    const answer = await call(await expressApp(await partnerApi(401, 'invalid_api_key'), true));
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 'invalid_api_key', message: 'The Viewlink service refused the request', request_id: 'req_up_1' },
    });
    expect(answer.text).not.toContain('upstream detail');
    expect(answer.text).not.toContain('127.0.0.1');
  });

  it('errorResponse in Express: a rate limit is a 503 with the Retry-After the service asked for', async () => {
    const answer = await call(await expressApp(await partnerApi(429, 'rate_limited', { 'retry-after': '7' }), true));
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe('7');
  });

  it('errorResponse in Hono onError: an unreachable service is a 503, a broken account a 409', async () => {
    const unreachable = new PartnerClient({
      apiKey: API_KEY,
      baseUrl: 'http://127.0.0.1:9',
      retry: { limit: 0 },
    });
    const broken = await partnerApi(409, 'account_broken');
    const app = new Hono();
    app.post('/unreachable', async (c) => c.json((await unreachable.user('u-42').tokenPair()).toSdkTokens()));
    app.post('/broken', async (c) => c.json(await broken.user('u-42').refresh({ trigger: 'user-action' })));
    app.onError((error, c) => {
      const { status, body, headers } = errorResponse(error);
      return c.json(body, status as 409 | 503, headers);
    });
    const server = await listen(fetchListener(app.fetch));
    closers.push(server.close);
    const down = await call(`${server.url}/unreachable`);
    expect(down.status).toBe(503);
    expect(JSON.parse(down.text).error.code).toBe('connection_error');
    const account = await call(`${server.url}/broken`);
    expect(account.status).toBe(409);
    expect(JSON.parse(account.text).error.code).toBe('account_broken');
  });

  it('a Partner API answer that breaks the schema is a 502 (the service, not the backend)', async () => {
    const api = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"access_token":1}');
    });
    closers.push(api.close);
    const client = new PartnerClient({ apiKey: API_KEY, baseUrl: api.url, retry: { limit: 0 } });
    const error = await client
      .user('u-42')
      .tokenPair()
      .catch((e: unknown) => e);
    expect(errorResponse(error)).toMatchObject({ status: 502, body: { error: { code: 'invalid_response' } } });
  });

  it('anything else is a 500 that shows no message', () => {
    const { status, body } = errorResponse(new Error(`database said ${API_KEY}`));
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toContain(API_KEY);
  });
});
