/**
 * A partner backend on real Fastify 5 on 127.0.0.1, wired as docs/partner.md and
 * docs/partner-webhooks.md say: the token route answering a pair from the mock Partner API over
 * HTTP, an SDK error through errorResponse() in setErrorHandler, and the webhook receiver given
 * the raw bytes by a buffer parser in its own plugin.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorResponse, PartnerClient } from '../src/index.js';
import { createNodeWebhookHandler, signWebhookForTest } from '../src/webhooks/index.js';
import {
  deliver,
  expectTamperedRefused,
  fileEvent,
  frameworkHarness,
  post,
  SECRET,
  viaTls,
} from './webhooks-helpers.js';

const API_KEY = 'vl_live_FASTIFY_KEY_do_not_leak_31';
const harness = frameworkHarness<FastifyInstance>(API_KEY);

/** Starts the app on 127.0.0.1 and returns its base URL. */
async function start(app: FastifyInstance): Promise<string> {
  harness.apps.push(app);
  return app.listen({ host: '127.0.0.1', port: 0 });
}

/** The token route of docs/partner.md section 2, optionally with errorResponse() in setErrorHandler. */
function tokenApp(client: PartnerClient, withErrorResponse: boolean): FastifyInstance {
  const app = Fastify();
  app.post('/api/viewlink/token', async () => (await client.user('u-42').tokenPair()).toSdkTokens());
  if (withErrorResponse)
    app.setErrorHandler((error, _request, reply) => {
      const { status, body, headers } = errorResponse(error);
      return reply.status(status).headers(headers).send(body);
    });
  return app;
}

const { refusedKey } = harness;

describe('a token route in Fastify 5', () => {
  it('answers the pair for the web app', async () => {
    const client = new PartnerClient({ apiKey: API_KEY, baseUrl: harness.partnerApiUrl });
    const url = await start(tokenApp(client, true));
    const response = await fetch(`${url}/api/viewlink/token`, { method: 'POST' });
    expect(response.status).toBe(200);
    const tokens = await response.json();
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    expect(tokens.expires_in).toBeGreaterThan(0);
    expect(JSON.stringify(tokens)).not.toContain(API_KEY);
  });

  it("Fastify's default error handler copies the Partner API's 401 and message (why errorResponse exists)", async () => {
    const url = await start(tokenApp(refusedKey(), false));
    const response = await fetch(`${url}/api/viewlink/token`, { method: 'POST' });
    const text = await response.text();
    expect(response.status).toBe(401);
    expect(text).toContain(harness.partnerApiUrl); // the Partner API's URL, sent to the browser
  });

  it('errorResponse in setErrorHandler: a wrong API Key is a 502 with the code and request id, no secret or URL', async () => {
    const url = await start(tokenApp(refusedKey(), true));
    await harness.expectRefusedKeyAnswer(await fetch(`${url}/api/viewlink/token`, { method: 'POST' }));
  });

  it('errorResponse in setErrorHandler: an unreachable service is a 503', async () => {
    const client = new PartnerClient({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:9', retry: { limit: 0 } });
    const url = await start(tokenApp(client, true));
    const response = await fetch(`${url}/api/viewlink/token`, { method: 'POST' });
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe('connection_error');
  });
});

/**
 * The receiver as docs/partner-webhooks.md says: a buffer parser in the route's plugin,
 * reply.hijack() and reply.raw; or, with `passReply`, the reply itself (the receiver hijacks it).
 */
function webhookApp(received: string[], passReply = false): FastifyInstance {
  const webhooks = createNodeWebhookHandler({
    secret: SECRET,
    scheme: 'hmac-sha256',
    trustProxy: true,
    on: { InitialFilePosted: (e) => void received.push(e.file.id) },
  });
  const app = Fastify();
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/viewlink', async (request, reply) => {
      if (passReply) return webhooks(request, reply);
      reply.hijack();
      await webhooks(request, reply.raw);
    });
  });
  // The rest of the app keeps Fastify's JSON parser.
  app.post('/api/echo', async (request) => ({ parsed: request.body }));
  return app;
}

describe('the webhook receiver in Fastify 5', () => {
  it('verifies a signed delivery from the raw bytes (a body JSON.stringify would not reproduce)', async () => {
    const received: string[] = [];
    const url = await start(webhookApp(received));
    const answer = await deliver(url, { pretty: true });
    expect(answer.status).toBe(200);
    expect(received).toEqual(['file_1']);
    // The parser stayed in the webhook plugin: other routes still get parsed JSON.
    const echo = await post(`${url}/api/echo`, '{"a":1}', { 'content-type': 'application/json' });
    expect(echo.json).toEqual({ parsed: { a: 1 } });
  });

  it('takes the reply itself: hijacks it and answers on reply.raw (as NestJS passes @Res() on Fastify)', async () => {
    const received: string[] = [];
    const url = await start(webhookApp(received, true));
    const answer = await deliver(url);
    expect(answer.status).toBe(200);
    expect(received).toEqual(['file_1']);
  });

  it('refuses a tampered delivery (the HMAC no longer matches the bytes) with 401 and calls no handler', async () => {
    const received: string[] = [];
    await expectTamperedRefused(await start(webhookApp(received)), received);
  });

  it("without the buffer parser Fastify's JSON parser ran first: 500 not_raw, naming the Fastify fix", async () => {
    const webhooks = createNodeWebhookHandler({ secret: SECRET, trustProxy: true });
    const app = Fastify();
    app.post('/webhooks/viewlink', async (request, reply) => {
      reply.hijack();
      await webhooks(request, reply.raw);
    });
    const url = await start(app);
    const signed = await signWebhookForTest(fileEvent(), { secret: SECRET });
    const answer = await post(`${url}/webhooks/viewlink`, signed.body, { ...signed.headers, ...viaTls });
    expect(answer.status).toBe(500);
    expect(answer.json).toMatchObject({ error: { reason: 'not_raw' } });
    expect(answer.text).toContain("parseAs: 'buffer'");
  });
});
