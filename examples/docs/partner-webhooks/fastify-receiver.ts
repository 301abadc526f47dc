import { createNodeWebhookHandler } from '@viewlink/partner';
import Fastify from 'fastify';

declare const jobs: { add(name: string, data: unknown): Promise<unknown> }; // your job queue

const webhooks = createNodeWebhookHandler({
  secret: process.env.VIEWLINK_WEBHOOK_SECRET!,
  trustProxy: true, // behind a TLS-terminating proxy that sets X-Forwarded-Proto
  on: { InitialFilePosted: async (event) => jobs.add('load-snapshot', event) },
});

const app = Fastify();
// A plugin of its own: the buffer parser applies to the webhook route only.
app.register(async (scope) => {
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  scope.post('/webhooks/viewlink', async (request, reply) => {
    reply.hijack(); // the receiver writes the answer on reply.raw
    await webhooks(request, reply.raw); // the Fastify request: its body is the Buffer
  });
});
