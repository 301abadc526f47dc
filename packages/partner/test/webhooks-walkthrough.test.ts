/**
 * What a new partner meets first (issue 14's walkthroughs): a receiver on local plain http says
 * how to allow it, and an HMAC mismatch on a body serialized again says the body or the secret
 * differs and where the raw-body guide is.
 */
import { readFileSync } from 'node:fs';
import { ViewlinkError } from '@viewlink/transport';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createNodeWebhookHandler,
  createTestWebhookEvent,
  createWebhookHandler,
  signWebhookForTest,
  verifyWebhook,
  WebhookConfigError,
  WebhookVerificationError,
} from '../src/index.js';
import { expectNoSecret, listen, post, SECRET } from './webhooks-helpers.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('a receiver reached over local plain http', () => {
  it('answers 403 naming allowInsecureHttp for local development (and trustProxy), reported as WebhookConfigError', async () => {
    const reported: Array<{ error: unknown; status: number }> = [];
    const server = await listen(
      createNodeWebhookHandler({ secret: SECRET, onError: (error, { status }) => reported.push({ error, status }) }),
    );
    close = server.close;
    const signed = await signWebhookForTest(createTestWebhookEvent('UserDataRefreshCompleted'), { secret: SECRET });
    const answer = await post(server.url, signed.body, signed.headers);
    expect(answer.status).toBe(403);
    const body = answer.json as { error: { code: string; message: string } };
    expect(body.error.code).toBe('insecure_transport');
    expect(body.error.message).toMatch(/local development set `allowInsecureHttp: true`/);
    expect(body.error.message).toMatch(/`trustProxy: true`/);

    expect(reported).toHaveLength(1);
    const error = reported[0]?.error;
    expect(reported[0]?.status).toBe(403);
    expect(error).toBeInstanceOf(WebhookConfigError);
    expect(error).toBeInstanceOf(ViewlinkError); // one error tree: catch-all still works
    expect(error).toMatchObject({ name: 'WebhookConfigError', reason: 'insecure_transport', status: 403 });
    expect((error as WebhookConfigError).toJSON()).toMatchObject({ reason: 'insecure_transport', status: 403 });
    expectNoSecret(error, answer.text);
  });

  it('the fetch-style receiver says the same for an http: Request', async () => {
    const handler = createWebhookHandler({ secret: SECRET });
    const signed = await signWebhookForTest(createTestWebhookEvent('UserDataRefreshCompleted'), { secret: SECRET });
    const response = await handler(
      new Request('http://127.0.0.1:3000/webhooks', { method: 'POST', body: signed.body, headers: signed.headers }),
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/allowInsecureHttp/);
  });
});

describe('an HMAC signature checked against a body serialized again', () => {
  it('says the body or the secret differs and points at the raw-body guide', async () => {
    // A real Express app with express.json() first and JSON.stringify(req.body): what the walkthrough did.
    const errors: unknown[] = [];
    const app = express();
    app.use(express.json());
    app.post('/webhooks', async (req, res) => {
      try {
        await verifyWebhook(
          { body: JSON.stringify(req.body), headers: req.headers },
          { secret: SECRET, scheme: 'hmac-sha256' },
        );
        res.sendStatus(200);
      } catch (error) {
        errors.push(error);
        res.sendStatus(401);
      }
    });
    const server = await listen(app);
    close = server.close;
    // Signed as the service sends it: pretty-printed JSON, so parsing and stringifying changes the bytes.
    const event = createTestWebhookEvent('UserDataRefreshCompleted');
    const signed = await signWebhookForTest(JSON.stringify(event, null, 2), { secret: SECRET, scheme: 'hmac-sha256' });
    const answer = await post(`${server.url}/webhooks`, signed.body, signed.headers);
    expect(answer.status).toBe(401);

    const error = errors[0] as WebhookVerificationError;
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error.reason).toBe('invalid_signature');
    expect(error.message).toMatch(/the body differs from the bytes the service signed, or the secret differs/);
    expect(error.message).toMatch(/JSON\.stringify\(req\.body\)/);
    expect(error.message).toMatch(/"Verify the raw body" in docs\/partner-webhooks\.md/);
    expectNoSecret(error);
    // The section the message names exists.
    const guide = readFileSync(new URL('../../../docs/partner-webhooks.md', import.meta.url), 'utf8');
    expect(guide).toMatch(/^## Verify the raw body$/m);
  });

  it('the default scheme (the header is the secret) still says the secret is wrong: the body plays no part', async () => {
    const error = await verifyWebhook(
      { body: '{}', headers: { signature: 'not-the-secret' } },
      { secret: SECRET },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as Error).message).toBe('The webhook Signature header matches none of the configured secrets');
  });
});
