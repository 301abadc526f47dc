import { createWebhookHandler, type WebhookEventStore } from '@viewlink/partner';

// Any Redis client; the calls below are node-redis's.
declare const redis: {
  set(key: string, value: string, options: { NX?: true; EX: number }): Promise<string | null>;
  get(key: string): Promise<string | null>;
  del(key: string): Promise<number>;
};

const redisStore: WebhookEventStore = {
  async begin(id) {
    const claimed = await redis.set(`vl:evt:${id}`, 'processing', { NX: true, EX: 300 });
    if (claimed) return 'new';
    return (await redis.get(`vl:evt:${id}`)) === 'done' ? 'done' : 'processing';
  },
  async complete(id) {
    await redis.set(`vl:evt:${id}`, 'done', { EX: 72 * 3600 });
  },
  async release(id) {
    await redis.del(`vl:evt:${id}`);
  },
};

export const POST = createWebhookHandler({
  secret: process.env.VIEWLINK_WEBHOOK_SECRET!,
  store: redisStore,
  on: { UserDataRefreshCompleted: async (event) => console.log('refreshed', event.user_id) },
});
