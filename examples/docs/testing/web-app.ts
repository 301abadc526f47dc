// @vitest-environment happy-dom
// web-app.test.ts: your page's Viewlink code (@viewlink/web) against the fake in a DOM, through msw.
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { createSdk, ExtensionNotInstalledError } from '@viewlink/web';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';

const BASE_URL = 'http://127.0.0.1:4010';
const service = createMockService();
const server = setupServer(...toMswHandlers(BASE_URL, service));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(async () => {
  await service.reset(); // each test starts from the seeded users, with no pairs, faults or counts
  vi.restoreAllMocks();
});
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

test('connect() without the extension ends in ExtensionNotInstalledError (the page shows the install link)', async () => {
  // happy-dom is not Chrome: with its own user agent, connect() says the browser is not supported.
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0');
  const sdk = createSdk({ handshakeTimeoutMs: 100 }); // no extension answers the handshake in a test
  sdk.initialize('vl_sdk_test_key', service.partner.issueTokenPair('demo-user'), { baseUrl: BASE_URL });
  sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: true });
  try {
    await expect(sdk.connect({ service: 'streamflix' })).rejects.toBeInstanceOf(ExtensionNotInstalledError);
  } finally {
    sdk.dispose();
  }
});
