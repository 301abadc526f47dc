// A webhook the Partner fake could not deliver records why: the network cause and where
// (`fetch failed: ECONNREFUSED 127.0.0.1:<port>`), not only `fetch failed`, or the answer of a
// receiver that refused it; never the secret.
import { createServer } from 'node:net';
import { createWebhookHandler } from '@viewlink/partner';
import { describe, expect, it } from 'vitest';
import { deliveryFailure } from '../src/fakes/partner/internal/delivery-failure.js';
import { WebhookOutbox } from '../src/fakes/partner/webhooks.js';
import { serve } from '../src/server.js';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const event = {
  type: 'UserDataRefreshCompleted',
  id: 'evt_1',
  user_id: 'user-1',
  occurred_at: '2026-11-20T09:00:00Z',
} as const;

describe('webhook delivery errors', () => {
  it('a receiver that is not listening: the code and the address, with the real fetch', async () => {
    const port = await closedPort();
    const outbox = new WebhookOutbox({ url: `http://127.0.0.1:${port}/webhooks`, secret: 'whsec_SECRET' });
    const delivery = await outbox.deliver(event);
    expect(delivery.status).toBeUndefined();
    expect(delivery.error).toBe(`fetch failed: ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('keeps the secret out, and reads a cause without a code by its message', () => {
    const quoting = new TypeError('fetch failed', { cause: new Error('header value whsec_SECRET is invalid') });
    expect(deliveryFailure(quoting, 'whsec_SECRET')).toBe('fetch failed: header value [secret] is invalid');
    expect(deliveryFailure(new Error('boom'))).toBe('boom');
  });

  it('a receiver that refused: its answer, over real HTTP, so the reason shows in the deliveries', async () => {
    // The partner SDK's receiver on plain http without `allowInsecureHttp`: 403 insecure_transport.
    const receiver = await serve({ port: 0, handle: createWebhookHandler({ secret: 'whsec_SECRET', on: {} }) });
    try {
      const outbox = new WebhookOutbox({ url: `${receiver.url}/webhooks`, secret: 'whsec_SECRET' });
      const delivery = await outbox.deliver(event);
      expect(delivery.status).toBe(403);
      expect(delivery.answer).toContain('"code":"insecure_transport"');
      expect(delivery.answer).toContain('allowInsecureHttp');
    } finally {
      await receiver.close();
    }
  });

  it('keeps a refusing answer short and without the secret; an accepted delivery keeps none', async () => {
    const echo = await serve({
      port: 0,
      handle: async (request) =>
        request.url.endsWith('/ok')
          ? new Response('fine', { status: 200 })
          : new Response(`bad signature ${request.headers.get('signature')} ${'x'.repeat(1000)}`, { status: 401 }),
    });
    try {
      const refused = await new WebhookOutbox({ url: `${echo.url}/no`, secret: 'whsec_SECRET' }).deliver(event);
      expect(refused.answer?.startsWith('bad signature [secret] xxx')).toBe(true);
      expect(refused.answer?.length).toBeLessThanOrEqual(500);
      const accepted = await new WebhookOutbox({ url: `${echo.url}/ok`, secret: 'whsec_SECRET' }).deliver(event);
      expect(accepted).toMatchObject({ status: 200 });
      expect(accepted.answer).toBeUndefined();
    } finally {
      await echo.close();
    }
  });
});
