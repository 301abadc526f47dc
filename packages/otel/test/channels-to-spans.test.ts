// The instrumentation against the channels themselves: every channel's span, nesting through
// the bound store, error recording, and disable(). End-to-end client traffic is in clients.test.ts.
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  type AttemptTrace,
  attemptChannel,
  batchChunkChannel,
  ConfigurationError,
  NotFoundError,
  type RequestTrace,
  requestChannel,
  retryChannel,
  tokenRenewalChannel,
  webhookVerificationChannel,
} from '@viewlink/transport';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instrumentViewlink } from '../src/index.js';
import { only, setUpTracing } from './helpers.js';

let tracing: ReturnType<typeof setUpTracing>;
beforeEach(() => {
  tracing = setUpTracing();
});
afterEach(async () => {
  await tracing.stop();
});

function requestTrace(): RequestTrace {
  return {
    client: 'partner',
    method: 'GET',
    route: '/v1/users/{userId}/watchlist',
    url: 'http://127.0.0.1:8080/v1/users/u-1/watchlist?limit=5',
    status: undefined,
    requestId: undefined,
    retryCount: 0,
  };
}

describe('instrumentViewlink', () => {
  it('refuses an option name it does not take (it would trace to the global provider without a word)', () => {
    expect(() => instrumentViewlink({ tracerprovider: trace.getTracerProvider() } as never)).toThrow(
      'instrumentViewlink(): tracerprovider is an unknown option (known: tracerProvider)',
    );
    expect(() => instrumentViewlink('global' as never)).toThrow(ConfigurationError);
    // A provider without getTracer() is named, not a TypeError from inside.
    expect(() => instrumentViewlink({ tracerProvider: 5 } as never)).toThrow(
      new ConfigurationError('instrumentViewlink(): `tracerProvider` must be a TracerProvider (with getTracer())'),
    );
    expect(() => instrumentViewlink(null as never)).toThrow(
      'instrumentViewlink(): options must be an object: { tracerProvider }',
    );
  });

  it('subscribes every channel while enabled, and none after disable()', () => {
    for (const channel of [
      requestChannel,
      attemptChannel,
      retryChannel,
      tokenRenewalChannel,
      webhookVerificationChannel,
      batchChunkChannel,
    ]) {
      expect(channel.active, channel.name).toBe(true);
    }
    tracing.instrumentation.disable();
    expect(tracing.instrumentation.enabled).toBe(false);
    expect(requestChannel.active).toBe(false);
  });

  it('turns a request with a retried attempt into a request span holding attempt and retry spans', async () => {
    const request = requestTrace();
    await requestChannel.trace(request, async () => {
      const first: AttemptTrace = { request, attempt: 1, status: undefined };
      await attemptChannel.trace(first, async () => {
        first.status = 503;
      });
      await retryChannel.trace({ request, attempt: 2, reason: 'HTTP 503', delayMs: 5 }, async () => {});
      request.retryCount = 1;
      const second: AttemptTrace = { request, attempt: 2, status: undefined };
      await attemptChannel.trace(second, async () => {
        second.status = 200;
      });
      request.status = 200;
      request.requestId = 'req-42';
    });
    const spans = tracing.exporter.getFinishedSpans();
    const parent = only(spans, 'partner GET /v1/users/{userId}/watchlist');
    expect(parent.kind).toBe(SpanKind.INTERNAL);
    expect(parent.parentSpanContext).toBeUndefined();
    expect(parent.attributes).toMatchObject({
      'viewlink.client': 'partner',
      'http.request.method': 'GET',
      'url.template': '/v1/users/{userId}/watchlist',
      'http.response.status_code': 200,
      'viewlink.retry_count': 1,
      'viewlink.request_id': 'req-42',
      'server.address': '127.0.0.1',
      'server.port': 8080,
    });
    const attempts = spans.filter((s) => s.name === 'GET /v1/users/{userId}/watchlist');
    expect(attempts.map((s) => s.attributes['http.response.status_code'])).toEqual([503, 200]);
    expect(attempts.map((s) => s.attributes['http.request.resend_count'])).toEqual([undefined, 1]);
    const retry = only(spans, 'viewlink.retry');
    expect(retry.attributes).toMatchObject({ 'viewlink.retry.reason': 'HTTP 503', 'viewlink.retry.delay_ms': 5 });
    for (const child of [...attempts, retry]) {
      expect(child.kind).toBe(child === retry ? SpanKind.INTERNAL : SpanKind.CLIENT);
      expect(child.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
      expect(child.spanContext().traceId).toBe(parent.spanContext().traceId);
    }
  });

  it('nests the request span under the application span active when the call started', async () => {
    const app = tracing.provider.getTracer('app');
    await app.startActiveSpan('handle /watchlist', async (span) => {
      await requestChannel.trace(requestTrace(), async () => {});
      span.end();
    });
    const spans = tracing.exporter.getFinishedSpans();
    const outer = only(spans, 'handle /watchlist');
    const request = only(spans, 'partner GET /v1/users/{userId}/watchlist');
    expect(request.parentSpanContext?.spanId).toBe(outer.spanContext().spanId);
    // The caller's context is untouched after the traced call.
    expect(trace.getActiveSpan()).toBeUndefined();
  });

  it('records a failed request: status ERROR, error.type, the redacted message as an exception event', async () => {
    const request = requestTrace();
    const failure = new NotFoundError({ status: 404, method: 'GET', url: request.url, code: 'rest_no_route' });
    await expect(
      requestChannel.trace(request, async () => {
        request.status = 404;
        throw failure;
      }),
    ).rejects.toBe(failure);
    const span = only(tracing.exporter.getFinishedSpans(), 'partner GET /v1/users/{userId}/watchlist');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: failure.message });
    expect(span.attributes['error.type']).toBe('404');
    expect(span.attributes['viewlink.error.code']).toBe('rest_no_route');
    expect(span.attributes['http.response.status_code']).toBe(404);
    expect(
      span.events.map((e) => [e.name, e.attributes?.['exception.type'], e.attributes?.['exception.message']]),
    ).toEqual([['exception', 'NotFoundError', failure.message]]);
  });

  it('keeps only the name of a foreign error (its message may quote a header or URL)', async () => {
    await expect(
      requestChannel.trace(requestTrace(), async () => {
        throw new TypeError('fetch failed for https://user:hunter2@example.test/?token=abc');
      }),
    ).rejects.toThrow(TypeError);
    const span = only(tracing.exporter.getFinishedSpans(), 'partner GET /v1/users/{userId}/watchlist');
    expect(span.attributes['error.type']).toBe('TypeError');
    expect(JSON.stringify(span.events)).not.toContain('hunter2');
    expect(span.status.message).toBe('TypeError');
  });

  it('names token renewal, webhook verification and batch chunk spans, with a request under its chunk', async () => {
    await tokenRenewalChannel.trace({ client: 'web', trigger: 'unauthorized' }, async () => {});
    const webhook = { scheme: 'hmac-sha256', eventType: undefined as string | undefined };
    await webhookVerificationChannel.trace(webhook, async () => {
      webhook.eventType = 'watchlist.updated';
    });
    await batchChunkChannel.trace({ chunk: 1, chunks: 3, size: 25 }, async () => {
      await requestChannel.trace(
        { ...requestTrace(), client: 'cms', method: 'POST', route: '/batch/v1' },
        async () => {},
      );
    });
    const spans = tracing.exporter.getFinishedSpans();
    expect(only(spans, 'viewlink.token_renewal').attributes).toEqual({
      'viewlink.client': 'web',
      'viewlink.token_renewal.trigger': 'unauthorized',
    });
    expect(only(spans, 'viewlink.webhook.verify').attributes).toEqual({
      'viewlink.webhook.scheme': 'hmac-sha256',
      'viewlink.webhook.event_type': 'watchlist.updated',
    });
    const chunk = only(spans, 'viewlink.batch.chunk');
    expect(chunk.attributes).toEqual({
      'viewlink.batch.chunk_index': 1,
      'viewlink.batch.chunk_count': 3,
      'viewlink.batch.size': 25,
    });
    expect(only(spans, 'cms POST /batch/v1').parentSpanContext?.spanId).toBe(chunk.spanContext().spanId);
  });
});
