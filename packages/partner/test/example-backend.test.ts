import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PartnerBackend, startPartnerBackend } from '../../../examples/partner-backend/server.js';

const API_KEY = 'vl_example_backend_key_123';
const SECRET = 'whsec_example_backend_456';
const mock = createMockService({ partner: { apiKeys: [API_KEY], webhookSecret: SECRET, refreshDelayMs: 5 } });
let mockServer: Awaited<ReturnType<typeof serve>>;
let backend: PartnerBackend;

beforeAll(async () => {
  mockServer = await serve({ handle: mock.handle });
  backend = await startPartnerBackend({
    apiKey: API_KEY,
    baseUrl: mockServer.url,
    webhookSecret: SECRET,
    insecureLocalWebhooks: true,
  });
  mock.partner.webhooks.url = `${backend.url}/webhooks/viewlink`;
});
afterAll(async () => {
  await backend?.close();
  await mockServer?.close();
});

const call = (path: string, init: RequestInit = {}) => fetch(`${backend.url}${path}`, init);

describe('examples/partner-backend over real HTTP on 127.0.0.1', () => {
  it('hands the app a token pair and renews it on onTokenExpired', async () => {
    const first = await (await call('/api/viewlink/token', { method: 'POST' })).json();
    expect(first).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    expect(first.expires_in).toBeGreaterThan(3590);
    expect(first.expires_in).toBeLessThanOrEqual(3600);
    const renewed = await (await call('/api/viewlink/token/renew', { method: 'POST' })).json();
    expect(renewed.access_token).not.toBe(first.access_token);
    expect(mock.partner.tokens.renewed).toBe(1);
  });

  it('serves the watchlist, accounts (broken one flagged) and recent history', async () => {
    const accounts = await (await call('/api/viewlink/accounts')).json();
    expect(accounts.needingReauthentication.map((a: { service: string }) => a.service)).toEqual(['tubely']);
    expect((await (await call('/api/viewlink/watchlist')).json()).categories).toHaveLength(3);
    const history = await (await call('/api/viewlink/history?since=2026-10-01T00:00:00Z')).json();
    expect(history.entries.length).toBeGreaterThan(0);
  });

  it('refreshes on the button, refuses a second press, and receives the signed webhook', async () => {
    const refresh = () =>
      call('/api/viewlink/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ service: 'cineplus' }),
      });
    const accepted = await refresh();
    expect(accepted.status).toBe(202);
    const { refresh_id } = await accepted.json();
    expect((await refresh()).status).toBe(429);
    await mock.partner.webhooks.settle();
    expect(mock.partner.webhooks.deliveries.at(-1)?.status).toBe(200);
    const { events } = await (await call('/api/viewlink/events')).json();
    expect(events).toEqual([expect.objectContaining({ type: 'UserDataRefreshCompleted', refresh_id })]);
  });

  it('refuses a webhook without the right Signature', async () => {
    const res = await call('/webhooks/viewlink', {
      method: 'POST',
      headers: { 'content-type': 'application/json', signature: 'wrong' },
      body: JSON.stringify({
        id: 'x',
        type: 'UserDataRefreshCompleted',
        user_id: 'u',
        occurred_at: new Date().toISOString(),
      }),
    });
    expect(res.status).toBe(401);
  });

  it('answers 502 with a fixed message, not the Partner API 401, when its own API Key is refused', async () => {
    const misconfigured = await startPartnerBackend({
      apiKey: 'vl_wrong_example_key_789',
      baseUrl: mockServer.url,
      webhookSecret: SECRET,
      insecureLocalWebhooks: true,
    });
    try {
      const res = await fetch(`${misconfigured.url}/api/viewlink/token`, { method: 'POST' });
      expect(res.status).toBe(502);
      const text = await res.text();
      expect(JSON.parse(text).error).toMatchObject({ message: 'The Viewlink service refused the request' });
      expect(text).not.toContain(mockServer.url);
      expect(text).not.toContain('vl_wrong_example_key_789');
    } finally {
      await misconfigured.close();
    }
  });
});
