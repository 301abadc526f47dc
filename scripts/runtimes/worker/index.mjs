// The runtime matrix's Cloudflare worker (run by workerd through `wrangler dev --local`):
// POST /webhooks is the partner Web-standard webhook receiver; GET /webhooks/received lists the
// events it accepted; GET /scenario?mock=<url> runs the shared scenario (Partner client, data
// files, webhooks, @viewlink/otel, CMS client) against the mock server on 127.0.0.1 from inside workerd.

import * as otelSdk from '@opentelemetry/sdk-trace-base';
import * as cms from '@viewlink/cms';
import * as otel from '@viewlink/otel';
import * as partner from '@viewlink/partner';
import { RESULT_PREFIX, runServerScenario } from './scenario.mjs';

const received = [];
// As docs/partner-webhooks.md shows for Workers: the secret is a binding (wrangler.json `vars`),
// so the handler is made on the first request and kept for the next ones (its idempotency store too).
let receiveWebhook;

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/webhooks') {
      // Behind wrangler's plain-http dev server: the driver sends X-Forwarded-Proto: https.
      receiveWebhook ??= partner.createWebhookHandler({
        secret: env.VIEWLINK_WEBHOOK_SECRET,
        trustProxy: true,
        on: { UserDataRefreshCompleted: (event) => received.push(event.id) },
      });
      return receiveWebhook(request);
    }
    if (url.pathname === '/webhooks/received') return Response.json(received);
    if (url.pathname === '/health') return new Response('ok');
    if (url.pathname === '/scenario') {
      const mockUrl = url.searchParams.get('mock') ?? '';
      const result = await runServerScenario({ runtime: 'workerd', partner, cms, otel, otelSdk, mockUrl });
      return new Response(RESULT_PREFIX + JSON.stringify({ ...result, loader: 'import (wrangler bundle)' }));
    }
    return new Response('not found', { status: 404 });
  },
};
