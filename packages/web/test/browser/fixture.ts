/**
 * Real-browser fixture: Debian's Chromium with the test extension (./chromium.ts), the example
 * app (examples/web-app/build.ts) and the harness page built with esbuild, and one 127.0.0.1
 * server answering the pages, a stand-in partner backend and the mock service. The stand-in
 * answers what examples/partner-backend answers the app (`GET /api/viewlink/config`,
 * `POST /api/viewlink/token` and `/renew`; the Partner API at this same origin) plus
 * `POST /api/session` `{ user_id }` → `{ sdk_key, tokens }`, a test-only shortcut for the harness
 * and the tests (any user per call); the guides describe only the three routes above.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMockService, type MockService } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import { build } from 'esbuild';
import { type Browser, type BrowserContext, chromium, type LaunchOptions } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildWebApp } from '../../../../examples/web-app/build.js';
import { buildExtension } from '../extension/build.js';
import { answerWhoami } from '../extension/service.js';
import { FLAGS, launchWithExtension } from './chromium.js';

export { CHROMIUM, ensureChromium, FLAGS } from './chromium.js';
export const API_KEY = 'vl_test_api_key';
export const SDK_KEY = 'vl_sdk_test_key';
export const INSTALL_URL = 'https://extensions.example/viewlink';
/** A phone's User-Agent (Chrome on Android 14): a page given it is on a phone. */
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

/**
 * The fixture and a Chromium without the extension, for one test file: started in its
 * `beforeAll`, closed in its `afterAll`. Call once at the top of the file; read `fx` and
 * `browser` inside its tests.
 */
export function fixtureWithBrowser(options?: LaunchOptions): { readonly fx: Fixture; readonly browser: Browser } {
  let fx: Fixture | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    fx = await startFixture();
    browser = await fx.launch(options);
  });
  afterAll(async () => {
    await fx?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the fixture starts in beforeAll');
    return value;
  };
  return {
    get fx() {
      return started(fx);
    },
    get browser() {
      return started(browser);
    },
  };
}

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const pkg = (path: string) => join(repo, 'packages', path);

/**
 * Bundles the harness page into `outDir`, split as Vite or Next.js split an app: `connect()`'s
 * link flow is a chunk the page fetches on the first link (`link-*.js`). Returns the files.
 */
async function buildHarness(outDir: string): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [pkg('web/test/browser/page/harness.ts')],
    outdir: outDir,
    format: 'esm',
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'browser',
    target: 'chrome120',
    alias: {
      '@viewlink/web/consent': pkg('web/src/consent.ts'),
      '@viewlink/web': pkg('web/src/index.ts'),
      '@viewlink/schemas': pkg('schemas/src/index.ts'),
      '@viewlink/transport/errors': pkg('transport/src/errors.ts'),
      '@viewlink/transport/engine': pkg('transport/src/engine.ts'),
    },
    logLevel: 'warning',
  });
  return readdirSync(outDir);
}

/** How the stand-in backend answers `POST /api/viewlink/token/renew` for one user. */
export interface RenewalPlan {
  /** Answers for the next renewals, in order: `fail` (503 after 300 ms) or `hang` (no answer for 20 s). */
  next?: Array<'fail' | 'hang'>;
  /** Every renewal fails (503 after 300 ms) while set. */
  alwaysFail?: boolean;
}

/** What the stand-in backend saw of one user's renewals. */
export interface RenewalStats {
  /** Renewal requests received. */
  calls: number;
  /** Most renewal requests in progress at the same moment. */
  maxInFlight: number;
}

/** The running fixture. */
export interface Fixture {
  readonly url: string;
  readonly mock: MockService;
  readonly context: BrowserContext;
  readonly extensionId: string;
  readonly launch: (options?: LaunchOptions) => Promise<Browser>;
  /** A token pair for `userId`, issued the way a partner backend does (API Key, server side). */
  pair(userId: string): Promise<{ access_token: string; expires_in: number; refresh_token: string }>;
  /** Shapes the stand-in backend's renewals of a user (`x-demo-user`), and reports what it saw. */
  readonly renewals: {
    plan(userId: string, plan: RenewalPlan): void;
    stats(userId: string): RenewalStats;
  };
  close(): Promise<void>;
}

/** A page the fixture serves besides its own (other packages' browser tests add theirs). */
export interface ExtraPage {
  readonly body: string;
  readonly type: string;
}

/** Builds everything, starts the server and a Chromium with the test extension; `pages` adds pages (path → page). */
export async function startFixture({
  pages: extra = new Map(),
}: {
  pages?: ReadonlyMap<string, ExtraPage>;
} = {}): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'viewlink-web-browser-'));
  const extensionDir = await buildExtension(join(dir, 'extension'));
  const harnessFiles = await buildHarness(join(dir, 'harness'));
  const app = await buildWebApp();
  const pages = new Map([
    ...[...app].map(([path, file]) => [`/app${path}`, file] as const),
    ['/app/harness.html', { body: readFileSync(pkg('web/test/browser/page/harness.html'), 'utf8'), type: 'text/html' }],
    ...harnessFiles.map(
      (name) =>
        [`/app/${name}`, { body: readFileSync(join(dir, 'harness', name), 'utf8'), type: 'text/javascript' }] as const,
    ),
    ...extra,
  ]);
  const mock = createMockService();
  let origin = '';
  const renewals = new Map<string, RenewalPlan & RenewalStats & { inFlight: number }>();
  const renewalsOf = (userId: string) => {
    const found = renewals.get(userId) ?? { calls: 0, maxInFlight: 0, inFlight: 0 };
    renewals.set(userId, found);
    return found;
  };
  const renew = async (userId: string): Promise<Response> => {
    const state = renewalsOf(userId);
    state.calls += 1;
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    try {
      const answer = state.next?.shift() ?? (state.alwaysFail ? 'fail' : 'ok');
      if (answer === 'hang') await new Promise((resolve) => setTimeout(resolve, 20_000));
      if (answer !== 'ok') {
        await new Promise((resolve) => setTimeout(resolve, 300)); // every tab is waiting by now
        return Response.json({ error: 'backend down' }, { status: 503 });
      }
      return await issue(userId);
    } finally {
      state.inFlight -= 1;
    }
  };
  const issue = (userId: string) =>
    mock.handle(
      new Request(`${origin}/v1/auth/token`, {
        method: 'POST',
        headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: userId }),
      }),
    );
  const server: RunningServer = await serve({
    handle: async (request) => {
      const url = new URL(request.url);
      const page = request.method === 'GET' ? pages.get(url.pathname) : undefined;
      if (page) return new Response(page.body, { headers: { 'content-type': page.type } });
      if (url.pathname.startsWith('/app/')) return new Response('not found', { status: 404 });
      if (url.pathname === '/api/session' && request.method === 'POST') {
        const { user_id } = (await request.json()) as { user_id: string };
        const tokens = await (await issue(user_id)).json();
        return Response.json({ sdk_key: SDK_KEY, tokens });
      }
      // What examples/partner-backend answers the app (a fresh pair stands in for a renewal).
      if (url.pathname === '/api/viewlink/config' && request.method === 'GET')
        return Response.json({ sdk_key: SDK_KEY, base_url: origin });
      if (/^\/api\/viewlink\/token(\/renew)?$/.test(url.pathname) && request.method === 'POST') {
        const userId = request.headers.get('x-demo-user') ?? 'demo-web-user';
        return url.pathname.endsWith('/renew') ? renew(userId) : issue(userId);
      }
      if (url.pathname === '/__test/report') return new Response(null, { status: 204 });
      return answerWhoami(mock, request) ?? mock.handle(request);
    },
  });
  origin = server.url;
  const { context, extensionId, executablePath } = await launchWithExtension(extensionDir);
  const browsers: Browser[] = [];
  return {
    url: server.url,
    mock,
    context,
    extensionId,
    launch: async (options = {}) => {
      const browser = await chromium.launch({ executablePath, headless: true, args: [...FLAGS], ...options });
      browsers.push(browser);
      return browser;
    },
    pair: async (userId) => (await issue(userId)).json(),
    renewals: {
      plan: (userId, plan) => Object.assign(renewalsOf(userId), plan),
      stats: (userId) => {
        const { calls, maxInFlight } = renewalsOf(userId);
        return { calls, maxInFlight };
      },
    },
    close: async () => {
      await Promise.allSettled([context.close(), ...browsers.map((b) => b.close())]);
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
