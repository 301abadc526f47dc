// @vitest-environment happy-dom
// web-app.test.ts: your page's Viewlink code (@viewlink/web) against the fake in a DOM, through msw.
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { createSdk } from '@viewlink/web';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';

const BASE_URL = 'http://127.0.0.1:4010';
const service = createMockService();
const server = setupServer(...toMswHandlers(BASE_URL, service));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => service.reset()); // each test starts from the seeded users, with no pairs, faults or counts
afterAll(() => server.close());

test('the page reads the watchlist and renews its pair when the access token expires', async () => {
  const sdk = createSdk();
  // The pair your backend's token route would hand the page, issued by the fake directly.
  sdk.initialize('vl_sdk_test_key', service.partner.issueTokenPair('demo-user'), { baseUrl: BASE_URL });
  sdk.onTokenExpired(() => sdk.initialize('vl_sdk_test_key', service.partner.issueTokenPair('demo-user')));
  try {
    expect((await sdk.watchlist()).categories.length).toBeGreaterThan(0);
    service.partner.tokens.expire('demo-user'); // the next read gets a 401, and the SDK asks for a new pair
    expect(await sdk.accounts()).toHaveLength(3);
    expect(service.partner.tokens.issued).toBe(2);
  } finally {
    sdk.dispose();
  }
});

test('a test after a reset sees none of the previous test', () => {
  expect(service.partner.tokens.issued).toBe(0);
  expect(service.partner.requestCount()).toBe(0);
});
