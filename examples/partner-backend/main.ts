/**
 * Runs the example backend. With VIEWLINK_BASE_URL unset it starts the Viewlink mock service on
 * 127.0.0.1 too and points its webhooks at this backend, so everything works offline:
 *
 *   pnpm exec tsx examples/partner-backend/main.ts [--redis]
 *
 * `--redis` keeps token pairs, the refresh cooldown and webhook ids in Redis (`@viewlink/redis`),
 * as several instances would: on REDIS_URL, else on a private redis-server started for the run.
 *
 * Then open http://127.0.0.1:4030/ in Chrome or Edge with the extension (the web app).
 *
 * Environment: VIEWLINK_API_KEY, VIEWLINK_SDK_KEY, VIEWLINK_BASE_URL, VIEWLINK_WEBHOOK_SECRET, PORT, REDIS_URL.
 */
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import { startBackendRedis } from './redis.js';
import { startPartnerBackend } from './server.js';

const apiKey = process.env.VIEWLINK_API_KEY ?? 'vl_demo_api_key';
const webhookSecret = process.env.VIEWLINK_WEBHOOK_SECRET ?? 'whsec_demo_secret';
let baseUrl = process.env.VIEWLINK_BASE_URL;
const mock = baseUrl
  ? undefined
  : createMockService({ partner: { apiKeys: [apiKey], webhookSecret, refreshDelayMs: 500 } });
const mockServer = mock ? await serve({ handle: mock.handle }) : undefined;
baseUrl ??= mockServer?.url ?? '';

const redis = process.argv.includes('--redis') ? startBackendRedis() : undefined;
const backend = await startPartnerBackend({
  ...(redis
    ? {
        tokenStore: redis.stores.tokenStore,
        refreshLedger: redis.stores.refreshLedger,
        eventStore: redis.stores.eventStore,
      }
    : {}),
  apiKey,
  sdkKey: process.env.VIEWLINK_SDK_KEY ?? 'vl_sdk_demo_key',
  baseUrl,
  webhookSecret,
  port: Number(process.env.PORT ?? 4030),
  insecureLocalWebhooks: mock !== undefined,
});
if (mock) mock.partner.webhooks.url = `${backend.url}/webhooks/viewlink`;

console.log(
  `partner backend on ${backend.url} (Partner API: ${baseUrl}${mock ? ', embedded mock' : ''}${redis ? `; stores on ${redis.url}` : ''})`,
);
console.log(`web app: ${backend.url}/?user=demo-web-user`);
console.log(`try: curl -X POST ${backend.url}/api/viewlink/token`);
console.log(`     curl ${backend.url}/api/viewlink/accounts`);
console.log(
  `     curl -X POST ${backend.url}/api/viewlink/refresh -d '{"service":"cineplus"}'; curl ${backend.url}/api/viewlink/events`,
);

const stop = async () => {
  await backend.close();
  await mockServer?.close();
  await redis?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
