import { createWebhookHandler } from '@viewlink/partner';
import { Hono } from 'hono';

declare function notifyUser(userId: string, refreshId: string | undefined): Promise<void>;

// Create the handler once: it keeps the ids of handled events (idempotency) between requests.
const webhooks = createWebhookHandler({
  secret: process.env.VIEWLINK_WEBHOOK_SECRET!,
  on: { UserDataRefreshCompleted: (event) => notifyUser(event.user_id, event.refresh_id) },
});

const app = new Hono();
app.post('/webhooks/viewlink', (c) => webhooks(c.req.raw));

export default app;
