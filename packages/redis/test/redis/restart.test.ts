/**
 * What a Redis restart forgets, on a real redis-server (packages/redis/README.md, "When Redis
 * restarts: persistence"): without persistence, a webhook event handled before the restart runs
 * the callback again when delivered after it, and the user's next call issues a new pair; with the
 * data on disk (a snapshot written before the stop, as persistence keeps it) both are remembered.
 */
import { createTestWebhookEvent, createTestWebhookRequest, createWebhookHandler } from '@viewlink/partner';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePartnerFake } from '../../../partner/test/fixtures.js';
import { RedisEventStore, RedisTokenStore } from '../../src/index.js';
import { type RedisServer, startRedis } from '../redis-server.js';

const setup = usePartnerFake({ accessTokenTtl: 600 });
const secret = 'whsec_redis_restart_secret';
let server: RedisServer;
const opened: Redis[] = [];

beforeAll(() => {
  server = startRedis();
});
afterAll(() => {
  for (const client of opened) client.disconnect();
  server?.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One application instance: a webhook receiver and a partner client on one Redis connection. */
function instance() {
  const redis = new Redis(server.port, '127.0.0.1', { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  opened.push(redis);
  let runs = 0;
  const webhooks = createWebhookHandler({
    secret,
    store: new RedisEventStore(redis),
    on: {
      UserDataRefreshCompleted: () => {
        runs += 1;
      },
    },
  });
  const client = setup.client({ tokenStore: new RedisTokenStore(redis) });
  return {
    redis,
    client,
    runs: () => runs,
    deliver: async (event: Parameters<typeof createTestWebhookRequest>[0]) =>
      (await webhooks(await createTestWebhookRequest(event, { secret }))).status,
  };
}

/** Restarts the server on its port and waits until `redis` answers again. */
async function restart(redis: Redis, keepData: boolean): Promise<void> {
  server.stop({ keepData });
  server.start();
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if ((await redis.ping().catch(() => undefined)) === 'PONG') return;
    await sleep(50);
  }
  throw new Error('Redis did not answer within 10 s of its restart');
}

const issued = () => setup.fake().requestCount('POST /v1/auth/token');

describe('a Redis restart', () => {
  it('without persistence: a redelivered event runs the callback again, and the next call issues a new pair', async () => {
    const app = instance();
    const event = createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'restart-1', services: [] });
    expect(await app.deliver(event)).toBe(200);
    expect(await app.deliver(event)).toBe(200);
    expect(app.runs()).toBe(1);
    await app.client.user('restart-user-1').watchlist();
    await app.client.user('restart-user-1').watchlist();
    expect(issued()).toBe(1);

    await restart(app.redis, false);
    expect(await app.deliver(event)).toBe(200);
    expect(app.runs()).toBe(2);
    await app.client.user('restart-user-1').watchlist();
    expect(issued()).toBe(2);
  });

  it('with the data on disk: the event is acknowledged without a second run, and the pair is kept', async () => {
    const app = instance();
    const event = createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'restart-2', services: [] });
    expect(await app.deliver(event)).toBe(200);
    await app.client.user('restart-user-2').watchlist();
    expect(issued()).toBe(1);

    await restart(app.redis, true);
    expect(await app.deliver(event)).toBe(200);
    expect(app.runs()).toBe(1);
    await app.client.user('restart-user-2').watchlist();
    expect(issued()).toBe(1);
  });
});
