/** The Web-standard receiver inside a Hono app, served over real HTTP on 127.0.0.1. */
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestWebhookEvent,
  createTestWebhookRequest,
  createWebhookHandler,
  signWebhookForTest,
  type WebhookEvent,
} from '../src/webhooks/index.js';
import { expectNoSecret, fetchListener, listen, post, SECRET, viaTls } from './webhooks-helpers.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const file = { id: 'file_2', format: 'ndjson', compression: 'none', record_count: 3 };

async function send(url: string, payload: unknown, headers: Record<string, string> = viaTls) {
  const signed = await signWebhookForTest(payload, { secret: SECRET });
  return post(url, signed.body, { ...signed.headers, ...headers });
}

async function startHono(on: Parameters<typeof createWebhookHandler>[0]): Promise<string> {
  const app = new Hono();
  const handler = createWebhookHandler(on);
  app.post('/webhooks', (c) => handler(c.req.raw));
  const server = await listen(fetchListener((request) => app.fetch(request)));
  close = server.close;
  return `${server.url}/webhooks`;
}

describe('createWebhookHandler in Hono', () => {
  it('dispatches each event type to its callback and answers 200 after it', async () => {
    const seen: WebhookEvent[] = [];
    const url = await startHono({
      secret: SECRET,
      trustProxy: true,
      on: {
        DeltaFilePosted: async (e) => {
          await new Promise((r) => setTimeout(r, 20));
          seen.push(e);
        },
        UserFilePosted: (e) => void seen.push(e),
      },
    });
    const delta = createTestWebhookEvent('DeltaFilePosted', { file, sequence: 2, base_sequence: 1 });
    const user = createTestWebhookEvent('UserFilePosted', { file, sequence: 3 });
    expect((await send(url, delta)).status).toBe(200);
    expect((await send(url, user)).status).toBe(200);
    expect(seen.map((e) => e.type)).toEqual(['DeltaFilePosted', 'UserFilePosted']);
  });

  it('answers 401, 400, 413, 500 and skips redeliveries', async () => {
    let calls = 0;
    const url = await startHono({
      secret: SECRET,
      trustProxy: true,
      maxBodyBytes: 4096,
      on: {
        UserDataRefreshCompleted: (e) => {
          calls += 1;
          if (e.refresh_id === 'fail') throw new Error('nope');
        },
      },
    });
    const ok = createTestWebhookEvent('UserDataRefreshCompleted');
    expect((await post(url, JSON.stringify(ok), { ...viaTls, signature: 'wrong' })).status).toBe(401);
    expect((await send(url, '{"type":')).status).toBe(400);
    expect((await send(url, { ...ok, pad: 'x'.repeat(5000) })).status).toBe(413);
    expect((await send(url, createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'fail' }))).status).toBe(
      500,
    );
    expect((await send(url, ok)).status).toBe(200);
    expect((await send(url, ok)).json).toEqual({ received: true, duplicate: true });
    expect(calls).toBe(2);
  });

  it('refuses plain http unless trustProxy and X-Forwarded-Proto: https', async () => {
    const url = await startHono({ secret: SECRET });
    expect((await send(url, createTestWebhookEvent('UserDataRefreshCompleted'), viaTls)).status).toBe(403);
  });
});

describe('createWebhookHandler as a plain function (Next.js route handler, Workers, Bun, Deno)', () => {
  it('accepts an https Request without any proxy setting', async () => {
    const POST = createWebhookHandler({ secret: SECRET });
    const response = await POST(
      await createTestWebhookRequest(createTestWebhookEvent('UserDataRefreshCompleted'), { secret: SECRET }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
  });
  it('accepts the hmac-sha256 scheme when configured', async () => {
    const POST = createWebhookHandler({ secret: SECRET, scheme: 'hmac-sha256' });
    const request = await createTestWebhookRequest(createTestWebhookEvent('UserDataRefreshCompleted'), {
      secret: SECRET,
      scheme: 'hmac-sha256',
    });
    expect((await POST(request)).status).toBe(200);
  });
  it('throws a ConfigurationError at creation without a secret', () => {
    expect(() => createWebhookHandler({ secret: process.env.VIEWLINK_UNSET_SECRET as unknown as string })).toThrow(
      /secret: false/,
    );
  });
  it('dedupe can be turned off', async () => {
    let calls = 0;
    const POST = createWebhookHandler({
      secret: SECRET,
      store: false,
      on: { UserDataRefreshCompleted: () => void calls++ },
    });
    const event = createTestWebhookEvent('UserDataRefreshCompleted');
    await POST(await createTestWebhookRequest(event, { secret: SECRET }));
    await POST(await createTestWebhookRequest(event, { secret: SECRET }));
    expect(calls).toBe(2);
  });
  it('a failing store.begin answers 500 (retry) and a failing onError does not change the answer', async () => {
    const POST = createWebhookHandler({
      secret: SECRET,
      store: {
        begin: () => Promise.reject(new Error('redis down')),
        complete: () => undefined,
        release: () => undefined,
      },
      onError: () => {
        throw new Error('logger broken');
      },
    });
    const response = await POST(
      await createTestWebhookRequest(createTestWebhookEvent('UserDataRefreshCompleted'), { secret: SECRET }),
    );
    expect(response.status).toBe(500);
    expectNoSecret(await response.text());
  });
});
