import { createNodeWebhookHandler } from '@viewlink/partner';
import express from 'express';

declare function resyncUser(userId: string): Promise<void>; // e.g. history.since(newest) as in section 5
declare function notifyApp(userId: string, refreshId: string | undefined): void;

const app = express();
app.post(
  '/webhooks/viewlink',
  express.raw({ type: 'application/json' }),
  createNodeWebhookHandler({
    secret: process.env.VIEWLINK_WEBHOOK_SECRET!,
    on: {
      UserDataRefreshCompleted: async (event) => {
        await resyncUser(event.user_id);
        notifyApp(event.user_id, event.refresh_id);
      },
    },
  }),
);
