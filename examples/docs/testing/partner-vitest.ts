// app.test.ts: your backend's code against the Partner API fake, in process, through msw.
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { PartnerClient } from '@viewlink/partner';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';

const BASE_URL = 'http://127.0.0.1:4010'; // never contacted: msw answers in process
const service = createMockService({ partner: { apiKeys: ['vl_test_api_key'] } });
const server = setupServer(...toMswHandlers(BASE_URL, service));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' })); // any other request fails the test
afterEach(() => service.reset()); // the next test starts from the seeded users, with nothing counted
afterAll(() => server.close());

test('reads the watchlist of the seeded demo user', async () => {
  const viewlink = new PartnerClient({ apiKey: 'vl_test_api_key', baseUrl: BASE_URL });
  const watchlist = await viewlink.user('demo-user').watchlist();
  expect(watchlist.categories.length).toBeGreaterThan(0);
  expect(service.partner.requestCount('GET /v1/user/watchlist')).toBe(1);
});
