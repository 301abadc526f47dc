/**
 * Property-based checks of what the design claims (docs/decisions/partner-webhooks.md):
 * - secret scheme: a request is accepted only if its Signature header equals a configured secret;
 * - hmac-sha256 scheme: any change to the body, the timestamp or the signature is refused;
 * - for any body and headers, verification resolves or rejects with a typed error, nothing else.
 * 13,500 generated cases in all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createWebhookHandler,
  createWebhookVerifier,
  signWebhookForTest,
  WebhookBodyError,
  WebhookVerificationError,
} from '../src/webhooks/index.js';

const SECRETS = ['whsec_PROPERTY_SECRET_A_0123456789', 'whsec_PROPERTY_SECRET_B_abcdefghij'];
const RUNS = 2500;
const NOW = Date.parse('2026-06-01T12:00:00Z');

const typed = (error: unknown) => error instanceof WebhookVerificationError || error instanceof WebhookBodyError;

/** Strings near a secret: prefixes, extensions, one-character edits, case changes, padding. */
const nearSecret = fc
  .tuple(fc.constantFrom(...SECRETS), fc.nat(64), fc.string({ unit: 'binary', maxLength: 4 }), fc.nat(4))
  .map(([secret, at, text, how]) => {
    const i = at % (secret.length + 1);
    switch (how) {
      case 0:
        return secret.slice(0, i) + text + secret.slice(i + 1);
      case 1:
        return secret.slice(0, i);
      case 2:
        return secret + text;
      case 3:
        return secret.toLowerCase();
      default:
        return ` ${secret} `;
    }
  });
const header = fc.oneof(nearSecret, fc.string({ unit: 'binary', maxLength: 80 }), fc.constantFrom(...SECRETS));
const body = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? ''),
  fc.uint8Array({ maxLength: 200 }),
  fc
    .record({
      id: fc.string(),
      type: fc.constantFrom('UserDataRefreshCompleted', 'DeltaFilePosted', 'InitialFilePosted', 'UserFilePosted', 'X'),
      user_id: fc.string(),
      occurred_at: fc.oneof(fc.constant('2026-01-01T00:00:00Z'), fc.string()),
      sequence: fc.oneof(fc.nat(), fc.string()),
    })
    .map((v) => JSON.stringify(v)),
);

describe('webhook verification properties', () => {
  it('secret scheme: accepted only when the header equals a configured secret', async () => {
    const verifier = createWebhookVerifier({ secret: SECRETS });
    await fc.assert(
      fc.asyncProperty(header, body, async (signature, raw) => {
        try {
          await verifier.verifySignature({ body: raw, headers: { signature } });
          expect(SECRETS).toContain(signature);
        } catch (error) {
          expect(error).toBeInstanceOf(WebhookVerificationError);
          expect(SECRETS).not.toContain(signature);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('hmac scheme: any altered body is refused', async () => {
    const verifier = createWebhookVerifier({ secret: SECRETS, scheme: 'hmac-sha256', now: () => NOW });
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.constantFrom(...SECRETS),
        async (original, altered, secret) => {
          fc.pre(original !== altered);
          const signed = await signWebhookForTest(original, { secret, scheme: 'hmac-sha256', timestamp: NOW });
          await expect(verifier.verifySignature(signed)).resolves.toBeInstanceOf(Uint8Array);
          await expect(verifier.verifySignature({ body: altered, headers: signed.headers })).rejects.toMatchObject({
            reason: 'invalid_signature',
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('hmac scheme: a changed timestamp, a flipped signature bit or a foreign secret is refused', async () => {
    const verifier = createWebhookVerifier({ secret: SECRETS, scheme: 'hmac-sha256', now: () => NOW });
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 100 }),
        fc.integer({ min: -250, max: 250 }).filter((d) => d !== 0),
        fc.nat(255),
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !SECRETS.includes(s)),
        async (raw, shift, bit, foreign) => {
          const signed = await signWebhookForTest(raw, { secret: SECRETS[0]!, scheme: 'hmac-sha256', timestamp: NOW });
          const [t, v1] = signed.headers.signature!.split(',') as [string, string];
          const moved = `t=${Number(t.slice(2)) + shift},${v1}`;
          await expect(verifier.verifySignature({ body: raw, headers: { signature: moved } })).rejects.toBeInstanceOf(
            WebhookVerificationError,
          );
          const hex = v1.slice(3);
          const index = bit % 64;
          const flipped =
            hex.slice(0, index) + (Number.parseInt(hex[index]!, 16) ^ 1).toString(16) + hex.slice(index + 1);
          await expect(
            verifier.verifySignature({ body: raw, headers: { signature: `${t},v1=${flipped}` } }),
          ).rejects.toBeInstanceOf(WebhookVerificationError);
          const forged = await signWebhookForTest(raw, { secret: foreign, scheme: 'hmac-sha256', timestamp: NOW });
          await expect(verifier.verifySignature(forged)).rejects.toBeInstanceOf(WebhookVerificationError);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('any body and headers: resolves, or rejects with a typed error (both schemes)', async () => {
    const verifiers = [
      createWebhookVerifier({ secret: SECRETS, maxBodyBytes: 150 }),
      createWebhookVerifier({ secret: SECRETS, scheme: 'hmac-sha256', now: () => NOW }),
      createWebhookVerifier({ secret: false }),
    ];
    const anyBody = fc.oneof(body, fc.anything(), fc.constant(undefined), fc.constant(null));
    const anyHeaders = fc.oneof(
      fc.dictionary(
        fc.oneof(fc.constant('signature'), fc.constant('Signature'), fc.string()),
        fc.oneof(header, fc.array(header)),
      ),
      fc.constant({}),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(fc.nat(2), anyBody, anyHeaders, async (which, raw, headers) => {
        try {
          const event = await verifiers[which]!.verify({ body: raw as never, headers: headers as never });
          expect(typeof event.type).toBe('string');
        } catch (error) {
          if (!typed(error)) throw error;
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('any JSON body without verification parses to an event or a typed 400', async () => {
    const verifier = createWebhookVerifier({ secret: false });
    const known = fc.constantFrom('UserDataRefreshCompleted', 'DeltaFilePosted', 'InitialFilePosted', 'UserFilePosted');
    const payload = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc
        .dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }))
        .chain((extra) => known.map((type) => ({ ...extra, type }))),
      fc.record({ type: fc.string(), id: fc.oneof(fc.string(), fc.nat()) }),
    );
    await fc.assert(
      fc.asyncProperty(payload, async (value) => {
        try {
          const event = await verifier.verify({ body: JSON.stringify(value) ?? 'undefined', headers: {} });
          if (event.type === 'unknown') expect(event.payload).toEqual(value);
        } catch (error) {
          expect(error).toBeInstanceOf(WebhookBodyError);
          expect((error as WebhookBodyError).status).toBe(400);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('Web receiver properties', () => {
  it('answers every request with a known status and never throws (1,000 cases)', async () => {
    const handler = createWebhookHandler({ secret: SECRETS, maxBodyBytes: 300, trustProxy: true });
    const token = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/);
    const headerValue = fc.oneof(header, fc.constantFrom('https', 'http', 'https, http', ''));
    const request = fc.record({
      method: fc.constantFrom('POST', 'GET', 'PUT', 'DELETE', 'PATCH'),
      url: fc.constantFrom('https://x.test/webhooks', 'http://x.test/webhooks', 'http://127.0.0.1/w'),
      headers: fc.dictionary(
        fc.oneof(token, fc.constantFrom('signature', 'x-forwarded-proto', 'content-type')),
        headerValue.map((v) => v.replace(/[^\x20-\x7e]/g, '').trim()),
      ),
      body: fc.oneof(body, fc.string({ maxLength: 500 })),
    });
    const allowed = new Set([200, 400, 401, 403, 405, 409, 413, 500]);
    await fc.assert(
      fc.asyncProperty(request, async ({ method, url, headers, body: raw }) => {
        const hasBody = method !== 'GET';
        const response = await handler(new Request(url, { method, headers, ...(hasBody ? { body: raw } : {}) }));
        expect(allowed.has(response.status)).toBe(true);
        const text = await response.text();
        for (const secret of SECRETS) expect(text).not.toContain(secret);
        if (response.status === 200) expect(SECRETS).toContain(headers.signature);
      }),
      { numRuns: 1000 },
    );
  });
});
