// Shape the fake for one scenario: a user, a broken account, a failing route, a webhook receiver.
import { createPartnerFake, toMswHandlers } from '@viewlink/mock';
import { createWebhookHandler, PartnerClient } from '@viewlink/partner';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { expect, test } from 'vitest';

test('a refresh ends in a verified UserDataRefreshCompleted webhook', async () => {
  const fake = createPartnerFake({
    apiKeys: ['vl_test_api_key'],
    users: [{ user_id: 'u-42', accounts: [{ service: 'streamflix' }, { service: 'tubely', status: 'broken' }] }],
    webhookUrl: 'https://127.0.0.1/webhooks/viewlink',
    webhookSecret: 'test-secret',
  });
  const completed: string[] = [];
  const receiver = createWebhookHandler({
    secret: 'test-secret',
    on: { UserDataRefreshCompleted: (event) => void completed.push(event.user_id) },
  });
  const server = setupServer(
    ...toMswHandlers('http://127.0.0.1:4010', fake),
    http.post('https://127.0.0.1/webhooks/viewlink', ({ request }) => receiver(request)),
  );
  server.listen({ onUnhandledFrame: 'error' });
  try {
    const viewlink = new PartnerClient({ apiKey: 'vl_test_api_key', baseUrl: 'http://127.0.0.1:4010' });
    const user = viewlink.user('u-42');
    expect((await user.accounts()).needingReauthentication).toHaveLength(1);

    fake.faults.add({ route: 'GET /v1/user/ratings', status: 503, times: 1 }); // retried by the client
    await user.ratings();

    await user.refresh({ trigger: 'user-action', service: 'streamflix' });
    await fake.webhooks.settle(); // wait for the delivery
    expect(completed).toEqual(['u-42']);
  } finally {
    server.close();
  }
});
