// The partner client, end to end on its fake (msw on 127.0.0.1), with @viewlink/otel: a token
// renewal ahead of expiry and one after a 401 appear as spans around the refresh request (an
// attempt of the read's run), the reads as request spans with their route templates, and no
// span holds the API Key or a token.
import { SpanStatusCode } from '@opentelemetry/api';
import { MemoryTokenStore } from '@viewlink/partner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, BASE, usePartnerFake } from '../../partner/test/fixtures.js';
import { allAttributeText, only, setUpTracing } from './helpers.js';

const setup = usePartnerFake({ accessTokenTtl: 600 });

let tracing: ReturnType<typeof setUpTracing>;
beforeEach(() => {
  tracing = setUpTracing();
});
afterEach(async () => {
  await tracing.stop();
});

function expectNone(secrets: string[]): void {
  const spans = tracing.exporter.getFinishedSpans();
  expect(spans.length).toBeGreaterThan(0);
  for (const span of spans)
    for (const text of allAttributeText(span))
      for (const secret of secrets) {
        for (const form of [secret, encodeURIComponent(secret), btoa(secret)])
          expect(text, `${span.name} leaks a secret`).not.toContain(form);
      }
}

describe('@viewlink/otel on the partner client', () => {
  it('a renewal ahead of expiry: a token_renewal span holding the refresh request, then the read', async () => {
    const store = new MemoryTokenStore();
    const client = setup.client({ tokenStore: store, clockSkewMs: 30_000 });
    const pair = await client.tokens.issue({ userId: 'demo-user' });
    setup.clock.advance(600_000 - 20_000);
    await client.user(pair).watchlist();
    const spans = tracing.exporter.getFinishedSpans();
    const renewal = only(spans, 'viewlink.token_renewal');
    expect(renewal.attributes).toEqual({ 'viewlink.client': 'partner', 'viewlink.token_renewal.trigger': 'expiring' });
    // The renewal request is a step of the read's run: an attempt span under the renewal span.
    const refresh = only(spans, 'POST /v1/auth/token/refresh');
    expect(refresh.parentSpanContext?.spanId).toBe(renewal.spanContext().spanId);
    const read = only(spans, 'partner GET /v1/user/watchlist');
    expect(renewal.parentSpanContext?.spanId).toBe(read.spanContext().spanId);
    expect(read.attributes).toMatchObject({ 'url.template': '/v1/user/watchlist', 'http.response.status_code': 200 });
    const renewed = store.get('demo-user');
    expectNone([
      API_KEY,
      pair.accessToken,
      pair.refreshToken,
      renewed?.access_token ?? '',
      renewed?.refresh_token ?? '',
    ]);
  });

  it('a 401: the renewal span is a child of the read, between its two attempts', async () => {
    const store = new MemoryTokenStore();
    const client = setup.client({ tokenStore: store });
    const user = client.user('demo-user');
    const first = await user.tokenPair();
    await fetch(`${BASE}/__mock/tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'demo-user' }),
    });
    tracing.exporter.reset();
    await user.watchlist();
    const spans = tracing.exporter.getFinishedSpans();
    const read = only(spans, 'partner GET /v1/user/watchlist');
    const renewal = only(spans, 'viewlink.token_renewal');
    expect(renewal.attributes['viewlink.token_renewal.trigger']).toBe('unauthorized');
    expect(renewal.parentSpanContext?.spanId).toBe(read.spanContext().spanId);
    // The renewal request is a step of the read's run: an attempt span under the renewal, no request span of its own.
    const refresh = only(spans, 'POST /v1/auth/token/refresh');
    expect(refresh.parentSpanContext?.spanId).toBe(renewal.spanContext().spanId);
    expect(spans.filter((s) => s.name === 'partner POST /v1/auth/token/refresh')).toEqual([]);
    const attempts = spans.filter((s) => s.name === 'GET /v1/user/watchlist');
    expect(attempts.map((s) => s.attributes['http.response.status_code'])).toEqual([401, 200]);
    // The replay is a resend (the semantic conventions count one after an authorization failure
    // too), and the call was sent again once.
    expect(attempts.map((s) => s.attributes['http.request.resend_count'])).toEqual([undefined, 1]);
    expect(read.attributes['viewlink.retry_count']).toBe(1);
    const renewed = store.get('demo-user');
    expectNone([
      API_KEY,
      first.accessToken,
      first.refreshToken,
      renewed?.access_token ?? '',
      renewed?.refresh_token ?? '',
    ]);
  });

  it("a read of a user with no pair yet: the issue is a token_renewal span (trigger 'missing') holding its attempt", async () => {
    const store = new MemoryTokenStore();
    const client = setup.client({ tokenStore: store });
    await client.user('demo-user').watchlist();
    const spans = tracing.exporter.getFinishedSpans();
    const read = only(spans, 'partner GET /v1/user/watchlist');
    const issue = only(spans, 'viewlink.token_renewal');
    expect(issue.attributes).toEqual({ 'viewlink.client': 'partner', 'viewlink.token_renewal.trigger': 'missing' });
    expect(issue.parentSpanContext?.spanId).toBe(read.spanContext().spanId);
    // Not a bare POST beside the read's own attempt: the issue request sits under the span that says why.
    const attempt = only(spans, 'POST /v1/auth/token');
    expect(attempt.parentSpanContext?.spanId).toBe(issue.spanContext().spanId);
    expect(attempt.attributes).toMatchObject({ 'http.request.method': 'POST', 'url.template': '/v1/auth/token' });
    const issued = store.get('demo-user');
    expectNone([API_KEY, issued?.access_token ?? '', issued?.refresh_token ?? '']);
  });

  it('an issue inside a read that the service refuses: the token_renewal span is ERROR with the status', async () => {
    const client = setup.client({ tokenStore: new MemoryTokenStore(), apiKey: 'vl_test_WRONG_key_not_known' });
    await expect(client.user('demo-user').watchlist()).rejects.toThrow();
    const spans = tracing.exporter.getFinishedSpans();
    const issue = only(spans, 'viewlink.token_renewal');
    expect(issue.attributes).toMatchObject({ 'viewlink.token_renewal.trigger': 'missing', 'error.type': '401' });
    expect(issue.status.code).toBe(SpanStatusCode.ERROR);
    expect(only(spans, 'partner GET /v1/user/watchlist').status.code).toBe(SpanStatusCode.ERROR);
    expectNone(['vl_test_WRONG_key_not_known']);
  });
});
