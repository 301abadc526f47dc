/** Step 1: the embedded mock service and examples/partner-backend (serving the web app), on 127.0.0.1. */
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
import { withWhoami } from '../../packages/web/test/extension/service.js';
import { startBackendRedis } from '../partner-backend/redis.js';
import { type PartnerBackend, startPartnerBackend } from '../partner-backend/server.js';
import type { Report } from './report.js';

/** The services the demo's steps share: the mock service and the partner backend. */
export interface DemoServices {
  readonly mock: ReturnType<typeof createMockService>;
  readonly mockUrl: string;
  readonly backend: PartnerBackend;
  close(): Promise<void>;
}

/** The end user of the web app; seeded with a history of {@link WEB_USER_HISTORY} entries. */
export const WEB_USER = 'demo-web-user';
/** History entries seeded for {@link WEB_USER}. */
export const WEB_USER_HISTORY = 5_000;

// Demo-only credentials of the embedded fake; never printed.
const apiKey = 'vl_demo_api_key';
const webhookSecret = 'whsec_demo_secret';

async function check(report: Report, title: string, run: () => Promise<string | undefined>): Promise<void> {
  const problem = await run();
  if (problem === undefined) report.ok(title);
  else report.fail(`${title}: ${problem}`);
}

/** Starts the mock service and the partner backend, checking each route the app and the steps rely on. */
export async function startServices(report: Report, options: { redis?: boolean } = {}): Promise<DemoServices> {
  // `--redis`: the backend keeps pairs, cooldowns and webhook ids in Redis (@viewlink/redis).
  const redis = options.redis ? startBackendRedis() : undefined;
  const mock = createMockService({ partner: { apiKeys: [apiKey], webhookSecret, refreshDelayMs: 300 } });
  // The fake plus the one route the test extension needs to link accounts (GET /__test/whoami).
  const mockServer = await serve({ handle: withWhoami(mock) });
  let backend: PartnerBackend | undefined;
  try {
    backend = await startPartnerBackend({
      apiKey,
      baseUrl: mockServer.url,
      webhookSecret,
      insecureLocalWebhooks: true,
      log: (line) => console.log(`    [backend] ${line}`),
      ...(redis
        ? {
            tokenStore: redis.stores.tokenStore,
            refreshLedger: redis.stores.refreshLedger,
            eventStore: redis.stores.eventStore,
          }
        : {}),
    });
    mock.partner.webhooks.url = `${backend.url}/webhooks/viewlink`;
    const url = backend.url;
    report.ok(`mock service (Partner API fake) on ${mockServer.url}, partner backend on ${url}`);

    await check(
      report,
      'serves the web app: GET / (index.html) and GET /app.js (app.ts bundled at start-up)',
      async () => {
        const [html, js] = await Promise.all([fetch(`${url}/`), fetch(`${url}/app.js`)]);
        const body = await js.text();
        if (!html.ok || !(await html.text()).includes('app.js')) return `GET / → HTTP ${html.status}`;
        return js.ok && body.includes('onTokenExpired') ? undefined : `GET /app.js → HTTP ${js.status}`;
      },
    );

    const seeded = await fetch(`${mockServer.url}/__mock/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: WEB_USER, history_entries: WEB_USER_HISTORY }),
    });
    if (!seeded.ok) report.fail(`seeding ${WEB_USER}: HTTP ${seeded.status}`);

    await check(report, `issues a token pair for ${WEB_USER} (POST /api/viewlink/token)`, async () => {
      const res = await fetch(`${url}/api/viewlink/token`, { method: 'POST', headers: { 'x-demo-user': WEB_USER } });
      const body = (await res.json()) as Record<string, unknown>;
      return res.ok && typeof body.access_token === 'string' && typeof body.refresh_token === 'string'
        ? undefined
        : `HTTP ${res.status}`;
    });
    await check(report, 'tells the page the SDK key and the Partner API URL (GET /api/viewlink/config)', async () => {
      const res = await fetch(`${url}/api/viewlink/config`);
      const body = (await res.json()) as Record<string, unknown>;
      return res.ok && body.base_url === mockServer.url ? undefined : `HTTP ${res.status}, base_url ${body.base_url}`;
    });
    if (redis)
      await check(report, `keeps ${WEB_USER}'s pair in Redis (RedisTokenStore on ${redis.url})`, async () =>
        (await redis.stores.tokenStore.get(WEB_USER))?.user_id === WEB_USER ? undefined : 'no pair in Redis',
      );
    report.ok('token-renewal endpoint for onTokenExpired: POST /api/viewlink/token/renew (exercised in step 2)');
    report.ok('webhook receiver: POST /webhooks/viewlink, signature verified (plain http allowed on 127.0.0.1 only)');
  } catch (error) {
    await backend?.close();
    await mockServer.close();
    await redis?.close();
    throw error;
  }
  const started = backend;
  return {
    mock,
    mockUrl: mockServer.url,
    backend: started,
    close: async () => {
      await started.close();
      await mockServer.close();
      await redis?.close();
    },
  };
}
