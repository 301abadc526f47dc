import { createWebhookHandler } from '@viewlink/partner';
import { RedisEventStore } from '@viewlink/redis';
import { Redis } from 'ioredis';

// ioredis here; a node-redis client works the same once it has an 'error' listener
// (createClient().on('error', log).connect(): without one, a dropped connection exits the process).
const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });

export const POST = createWebhookHandler({
  secret: process.env.VIEWLINK_WEBHOOK_SECRET!,
  // `SET NX` claims: four instances receiving one delivery at once run the callback once.
  store: new RedisEventStore(redis),
  on: { UserDataRefreshCompleted: async (event) => console.log('refreshed', event.user_id) },
});
