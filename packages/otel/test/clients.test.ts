// End to end: real requests through the transport pipeline to a 127.0.0.1 server, and real
// webhook verification, with @viewlink/otel on an SDK tracer provider (InMemorySpanExporter).
// Span names, attributes, parent/child, errors, and no secret anywhere in any span.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import {
  createNodeWebhookHandler,
  createTestWebhookEvent,
  createTestWebhookRequest,
  createWebhookHandler,
  signWebhookForTest,
  verifyWebhook,
  WebhookVerificationError,
} from '@viewlink/partner';
import { type AuthStrategy, createTransport, NotFoundError } from '@viewlink/transport';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allAttributeText, only, setUpTracing } from './helpers.js';

const API_KEY = 'vl_live_api_key_0123456789abcdef';
const OLD_TOKEN = 'access-token-old-9f8e7d6c5b4a';
const NEW_TOKEN = 'access-token-new-1a2b3c4d5e6f';
const REFRESH_TOKEN = 'refresh-token-77aa88bb99cc';
const APP_PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const WEBHOOK_SECRET = 'whsec_super_secret_value_42';
const SECRETS = [API_KEY, OLD_TOKEN, NEW_TOKEN, REFRESH_TOKEN, APP_PASSWORD, WEBHOOK_SECRET];

/** Every form a secret could leak in: raw, URL-encoded, base64 (alone and in Basic credentials). */
function leakForms(secret: string): string[] {
  return [secret, encodeURIComponent(secret), btoa(secret), btoa(`admin:${secret}`)];
}

/** Fails on any span whose name, status or attribute (events included) holds a secret in any form. */
function expectNoSecret(spans: readonly ReadableSpan[]): void {
  expect(spans.length).toBeGreaterThan(0);
  for (const span of spans) {
    for (const text of allAttributeText(span)) {
      for (const secret of SECRETS) {
        for (const form of leakForms(secret)) expect(text, `${span.name} leaks ${secret}`).not.toContain(form);
      }
    }
  }
}

let server: ReturnType<typeof createServer>;
let baseUrl: string;
let hits = 0;
let busyThenSlow = 0;
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  // 503 first, then 200: one retry.
  '/v1/items/42': (_req, res) => {
    hits++;
    if (hits % 2 === 1) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(JSON.stringify({ error: { code: 'unavailable', message: `busy, key ${API_KEY}` } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req-200' });
    res.end(JSON.stringify({ id: 42 }));
  },
  // 401 for the old token, 200 for the renewed one.
  '/v1/users/u-1/watchlist': (req, res) => {
    const ok = req.headers.authorization === `Bearer ${NEW_TOKEN}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json', 'x-request-id': ok ? 'req-ok' : 'req-401' });
    res.end(JSON.stringify(ok ? { items: [] } : { error: { code: 'token_expired', message: 'expired' } }));
  },
  // Answers after the client's per-attempt timeout.
  '/v1/slow': (_req, res) => {
    setTimeout(() => {
      if (res.writableEnded || res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    }, 300);
  },
  // 503 on odd hits, then no answer within the timeout on even ones.
  '/v1/busy-then-slow': (_req, res) => {
    busyThenSlow++;
    if (busyThenSlow % 2 === 1) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0', 'x-request-id': 'req-503' });
      res.end(JSON.stringify({ error: { code: 'unavailable', message: 'busy' } }));
    } else routes['/v1/slow']?.(_req, res);
  },
  '/v1/missing': (_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json', 'x-request-id': 'req-404' });
    res.end(JSON.stringify({ error: { code: 'not_found', message: `no such thing for ${APP_PASSWORD}` } }));
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(req, res);
    else {
      res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let tracing: ReturnType<typeof setUpTracing>;
beforeEach(() => {
  tracing = setUpTracing();
});
afterEach(async () => {
  await tracing.stop();
});

function transport(extra: Partial<Parameters<typeof createTransport>[0]> = {}) {
  return createTransport({
    baseUrl,
    client: 'partner',
    retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 2 },
    headers: () => ({ 'x-api-key': API_KEY, authorization: `Basic ${btoa(`admin:${APP_PASSWORD}`)}` }),
    secrets: () => [API_KEY, APP_PASSWORD],
    ...extra,
  });
}

describe('@viewlink/otel on real client traffic', () => {
  it('a retried GET: request span with two attempt spans and a retry span, HTTP attributes, request id', async () => {
    const response = await transport().request({
      method: 'GET',
      path: '/v1/items/42',
      route: '/v1/items/{id}',
      query: { access_token: OLD_TOKEN, fields: 'id' },
    });
    expect(response.data).toEqual({ id: 42 });
    const spans = tracing.exporter.getFinishedSpans();
    const request = only(spans, 'partner GET /v1/items/{id}');
    expect(request.kind).toBe(SpanKind.INTERNAL);
    expect(request.attributes).toMatchObject({
      'viewlink.client': 'partner',
      'http.request.method': 'GET',
      'url.template': '/v1/items/{id}',
      'http.response.status_code': 200,
      'viewlink.retry_count': 1,
      'viewlink.request_id': 'req-200',
      'server.address': '127.0.0.1',
    });
    // The token in the query is redacted in url.full, as the semantic conventions write it.
    expect(request.attributes['url.full']).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v1\/items\/42\?access_token=REDACTED&fields=id$/,
    );
    expect(request.status.code).toBe(SpanStatusCode.UNSET);
    const attempts = spans.filter((s) => s.name === 'GET /v1/items/{id}');
    expect(attempts.map((s) => [s.kind, s.attributes['http.response.status_code']])).toEqual([
      [SpanKind.CLIENT, 503],
      [SpanKind.CLIENT, 200],
    ]);
    expect(attempts[1]?.attributes['http.request.resend_count']).toBe(1);
    // HTTP client spans (semantic conventions): the 503 attempt failed, though the call went on.
    expect(attempts.map((s) => [s.status, s.attributes['error.type']])).toEqual([
      [{ code: SpanStatusCode.ERROR }, '503'],
      [{ code: SpanStatusCode.UNSET }, undefined],
    ]);
    const retry = only(spans, 'viewlink.retry');
    expect(retry.attributes).toMatchObject({ 'viewlink.retry.attempt': 2, 'viewlink.retry.reason': 'HTTP 503' });
    for (const child of [...attempts, retry])
      expect(child.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expectNoSecret(spans);
  });

  it('a 401 renewed and replayed: a token-renewal span between the two attempts, all under the request', async () => {
    let current = OLD_TOKEN;
    const auth: AuthStrategy<string> = {
      credential: () => current,
      apply: (token, headers) => {
        headers.authorization = `Bearer ${token}`;
      },
      renew: async () => {
        current = NEW_TOKEN;
        return current;
      },
    };
    await transport({ headers: undefined, secrets: () => [API_KEY, OLD_TOKEN, NEW_TOKEN, REFRESH_TOKEN] }).request({
      method: 'GET',
      path: '/v1/users/u-1/watchlist',
      route: '/v1/users/{userId}/watchlist',
      auth,
    });
    const spans = tracing.exporter.getFinishedSpans();
    const request = only(spans, 'partner GET /v1/users/{userId}/watchlist');
    const renewal = only(spans, 'viewlink.token_renewal');
    expect(renewal.attributes).toEqual({
      'viewlink.client': 'partner',
      'viewlink.token_renewal.trigger': 'unauthorized',
    });
    expect(renewal.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    const attempts = spans.filter((s) => s.name === 'GET /v1/users/{userId}/watchlist');
    expect(attempts.map((s) => s.attributes['http.response.status_code'])).toEqual([401, 200]);
    expect(attempts.map((s) => [s.status.code, s.attributes['error.type']])).toEqual([
      [SpanStatusCode.ERROR, '401'],
      [SpanStatusCode.UNSET, undefined],
    ]);
    expect(request.attributes).toMatchObject({ 'http.response.status_code': 200, 'viewlink.request_id': 'req-ok' });
    expectNoSecret(spans);
  });

  it('a 404 is recorded on the request span: ERROR status, error.type, error code, redacted message', async () => {
    await expect(
      transport().request({ method: 'GET', path: '/v1/missing', route: '/v1/missing' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const spans = tracing.exporter.getFinishedSpans();
    const request = only(spans, 'partner GET /v1/missing');
    expect(request.status.code).toBe(SpanStatusCode.ERROR);
    expect(request.attributes).toMatchObject({
      'error.type': '404',
      'viewlink.error.code': 'not_found',
      'http.response.status_code': 404,
      'viewlink.request_id': 'req-404',
    });
    expect(request.events[0]?.attributes?.['exception.type']).toBe('NotFoundError');
    const attempt = only(spans, 'GET /v1/missing');
    expect(attempt.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(attempt.attributes['error.type']).toBe('404');
    expect(attempt.events).toEqual([]);
    // The server echoed the application password into its message: redacted before it reached the span.
    expect(String(request.events[0]?.attributes?.['exception.message'])).toContain('[REDACTED]');
    expectNoSecret(spans);
  });

  it("an attempt cut by the client's timeout is a TimeoutError on its span, not the user's AbortError", async () => {
    const call = transport({ timeout: 50, retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 2 } }).request({
      method: 'GET',
      path: '/v1/slow',
      route: '/v1/slow',
    });
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    const spans = tracing.exporter.getFinishedSpans();
    const attempts = spans.filter((s) => s.name === 'GET /v1/slow');
    expect(attempts.map((s) => s.attributes['error.type'])).toEqual(['TimeoutError', 'TimeoutError']);
    expect(attempts.map((s) => s.attributes['http.request.resend_count'])).toEqual([undefined, 1]);
    expect(only(spans, 'partner GET /v1/slow').attributes['error.type']).toBe('TimeoutError');
    expect(only(spans, 'viewlink.retry').attributes['viewlink.retry.reason']).toBe('timeout');
  });

  it('a call whose last attempt got no answer: the request span holds no status or request id of an earlier answer', async () => {
    const call = transport({ timeout: 50, retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 2 } }).request({
      method: 'GET',
      path: '/v1/busy-then-slow',
      route: '/v1/busy-then-slow',
    });
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    const spans = tracing.exporter.getFinishedSpans();
    const attempts = spans.filter((s) => s.name === 'GET /v1/busy-then-slow');
    expect(attempts.map((s) => s.attributes['http.response.status_code'])).toEqual([503, undefined]);
    const request = only(spans, 'partner GET /v1/busy-then-slow');
    expect(request.attributes['error.type']).toBe('TimeoutError');
    // The call failed by timeout, not with a 503: dashboards counting by status must not see one.
    expect(request.attributes['http.response.status_code']).toBeUndefined();
    expect(request.attributes['viewlink.request_id']).toBeUndefined();
  });

  it('webhook verification: a span per check, the event type on success, the reason on failure, never the secret', async () => {
    const event = createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'ref_1', services: ['svc-a'] });
    const signed = await signWebhookForTest(event, { secret: WEBHOOK_SECRET, scheme: 'hmac-sha256' });
    await verifyWebhook(signed, { secret: WEBHOOK_SECRET, scheme: 'hmac-sha256' });
    const forged = await signWebhookForTest(event, { secret: 'not-the-configured-secret', scheme: 'hmac-sha256' });
    await expect(verifyWebhook(forged, { secret: WEBHOOK_SECRET, scheme: 'hmac-sha256' })).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    const spans = tracing.exporter.getFinishedSpans().filter((s) => s.name === 'viewlink.webhook.verify');
    expect(spans.map((s) => s.attributes)).toEqual([
      { 'viewlink.webhook.scheme': 'hmac-sha256', 'viewlink.webhook.event_type': 'UserDataRefreshCompleted' },
      {
        'viewlink.webhook.scheme': 'hmac-sha256',
        'viewlink.webhook.failure_reason': 'invalid_signature',
        'error.type': 'WebhookVerificationError',
        'viewlink.error.code': 'webhook_verification_failed',
      },
    ]);
    expect(spans[1]?.status.code).toBe(SpanStatusCode.ERROR);
    expectNoSecret(spans);
  });

  it('webhook receivers (Web and Node): a verify span per delivery, the reason on a forged one, never the secret', async () => {
    const event = createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'ref_2' });
    const options = { secret: WEBHOOK_SECRET, allowInsecureHttp: true, on: { UserDataRefreshCompleted: () => {} } };
    const web = createWebhookHandler(options);
    expect((await web(await createTestWebhookRequest(event, { secret: WEBHOOK_SECRET }))).status).toBe(200);
    expect((await web(await createTestWebhookRequest(event, { secret: 'not-the-secret' }))).status).toBe(401);
    const node = createServer(createNodeWebhookHandler(options));
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    try {
      const signed = await signWebhookForTest(
        createTestWebhookEvent('UserDataRefreshCompleted', { refresh_id: 'ref_3' }),
        { secret: WEBHOOK_SECRET },
      );
      const url = `http://127.0.0.1:${(node.address() as AddressInfo).port}/`;
      expect((await fetch(url, { method: 'POST', body: signed.body, headers: signed.headers })).status).toBe(200);
    } finally {
      await new Promise((resolve) => node.close(resolve));
    }
    const spans = tracing.exporter.getFinishedSpans().filter((s) => s.name === 'viewlink.webhook.verify');
    expect(spans.map((s) => [s.status.code, s.attributes])).toEqual([
      [
        SpanStatusCode.UNSET,
        { 'viewlink.webhook.scheme': 'secret', 'viewlink.webhook.event_type': 'UserDataRefreshCompleted' },
      ],
      [
        SpanStatusCode.ERROR,
        {
          'viewlink.webhook.scheme': 'secret',
          'viewlink.webhook.failure_reason': 'invalid_signature',
          'error.type': 'WebhookVerificationError',
          'viewlink.error.code': 'webhook_verification_failed',
        },
      ],
      [
        SpanStatusCode.UNSET,
        { 'viewlink.webhook.scheme': 'secret', 'viewlink.webhook.event_type': 'UserDataRefreshCompleted' },
      ],
    ]);
    expectNoSecret(spans);
  });

  it('publishes nothing once disabled', async () => {
    tracing.instrumentation.disable();
    await transport().request({ method: 'GET', path: '/v1/items/42', route: '/v1/items/{id}' });
    expect(tracing.exporter.getFinishedSpans()).toEqual([]);
  });
});
