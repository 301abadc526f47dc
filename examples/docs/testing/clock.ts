// Token expiry without waiting: share one clock between the fake and the client.
import { createPartnerFake, toMswHandlers } from '@viewlink/mock';
import { PartnerClient } from '@viewlink/partner';
import { setupServer } from 'msw/node';
import { expect, test } from 'vitest';

test('an expired access token is renewed once, then the read succeeds', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const fake = createPartnerFake({ apiKeys: ['vl_test_api_key'], now: () => now });
  const server = setupServer(...toMswHandlers('http://127.0.0.1:4010', fake));
  server.listen({ onUnhandledFrame: 'error' });
  try {
    const viewlink = new PartnerClient({
      apiKey: 'vl_test_api_key',
      baseUrl: 'http://127.0.0.1:4010',
      now: () => now,
    });
    await viewlink.user('demo-user').watchlist(); // issues the first pair
    now += 2 * 3600_000; // access tokens live 3600 s in the fake
    await viewlink.user('demo-user').watchlist();
    expect(fake.tokens.renewed).toBe(1);
  } finally {
    server.close();
  }
});
