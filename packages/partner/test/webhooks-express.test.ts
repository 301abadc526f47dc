/** The Node receiver inside Express 5, over real HTTP on 127.0.0.1. */
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeWebhookHandler, createTestWebhookEvent, signWebhookForTest } from '../src/webhooks/index.js';
import { listen, post, SECRET, viaTls } from './webhooks-helpers.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(app: express.Express): Promise<string> {
  const server = await listen(app);
  close = server.close;
  return server.url;
}

const event = () =>
  createTestWebhookEvent('InitialFilePosted', {
    file: { id: 'file_1', format: 'ndjson', compression: 'gzip', record_count: 10 },
    sequence: 1,
  });

async function send(url: string, payload: unknown, headers: Record<string, string> = viaTls) {
  const signed = await signWebhookForTest(payload, { secret: SECRET });
  return post(url, signed.body, { ...signed.headers, ...headers });
}

describe('createNodeWebhookHandler in Express', () => {
  it('works with express.raw() on the route (the Buffer in req.body is used)', async () => {
    const files: string[] = [];
    const app = express();
    app.post(
      '/webhooks',
      express.raw({ type: 'application/json' }),
      createNodeWebhookHandler({
        secret: SECRET,
        trustProxy: true,
        on: { InitialFilePosted: (e) => void files.push(e.file.id) },
      }),
    );
    app.use(express.json());
    const url = await start(app);
    expect((await send(`${url}/webhooks`, event())).status).toBe(200);
    expect(files).toEqual(['file_1']);
  });

  it('works with no body parser at all (reads the stream itself)', async () => {
    let calls = 0;
    const app = express();
    app.post(
      '/webhooks',
      createNodeWebhookHandler({ secret: SECRET, trustProxy: true, on: { InitialFilePosted: () => void calls++ } }),
    );
    const url = await start(app);
    expect((await send(`${url}/webhooks`, event())).status).toBe(200);
    expect(calls).toBe(1);
  });

  it('refuses with 500 and explains express.raw when express.json() parsed the body first', async () => {
    let calls = 0;
    const reasons: unknown[] = [];
    const app = express();
    app.use(express.json());
    app.post(
      '/webhooks',
      createNodeWebhookHandler({
        secret: SECRET,
        trustProxy: true,
        on: { InitialFilePosted: () => void calls++ },
        onError: (error) => reasons.push((error as { reason?: string }).reason),
      }),
    );
    const url = await start(app);
    const answer = await send(`${url}/webhooks`, event());
    expect(answer.status).toBe(500);
    expect(answer.json).toMatchObject({ error: { reason: 'not_raw' } });
    expect(answer.text).toContain('express.raw');
    // The same 500 reaches Fastify and NestJS apps (both parse JSON first): it names their fixes too.
    expect(answer.text).toContain("parseAs: 'buffer'");
    expect(answer.text).toContain('rawBody: true');
    expect(reasons).toEqual(['not_raw']);
    expect(calls).toBe(0);
  });

  it('answers 401 with a wrong signature behind express.raw', async () => {
    const app = express();
    app.post('/webhooks', express.raw({ type: '*/*' }), createNodeWebhookHandler({ secret: SECRET, trustProxy: true }));
    const url = await start(app);
    const answer = await post(`${url}/webhooks`, JSON.stringify(event()), { ...viaTls, signature: 'guess' });
    expect(answer.status).toBe(401);
  });

  it('answers 413 when express.raw passes a body over the receiver limit', async () => {
    const app = express();
    app.post(
      '/webhooks',
      express.raw({ type: '*/*', limit: '5mb' }),
      createNodeWebhookHandler({ secret: SECRET, trustProxy: true, maxBodyBytes: 1000 }),
    );
    const url = await start(app);
    const answer = await send(`${url}/webhooks`, { ...event(), pad: 'x'.repeat(5000) });
    expect(answer.status).toBe(413);
  });

  it('refuses plain http in Express unless the proxy says https', async () => {
    const app = express();
    app.post('/webhooks', express.raw({ type: '*/*' }), createNodeWebhookHandler({ secret: SECRET, trustProxy: true }));
    const url = await start(app);
    expect((await send(`${url}/webhooks`, event(), {})).status).toBe(403);
  });

  it('verifies the bytes a JSON parser kept in req.rawBody (NestJS rawBody: true, express.json verify)', async () => {
    // NestJS's `rawBody: true` is this verify callback on its express.json(): the app keeps its JSON parser.
    const app = express();
    app.use(
      express.json({
        verify: (req, _res, buf) => {
          (req as { rawBody?: Buffer }).rawBody = buf;
        },
      }),
    );
    const files: string[] = [];
    app.post(
      '/webhooks',
      createNodeWebhookHandler({
        secret: SECRET,
        scheme: 'hmac-sha256',
        trustProxy: true,
        on: { InitialFilePosted: (e) => void files.push(e.file.id) },
      }),
    );
    const url = await start(app);
    // Spacing JSON.stringify(req.body) would not reproduce: only the kept bytes match the HMAC.
    const body = JSON.stringify(event(), null, 2);
    const signed = await signWebhookForTest(body, { secret: SECRET, scheme: 'hmac-sha256' });
    const answer = await post(`${url}/webhooks`, signed.body, { ...signed.headers, ...viaTls });
    expect(answer.status).toBe(200);
    expect(files).toEqual(['file_1']);
  });
});
