import { createNodeWebhookHandler, PartnerClient } from '@viewlink/partner';
import { createRedisStores } from '@viewlink/redis';
import { Redis } from 'ioredis';

// One connection per instance (per warm function), created once, outside the handlers.
const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
const { tokenStore, refreshLedger, eventStore } = createRedisStores(redis, {
  prefix: 'myapp:viewlink:', // every key starts with it; each user's keys share one hash tag
  leaseMs: 10_000, // a renewer that dies blocks the others this long at most
  maxWaitMs: 30_000, // a read waits this long at most for another instance's renewal
});

export const viewlink = new PartnerClient({
  apiKey: process.env.VIEWLINK_API_KEY!,
  baseUrl: process.env.VIEWLINK_BASE_URL!,
  tokenStore,
  refresh: { ledger: refreshLedger },
});

export const webhooks = createNodeWebhookHandler({
  secret: process.env.VIEWLINK_WEBHOOK_SECRET!,
  store: eventStore,
  on: { UserDataRefreshCompleted: async (event) => console.log('refreshed', event.user_id) },
});
