/** The Node receiver over real HTTP on 127.0.0.1 (node:http). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createNodeWebhookHandler,
  createTestWebhookEvent,
  signWebhookForTest,
  type WebhookEventOf,
  type WebhookHandlerOptions,
} from '../src/webhooks/index.js';
import { expectNoSecret, listen, post, SECRET, viaTls } from './webhooks-helpers.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(options: Partial<WebhookHandlerOptions> = {}): Promise<string> {
  const server = await listen(createNodeWebhookHandler({ secret: SECRET, trustProxy: true, ...options }));
  close = server.close;
  return `${server.url}/webhooks`;
}

const refresh = (id = `evt_${Math.random()}`) =>
  createTestWebhookEvent('UserDataRefreshCompleted', { id, refresh_id: 'ref_1' });

async function send(url: string, payload: unknown, headers: Record<string, string> = viaTls) {
  const signed = await signWebhookForTest(payload, { secret: SECRET });
  return post(url, signed.body, { ...signed.headers, ...headers });
}

describe('createNodeWebhookHandler over node:http', () => {
  it('answers 200 only after the callback ran, with the narrowed event', async () => {
    const seen: WebhookEventOf<'UserDataRefreshCompleted'>[] = [];
    let finished = false;
    const url = await serve({
      on: {
        UserDataRefreshCompleted: async (event) => {
          await new Promise((r) => setTimeout(r, 30));
          seen.push(event);
          finished = true;
        },
      },
    });
    const answer = await send(url, refresh('evt_a'));
    expect(answer.status).toBe(200);
    expect(finished).toBe(true);
    expect(seen.map((e) => [e.id, e.refresh_id])).toEqual([['evt_a', 'ref_1']]);
  });

  it('answers 401 for a missing or wrong signature and never calls back', async () => {
    let calls = 0;
    const url = await serve({ on: { UserDataRefreshCompleted: () => void calls++ } });
    const body = JSON.stringify(refresh());
    const missing = await post(url, body, viaTls);
    const wrong = await post(url, body, { ...viaTls, signature: `${SECRET}!` });
    expect([missing.status, wrong.status]).toEqual([401, 401]);
    expect(missing.json).toMatchObject({ error: { reason: 'missing_signature' } });
    expect(wrong.json).toMatchObject({ error: { reason: 'invalid_signature' } });
    expect(calls).toBe(0);
    expectNoSecret(wrong.text);
  });

  it('answers 400 for a body that is not JSON or a malformed known event', async () => {
    const url = await serve();
    expect((await send(url, 'not json')).status).toBe(400);
    const bad = await send(url, createTestWebhookEvent('DeltaFilePosted', { sequence: 1, file: undefined }));
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { reason: 'invalid_event' } });
  });

  it('answers 413 for a declared and for a chunked body over the limit', async () => {
    const url = await serve({ maxBodyBytes: 2048 });
    const big = JSON.stringify({ ...refresh(), pad: 'x'.repeat(10_000) });
    expect((await send(url, big)).status).toBe(413);
    // Chunked: no content-length, so the limit is enforced while streaming.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(url, { method: 'POST', headers: { signature: SECRET, ...viaTls } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let i = 0; i < 10; i++) req.write('x'.repeat(1000));
      req.end();
    });
    expect(status).toBe(413);
  });

  it('answers 500 when the callback throws, so the service retries; the retry runs it again', async () => {
    let attempts = 0;
    const errors: unknown[] = [];
    const url = await serve({
      on: {
        UserDataRefreshCompleted: () => {
          attempts += 1;
          if (attempts === 1) throw new Error('database down');
        },
      },
      onError: (error, { status }) => errors.push([status, error]),
    });
    const event = refresh('evt_retry');
    const first = await send(url, event);
    expect(first.status).toBe(500);
    expect(first.text).not.toContain('database down');
    expect((await send(url, event)).status).toBe(200);
    expect(attempts).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('skips a redelivered event (same id): callback once, still 2xx', async () => {
    let calls = 0;
    const url = await serve({ on: { UserDataRefreshCompleted: () => void calls++ } });
    const event = refresh('evt_dup');
    const first = await send(url, event);
    const again = await send(url, event);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.json).toEqual({ received: true, duplicate: true });
    expect(calls).toBe(1);
  });

  it('answers 409 to a redelivery that arrives while the first is still being handled', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let calls = 0;
    const url = await serve({
      on: {
        UserDataRefreshCompleted: async () => {
          calls += 1;
          await gate;
        },
      },
    });
    const event = refresh('evt_concurrent');
    const first = send(url, event);
    await new Promise((r) => setTimeout(r, 50));
    const second = await send(url, event);
    release();
    expect(second.status).toBe(409);
    expect((await first).status).toBe(200);
    expect(calls).toBe(1);
  });

  it('calls onUnknown for an unknown event type and acknowledges it', async () => {
    const unknown: unknown[] = [];
    const url = await serve({ onUnknown: (event) => void unknown.push(event) });
    const answer = await send(url, { id: 'evt_new', type: 'AccountBroken', service: 'svc-a' });
    expect(answer.status).toBe(200);
    expect(unknown).toEqual([
      {
        type: 'unknown',
        eventType: 'AccountBroken',
        id: 'evt_new',
        payload: { id: 'evt_new', type: 'AccountBroken', service: 'svc-a' },
      },
    ]);
  });

  it('answers 405 to other methods', async () => {
    const url = await serve();
    const response = await fetch(url);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('createNodeWebhookHandler: transport security', () => {
  it('refuses plain http by default (403), even from loopback', async () => {
    const server = await listen(createNodeWebhookHandler({ secret: SECRET }));
    close = server.close;
    const answer = await send(server.url, refresh(), {});
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ error: { code: 'insecure_transport' } });
  });
  it('ignores X-Forwarded-Proto unless trustProxy is set', async () => {
    const server = await listen(createNodeWebhookHandler({ secret: SECRET }));
    close = server.close;
    expect((await send(server.url, refresh(), viaTls)).status).toBe(403);
  });
  it('with trustProxy, accepts only when every hop says https', async () => {
    const url = await serve();
    expect((await send(url, refresh(), { 'x-forwarded-proto': 'https' })).status).toBe(200);
    expect((await send(url, refresh(), { 'x-forwarded-proto': 'HTTPS' })).status).toBe(200);
    expect((await send(url, refresh(), { 'x-forwarded-proto': 'http' })).status).toBe(403);
    expect((await send(url, refresh(), { 'x-forwarded-proto': 'https, http' })).status).toBe(403);
    expect((await send(url, refresh(), {})).status).toBe(403);
  });
  it('accepts plain http with the explicit allowInsecureHttp (local development)', async () => {
    const server = await listen(createNodeWebhookHandler({ secret: SECRET, allowInsecureHttp: true }));
    close = server.close;
    expect((await send(server.url, refresh(), {})).status).toBe(200);
  });
});

describe('createNodeWebhookHandler: secrets', () => {
  it('never puts the secret in a response or in what onError receives', async () => {
    const reported: unknown[] = [];
    const url = await serve({
      secret: [SECRET, `${SECRET}_next`],
      on: {
        UserDataRefreshCompleted: () => {
          throw new Error('boom');
        },
      },
      onError: (error, context) => reported.push(error, context),
    });
    const answers = await Promise.all([
      send(url, refresh()),
      post(url, 'x', { ...viaTls, signature: `${SECRET}x` }),
      post(url, 'x', { ...viaTls, signature: SECRET }),
      post(url, 'x'.repeat(2_000_000), { ...viaTls, signature: SECRET }),
      post(url, 'x', {}),
    ]);
    expect(answers.map((a) => a.status)).toEqual([500, 401, 400, 413, 403]);
    expect(reported.length).toBeGreaterThanOrEqual(10);
    expectNoSecret(...answers.map((a) => a.text), ...reported);
  });
});

describe('createNodeWebhookHandler over real TLS (https.createServer)', () => {
  it('accepts https from the socket itself, with no proxy setting', async () => {
    // A throwaway self-signed certificate for 127.0.0.1 (needs the openssl CLI: fails loudly without it).
    const dir = mkdtempSync(join(tmpdir(), 'vl-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const key = readFileSync(join(dir, 'key.pem'));
    const cert = readFileSync(join(dir, 'cert.pem'));
    let calls = 0;
    const server = createHttpsServer(
      { key, cert },
      createNodeWebhookHandler({ secret: SECRET, on: { UserDataRefreshCompleted: () => void calls++ } }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    const { port } = server.address() as AddressInfo;
    const signed = await signWebhookForTest(refresh(), { secret: SECRET });
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpsRequest(
        { host: '127.0.0.1', port, path: '/webhooks', method: 'POST', ca: cert, headers: signed.headers },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(signed.body);
    });
    expect(status).toBe(200);
    expect(calls).toBe(1);
  });
});
