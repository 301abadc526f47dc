// app/api/viewlink/webhooks/route.ts
import { createWebhookHandler } from '@viewlink/partner';

declare const queue: { send(message: unknown): Promise<void> }; // your queue

export const POST = createWebhookHandler({
  secret: process.env.VIEWLINK_WEBHOOK_SECRET!,
  on: { DeltaFilePosted: async (event) => queue.send(event) },
});
