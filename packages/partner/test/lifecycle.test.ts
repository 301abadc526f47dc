/**
 * A linked account's life through the partner client and the Partner fake: the service catalog,
 * disconnect with the user's choice, and the linked-account webhooks received, typed and
 * deduplicated by `createWebhookHandler`.
 */
import { ValidationError } from '@viewlink/transport';
import { describe, expect, it } from 'vitest';
import { createWebhookHandler, type WebhookEvent } from '../src/index.js';
import { BASE, usePartnerFake } from './fixtures.js';

const SECRET = 'whsec_lifecycle_test';
const received: WebhookEvent[] = [];
const unknown: string[] = [];
const receiver = createWebhookHandler({
  secret: SECRET,
  on: {
    LinkedAccountBroken: (event) => void received.push(event),
    LinkedAccountRepaired: (event) => void received.push(event),
    LinkedAccountDisconnected: (event) => void received.push(event),
  },
  onUnknown: (event) => void unknown.push(event.eventType),
});
const statuses: number[] = [];
const setup = usePartnerFake({
  webhookUrl: 'https://partner.test/webhooks/viewlink',
  webhookSecret: SECRET,
  fetch: async (url, init) => {
    const response = await receiver(new Request(url, init));
    statuses.push(response.status);
    return response;
  },
});
const control = (path: string, body: unknown) =>
  fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('client.services()', () => {
  it('lists the 14 services and sends no credential', async () => {
    const sent: Array<string | null> = [];
    const client = setup.client({
      fetch: (input, init) => {
        sent.push(new Headers(init?.headers).get('authorization'));
        return fetch(input, init);
      },
    });
    const { services } = await client.services();
    expect(services).toHaveLength(14);
    expect(services.find((s) => s.id === 'nordplay')).toMatchObject({
      name: 'NordPlay',
      countries: ['SE', 'NO', 'DK', 'FI', 'IS'],
    });
    expect(sent).toEqual([null]);
  });
});

describe('user.disconnect()', () => {
  it('refuses a missing choice or account id before sending', async () => {
    const user = setup.client().user('demo-user');
    const before = setup.fake().requestCount();
    // @ts-expect-error keepData is required
    await expect(user.disconnect('acc_1', {})).rejects.toThrow(ValidationError);
    await expect(user.disconnect('acc_1', {} as { keepData: boolean })).rejects.toThrow(/keepData/);
    await expect(user.disconnect('  ', { keepData: true })).rejects.toThrow(/user\.disconnect\(\).*accountId/);
    // @ts-expect-error unknown option
    await expect(user.disconnect('acc_1', { keepData: true, keep: true })).rejects.toThrow(/keep/);
    expect(setup.fake().requestCount()).toBe(before);
  });

  it('disconnects with the choice; the account stops counting and the webhook carries keep_data', async () => {
    received.length = 0;
    const user = setup.client().user('demo-user');
    const { accounts } = await user.accounts();
    const cineplus = accounts.find((a) => a.service === 'cineplus');
    if (!cineplus) throw new Error('demo-user has no cineplus account');
    const done = await user.disconnect(cineplus.id, { keepData: true });
    expect(done).toMatchObject({ keep_data: true, account: { id: cineplus.id, status: 'disconnected' } });
    const after = await user.accounts();
    expect(after.accounts.find((a) => a.id === cineplus.id)?.health).toBe('disconnected');
    await setup.fake().webhooks.settle();
    expect(received).toEqual([
      expect.objectContaining({ type: 'LinkedAccountDisconnected', linked_account_id: cineplus.id, keep_data: true }),
    ]);
  });
});

describe('linked-account webhooks', () => {
  it('arrive typed when the fake breaks and repairs an account; a redelivery is skipped; unknown types flow through', async () => {
    received.length = 0;
    statuses.length = 0;
    await control('/__mock/users/demo-user/accounts/streamflix/break', { reason: 'credentials-changed' });
    // Received before the repair: two deliveries in flight at once may arrive in either order (a
    // stalled event loop fires both timers together; their Web Crypto digests finish in any order).
    await setup.fake().webhooks.settle();
    await control('/__mock/users/demo-user/accounts', { service: 'streamflix', link_session_id: 'lnk_test' });
    await setup.fake().webhooks.settle();
    expect(received.map((e) => e.type)).toEqual(['LinkedAccountBroken', 'LinkedAccountRepaired']);
    const [broken, repaired] = received;
    if (broken?.type !== 'LinkedAccountBroken' || repaired?.type !== 'LinkedAccountRepaired') throw new Error('order');
    expect(broken.reason).toBe('credentials-changed');
    expect(repaired.link_session_id).toBe('lnk_test');
    expect(repaired.linked_account_id).toBe(broken.linked_account_id);
    // The same event delivered again: acknowledged, not handled twice.
    await setup.fake().webhooks.deliver(broken);
    expect(received).toHaveLength(2);
    expect(statuses.at(-1)).toBe(200);
    // A type this SDK does not know yet.
    await control('/__mock/webhook/events', { type: 'LinkedAccountPaused', user_id: 'demo-user' });
    expect(unknown).toEqual(['LinkedAccountPaused']);
  });
});
