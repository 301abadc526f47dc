// The span names docs/observability.md and this package's README show are the names the
// instrumentation emits: a partner read retried after a 503 and replayed after a token renewal
// (real client, its fake over msw), and one event on each remaining channel.
import { readFileSync } from 'node:fs';
import { batchChunkChannel, webhookVerificationChannel } from '@viewlink/transport';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE, usePartnerFake } from '../../partner/test/fixtures.js';
import { setUpTracing } from './helpers.js';

const setup = usePartnerFake();

let tracing: ReturnType<typeof setUpTracing>;
beforeEach(() => {
  tracing = setUpTracing();
});
afterEach(async () => {
  await tracing.stop();
});

const docs = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** Span names in the README's span table (second column, the first backticked text of each row). */
function readmeSpanNames(): string[] {
  const rows = docs('../README.md')
    .split('\n')
    .filter((line) => line.startsWith('| `viewlink:'));
  return rows.map((row) => /`([^`]+)`/.exec(row.split('|')[2] ?? '')?.[1] ?? `(no span name in: ${row})`);
}

/** Span names in the guide's example tree (the text after the tree glyphs, up to the kind column). */
function guideSpanNames(): string[] {
  const guide = docs('../../../docs/observability.md');
  const tree = /```text\nyour span[^\n]*\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
  return tree
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.replace(/^[\s│├└─]+/, '').split(/\s{2,}/)[0] ?? line);
}

describe('span names in the docs', () => {
  it('are the names a retried, renewed partner read and the other channels emit', async () => {
    const user = setup.client().user('demo-user');
    await user.tokenPair();
    await fetch(`${BASE}/__mock/tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'demo-user' }),
    });
    setup.server.use(
      http.get(`${BASE}/v1/user/watchlist`, () => new HttpResponse(null, { status: 503 }), { once: true }),
    );
    await user.watchlist();
    await webhookVerificationChannel.trace({ scheme: 'hmac-sha256', eventType: undefined }, async () => {});
    await batchChunkChannel.trace({ chunk: 0, chunks: 1, size: 1 }, async () => {});
    const emitted = new Set(tracing.exporter.getFinishedSpans().map((span) => span.name));

    const documented = [...readmeSpanNames(), ...guideSpanNames()];
    expect(documented).toContain('partner GET /v1/user/watchlist');
    expect(documented.length).toBeGreaterThanOrEqual(10);
    for (const name of documented) expect([...emitted], `documented span name ${name}`).toContain(name);
  });
});
