import { createNodeWebhookHandler } from '@viewlink/partner';
import express from 'express';

declare function notifyUser(userId: string, refreshId: string | undefined): Promise<void>;
declare const jobs: { add(name: string, data: unknown): Promise<unknown> }; // your job queue
declare const log: Pick<Console, 'info' | 'warn'>;

const app = express();
app.post(
  '/webhooks/viewlink',
  express.raw({ type: 'application/json' }),
  createNodeWebhookHandler({
    secret: [process.env.VIEWLINK_WEBHOOK_SECRET!, process.env.VIEWLINK_WEBHOOK_SECRET_OLD!].filter(Boolean),
    trustProxy: true, // behind a TLS-terminating proxy that sets X-Forwarded-Proto
    on: {
      UserDataRefreshCompleted: async (event) => notifyUser(event.user_id, event.refresh_id),
      InitialFilePosted: async (event) => jobs.add('load-snapshot', event),
      DeltaFilePosted: async (event) => jobs.add('apply-delta', event),
      UserFilePosted: async (event) => jobs.add('load-snapshot', event),
    },
    onUnknown: (event) => log.info('new webhook type', { type: event.eventType }),
    onError: (error, { status }) => log.warn('webhook refused', { status, error: String(error) }),
  }),
);
app.use(express.json()); // the rest of the app
