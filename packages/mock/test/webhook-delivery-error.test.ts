// A webhook the Partner fake could not deliver records why: the network cause and where
// (`fetch failed: ECONNREFUSED 127.0.0.1:<port>`), not only `fetch failed`; never the secret.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { deliveryFailure } from '../src/fakes/partner/internal/delivery-failure.js';
import { WebhookOutbox } from '../src/fakes/partner/webhooks.js';

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
});
