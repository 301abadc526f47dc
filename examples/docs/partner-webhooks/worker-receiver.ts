// src/index.ts of a Cloudflare Worker: the secret is a binding (`wrangler secret put VIEWLINK_WEBHOOK_SECRET`).
import { createWebhookHandler } from '@viewlink/partner';

declare function notifyUser(userId: string, refreshId: string | undefined): Promise<void>;

interface Env {
  readonly VIEWLINK_WEBHOOK_SECRET: string;
}

// One handler per isolate, made on the first request (the binding arrives with it): it keeps the
// ids of handled events between requests, which a handler made per request would forget.
let webhooks: ((request: Request) => Promise<Response>) | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> | Response {
    if (new URL(request.url).pathname !== '/webhooks/viewlink') return new Response('not found', { status: 404 });
    webhooks ??= createWebhookHandler({
      secret: env.VIEWLINK_WEBHOOK_SECRET,
      on: { UserDataRefreshCompleted: (event) => notifyUser(event.user_id, event.refresh_id) },
    });
    return webhooks(request);
  },
};
