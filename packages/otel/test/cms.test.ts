// The CMS client's batch, end to end on the CMS fake (msw on 127.0.0.1), with @viewlink/otel:
// one span per chunk with its /batch/v1 request under it, and the application password in no span.

import { CmsClient } from '@viewlink/cms';
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allAttributeText, setUpTracing } from './helpers.js';

const SITE = 'http://127.0.0.1:9913';
const APP_PASSWORD = 'fake admin appl pass word xxxx';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

let tracing: ReturnType<typeof setUpTracing>;
beforeEach(() => {
  tracing = setUpTracing();
});
afterEach(async () => {
  server.resetHandlers();
  await tracing.stop();
});

describe('@viewlink/otel on the CMS client', () => {
  it('a chunked batch: one viewlink.batch.chunk span per chunk, each holding its /batch/v1 request', async () => {
    server.use(...toMswHandlers(SITE, createMockService()));
    const cms = new CmsClient({
      baseUrl: SITE,
      restRoot: `${SITE}/wp-json/`,
      auth: { username: 'admin', applicationPassword: APP_PASSWORD },
    });
    const batch = cms.batch();
    for (let i = 0; i < 30; i++) batch.posts.create({ title: `post ${i}`, status: 'publish' });
    const result = await batch.run({ chunk: true });
    expect(result).toMatchObject({ ok: true, chunks: 2 });
    const spans = tracing.exporter.getFinishedSpans();
    const chunks = spans.filter((s) => s.name === 'viewlink.batch.chunk');
    expect(
      chunks
        .map((s) => s.attributes)
        .sort((a, b) => Number(a['viewlink.batch.chunk_index']) - Number(b['viewlink.batch.chunk_index'])),
    ).toEqual([
      { 'viewlink.batch.chunk_index': 0, 'viewlink.batch.chunk_count': 2, 'viewlink.batch.size': 25 },
      { 'viewlink.batch.chunk_index': 1, 'viewlink.batch.chunk_count': 2, 'viewlink.batch.size': 5 },
    ]);
    const requests = spans.filter(
      (s) => s.attributes['viewlink.client'] === 'cms' && s.attributes['url.template'] === '/batch/v1',
    );
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.attributes['http.request.method']).toBe('POST');
      expect(chunks.map((c) => c.spanContext().spanId)).toContain(request.parentSpanContext?.spanId);
    }
    for (const span of spans)
      for (const text of allAttributeText(span))
        for (const form of [APP_PASSWORD, encodeURIComponent(APP_PASSWORD), btoa(`admin:${APP_PASSWORD}`)])
          expect(text, `${span.name} leaks the application password`).not.toContain(form);
  });
});
