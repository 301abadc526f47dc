import { createTestWebhookEvent, createTestWebhookRequest, signWebhookForTest } from '@viewlink/partner';
import { POST } from './nextjs-route.js'; // the receiver under test

const event = createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'ref_1' });

// A Web handler:
const response = await POST(await createTestWebhookRequest(event, { secret: 'test-secret' }));

// A running server:
const { body, headers } = await signWebhookForTest(event, { secret: 'test-secret' });
await fetch('http://127.0.0.1:3000/webhooks/viewlink', {
  method: 'POST',
  body,
  headers: { ...headers, 'x-forwarded-proto': 'https' },
});

export { response };
