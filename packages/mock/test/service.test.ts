import { siteIndex, TokenPair } from '@viewlink/schemas';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, toMswHandlers } from '../src/index.js';

const BASE = 'http://127.0.0.1:4010';
const service = createMockService({ partner: { apiKeys: ['key_for_tests'] } });
const msw = setupServer(...toMswHandlers(BASE, service));

beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }));
afterAll(() => msw.close());

describe('Partner fake: token issuance', () => {
  const issue = (authorization?: string, body: unknown = { user_id: 'user-1' }) =>
    fetch(`${BASE}/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });

  it('issues a pair that the schema accepts for a known API key', async () => {
    const res = await issue('Bearer key_for_tests');
    expect(res.status).toBe(200);
    const pair = TokenPair.parse(await res.json());
    expect(service.partner.pairs.get(pair.access_token)?.userId).toBe('user-1');
  });

  it('answers 401 with the error body for a missing or wrong key', async () => {
    for (const auth of [undefined, 'Bearer nope', 'Basic key_for_tests']) {
      const res = await issue(auth);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'invalid_api_key', message: expect.any(String) } });
    }
  });

  it('answers 400 naming the field for a bad body', async () => {
    const res = await issue('Bearer key_for_tests', { user_id: '' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/user_id/);
  });

  it('refuses user reads without a valid access token', async () => {
    const res = await fetch(`${BASE}/v1/user/watchlist`, { headers: { authorization: 'Bearer vl_at_forged' } });
    expect(res.status).toBe(401);
  });
});

describe('CMS fake: site index', () => {
  it('serves GET /wp-json/ with the Link header and every namespace of the route table', async () => {
    const res = await fetch(`${BASE}/wp-json/`);
    expect(res.headers.get('link')).toBe('<http://127.0.0.1:4010/wp-json/>; rel="https://api.w.org/"');
    const index = siteIndex.parse(await res.json());
    expect(index.namespaces).toEqual(expect.arrayContaining(['cms/v2', 'batch/v1', 'oembed/1.0']));
    expect(index.routes['/cms/v2/posts']?.endpoints.some((e) => e.allow_batch?.v1)).toBe(true);
  });

  it('answers unknown routes with the WordPress rest_no_route envelope', async () => {
    const res = await fetch(`${BASE}/wp-json/cms/v2/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });
});
