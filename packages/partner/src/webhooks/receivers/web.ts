/**
 * Web-standard receiver: `(Request) => Promise<Response>`, for Next.js route handlers, Hono,
 * Bun, Deno and Cloudflare Workers.
 */
import { createReceiver, type Outcome, type WebhookHandlerOptions } from './shared.js';

function toResponse(outcome: Outcome): Response {
  return new Response(JSON.stringify(outcome.body), {
    status: outcome.status,
    headers: { 'content-type': 'application/json', ...outcome.headers },
  });
}

/**
 * Creates a webhook receiver for Web-standard servers. It reads the raw body itself, verifies
 * it, answers 401 (bad signature), 400 (bad body), 413 (too large), 403 (plain http), 409 (same
 * event in progress), 500 (callback failed, so the service retries), and 200 only after the
 * callback resolved or for a redelivery already handled.
 *
 * @example
 * ```ts
 * // app/api/viewlink/webhooks/route.ts (Next.js)
 * export const POST = createWebhookHandler({
 *   secret: process.env.VIEWLINK_WEBHOOK_SECRET!,
 *   on: { DeltaFilePosted: async (event) => queue.add(event.file.id) },
 * });
 * ```
 * @throws ConfigurationError at creation when no secret is configured (and no `secret: false`).
 */
export function createWebhookHandler(options: WebhookHandlerOptions): (request: Request) => Promise<Response> {
  const receiver = createReceiver(options, 'createWebhookHandler()');
  return async (request) => {
    let tls = false;
    try {
      tls = new URL(request.url).protocol === 'https:';
    } catch {
      // Relative or odd URL: not provably https.
    }
    const early = receiver.precheck(request.method, tls, request.headers.get('x-forwarded-proto') ?? undefined);
    if (early) return toResponse(early);
    return toResponse(await receiver.handle(request));
  };
}
