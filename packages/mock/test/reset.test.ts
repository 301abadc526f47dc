/**
 * Between tests: `issueTokenPair()` hands a test a pair without writing the token request, and
 * `reset()` / `POST /__mock/reset` put the fakes back as they were created.
 */
import { TokenPair } from '@viewlink/schemas';
import { ValidationError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import { createCmsFake, createMockService, createPartnerFake } from '../src/index.js';

const BASE = 'http://fake.test';
const ADMIN = `Basic ${btoa('admin:fake admin appl pass word xxxx')}`;

function caller(handle: (request: Request) => Promise<Response>) {
  return async (method: string, path: string, init: { body?: unknown; authorization?: string } = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.authorization) headers.authorization = init.authorization;
    const response = await handle(
      new Request(`${BASE}${path}`, {
        method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    );
    return { status: response.status, body: await response.json() };
  };
}

describe('issueTokenPair()', () => {
  it('issues a pair the API accepts, counted as issued but not as a request', async () => {
    const fake = createPartnerFake();
    const pair = fake.issueTokenPair('qa-user');
    expect(TokenPair.parse(pair)).toEqual(pair);
    expect(fake.tokens.issued).toBe(1);
    expect(fake.requestCount()).toBe(0);
    const call = caller(fake.handle);
    const read = await call('GET', '/v1/user/accounts', { authorization: `Bearer ${pair.access_token}` });
    expect(read.status).toBe(200);
    expect(fake.users.get('qa-user')).toBeDefined();
    const renewed = await call('POST', '/v1/auth/token/refresh', {
      authorization: 'Bearer vl_test_api_key',
      body: { refresh_token: pair.refresh_token },
    });
    expect(renewed.status).toBe(200);
  });

  it('refuses a user id that is not a non-empty string, naming the parameter', () => {
    const fake = createPartnerFake();
    for (const bad of ['', undefined, 42]) {
      const attempt = () => fake.issueTokenPair(bad as string);
      expect(attempt).toThrow(ValidationError);
      expect(attempt).toThrow(/^issueTokenPair\(\): userId must be a non-empty string/);
    }
    expect(fake.tokens.issued).toBe(0);
  });
});

describe('requestCount()', () => {
  it('refuses a key no route has, so a misspelt key cannot pass a "never sent" assertion', async () => {
    const fake = createPartnerFake();
    const pair = fake.issueTokenPair('demo-user');
    await caller(fake.handle)('GET', '/v1/user/watchlist', { authorization: `Bearer ${pair.access_token}` });
    expect(fake.requestCount('GET /v1/user/watchlist')).toBe(1);
    expect(fake.requestCount('POST /v1/user/refresh')).toBe(0);
    expect(fake.requestCount()).toBe(1);
    for (const typo of ['GET /v1/user/watchlists', 'GET /v1/user/watchlist?limit=1', 'get /v1/user/watchlist']) {
      expect(() => fake.requestCount(typo)).toThrow(ValidationError);
      expect(() => fake.requestCount(typo)).toThrow(
        `requestCount(): routeKey ${JSON.stringify(typo)} is not a Partner API route; use one of: GET /v1/files/{file_id},`,
      );
    }
  });
});

describe('reset()', () => {
  it('puts the Partner fake back as it was created, through the same object', async () => {
    const fake = createPartnerFake({ users: [{ user_id: 'seeded', accounts: [{ service: 'streamflix' }] }] });
    const call = caller(fake.handle);
    const before = fake.clock.now();
    const old = fake.issueTokenPair('seeded');
    fake.users.upsert({ user_id: 'added' });
    fake.users.link('seeded', 'cineplus');
    fake.clock.advance(3_600_000);
    fake.faults.add({ route: 'GET /v1/user/watchlist', status: 503, times: 5 });
    (fake.services[0] as { link_available: boolean }).link_available = false;
    await call('PUT', '/__mock/webhook', { body: { url: 'http://hooks.test/x', secret: 's' } });
    await call('GET', '/v1/user/accounts', { authorization: `Bearer ${old.access_token}` });

    await fake.reset();

    expect(fake.tokens.issued).toBe(0);
    expect(fake.requestCount()).toBe(0);
    expect(fake.pairs.size).toBe(0);
    expect(fake.users.get('added')).toBeUndefined();
    expect([...(fake.users.get('seeded')?.accounts.keys() ?? [])]).toEqual(['streamflix']);
    expect(fake.clock.now() - before).toBeLessThan(60_000);
    expect(fake.webhooks.url).toBeUndefined();
    expect(fake.services.every((s) => s.link_available)).toBe(true);
    // The old pair is gone; a fresh one reads, with no fault left over.
    expect((await call('GET', '/v1/user/accounts', { authorization: `Bearer ${old.access_token}` })).status).toBe(401);
    const fresh = fake.issueTokenPair('seeded');
    expect((await call('GET', '/v1/user/watchlist', { authorization: `Bearer ${fresh.access_token}` })).status).toBe(
      200,
    );
  });

  it('waits for the webhooks already scheduled, and the next test sees no delivery', async () => {
    const received: string[] = [];
    const fake = createPartnerFake({
      webhookUrl: 'http://hooks.test/viewlink',
      refreshDelayMs: 30,
      fetch: async (_url, init) => {
        received.push(JSON.parse(String(init?.body)).type);
        return new Response(null, { status: 204 });
      },
    });
    const pair = fake.issueTokenPair('demo-user');
    const refresh = await caller(fake.handle)('POST', '/v1/user/refresh', {
      authorization: `Bearer ${pair.access_token}`,
      body: { service: 'streamflix' },
    });
    expect(refresh.status).toBe(202);
    await fake.reset();
    expect(received).toEqual(['UserDataRefreshCompleted']);
    expect(fake.webhooks.deliveries).toEqual([]);
  });

  it('empties the CMS fake', async () => {
    const cms = createCmsFake();
    const call = caller(cms.handle);
    expect((await call('POST', '/cms/v2/posts', { authorization: ADMIN, body: { title: 'A' } })).status).toBe(201);
    cms.reset();
    expect(cms.store.records.size).toBe(0);
    const created = await call('POST', '/cms/v2/posts', { authorization: ADMIN, body: { title: 'B' } });
    expect(created.body.id).toBe(1);
  });
});

describe('POST /__mock/reset', () => {
  it('resets both fakes of a mock service', async () => {
    const service = createMockService();
    const call = caller(service.handle);
    await call('POST', '/__mock/users', { body: { user_id: 'temp' } });
    await call('POST', '/wp-json/cms/v2/posts', { authorization: ADMIN, body: { title: 'A' } });
    service.partner.issueTokenPair('temp');

    const reset = await call('POST', '/__mock/reset');
    expect(reset).toEqual({ status: 200, body: { reset: true } });
    expect(service.partner.users.get('temp')).toBeUndefined();
    expect(service.partner.tokens.issued).toBe(0);
    expect(service.cms.store.records.size).toBe(0);
    expect((await call('GET', '/__mock/users/temp')).status).toBe(404);
  });

  it('refuses a body it does not take, and then resets nothing', async () => {
    const service = createMockService();
    const call = caller(service.handle);
    await call('POST', '/wp-json/cms/v2/posts', { authorization: ADMIN, body: { title: 'A' } });
    service.partner.issueTokenPair('demo-user');
    const refused = await call('POST', '/__mock/reset', { body: { users: false } });
    expect(refused.status).toBe(400);
    expect(service.cms.store.records.size).toBe(1);
    expect(service.partner.tokens.issued).toBe(1);
  });

  it('is listed with the control routes when one is mistyped', async () => {
    const refused = await caller(createPartnerFake().handle)('POST', '/__mock/rest');
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('POST /__mock/reset');
  });
});
