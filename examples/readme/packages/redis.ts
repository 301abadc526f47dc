// Several backend instances: token pairs, refresh cooldowns and webhook idempotency shared in Redis.
import { createNodeWebhookHandler, PartnerClient } from '@viewlink/partner';
import { createRedisStores } from '@viewlink/redis';
import { Redis } from 'ioredis';

// Fail fast while Redis is down instead of queueing commands.
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
const { tokenStore, refreshLedger, eventStore } = createRedisStores(redis);

const viewlink = new PartnerClient({
  apiKey: process.env.VIEWLINK_API_KEY ?? '',
  baseUrl: process.env.VIEWLINK_BASE_URL ?? 'https://api.viewlink.example',
  tokenStore,
  refresh: { ledger: refreshLedger },
});
const webhooks = createNodeWebhookHandler({
  secret: process.env.VIEWLINK_WEBHOOK_SECRET ?? '',
  store: eventStore,
  on: {},
});

export { viewlink, webhooks };
