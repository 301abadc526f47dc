import { createPartnerFake, toMswHandlers } from '@viewlink/mock';
import { PartnerClient } from '@viewlink/partner';
import { setupServer } from 'msw/node';

let now = Date.now();
const fake = createPartnerFake({ apiKeys: ['test_key'], now: () => now, webhookUrl: 'http://127.0.0.1:9/hooks' });
const server = setupServer(...toMswHandlers('http://127.0.0.1:4010', fake));
server.listen({ onUnhandledFrame: 'error' });

const viewlink = new PartnerClient({ apiKey: 'test_key', baseUrl: 'http://127.0.0.1:4010', now: () => now });
now += 2 * 3600_000; // every access token has expired
await viewlink.user('demo-user').watchlist(); // renewed once, then read
