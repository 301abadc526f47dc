// instrumentViewlink() called again while it runs (a Worker or route handler that sets up tracing
// on every request, or this package loaded twice): one set of spans, never one per call.
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ConfigurationError, createTransport } from '@viewlink/transport';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { instrumentViewlink, type ViewlinkInstrumentation } from '../src/index.js';

const BASE = 'https://api.viewlink.example';
const server = setupServer(http.get(`${BASE}/v1/ping`, () => HttpResponse.json({ ok: true })));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const started: ViewlinkInstrumentation[] = [];
afterEach(() => {
  for (const instrumentation of started.splice(0)) instrumentation.disable();
});

function provider() {
  const exporter = new InMemorySpanExporter();
  return { exporter, provider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }) };
}

const ping = () =>
  createTransport({ baseUrl: BASE, client: 'partner' }).request({ method: 'GET', path: '/v1/ping', route: '/v1/ping' });

describe('instrumentViewlink() called again while it runs', () => {
  it('for the same provider: returns the running instrumentation, and each operation is one span', async () => {
    const tracing = provider();
    const first = instrumentViewlink({ tracerProvider: tracing.provider });
    started.push(first);
    for (let request = 0; request < 3; request++) {
      const again = instrumentViewlink({ tracerProvider: tracing.provider });
      started.push(again);
      expect(again).toBe(first);
      await ping();
    }
    expect(tracing.exporter.getFinishedSpans().map((s) => s.name)).toEqual(
      Array.from({ length: 3 }, () => ['GET /v1/ping', 'partner GET /v1/ping']).flat(),
    );
  });

  it('for another provider: a ConfigurationError saying to disable the first; after disable() it instruments', async () => {
    const first = instrumentViewlink({ tracerProvider: provider().provider });
    started.push(first);
    const second = provider();
    expect(() => instrumentViewlink({ tracerProvider: second.provider })).toThrow(ConfigurationError);
    expect(() => instrumentViewlink({ tracerProvider: second.provider })).toThrow(/call disable\(\)/);
    first.disable();
    const replacement = instrumentViewlink({ tracerProvider: second.provider });
    started.push(replacement);
    expect(replacement).not.toBe(first);
    await ping();
    expect(second.exporter.getFinishedSpans()).toHaveLength(2);
  });
});
