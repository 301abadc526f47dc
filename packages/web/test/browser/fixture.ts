/**
 * Real-browser fixture: Debian's Chromium (installed on demand, never downloaded), the test
 * extension, the example app and the harness page built with esbuild, and one 127.0.0.1 server
 * answering the pages, a stand-in partner backend (`POST /api/session`) and the mock service.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMockService, type MockService } from '@viewlink/mock';
import { type RunningServer, serve } from '@viewlink/mock/server';
import { build } from 'esbuild';
import { type Browser, type BrowserContext, chromium, type LaunchOptions } from 'playwright-core';
import { buildExtension } from '../extension/build.js';

export const CHROMIUM = '/usr/bin/chromium';
export const API_KEY = 'vl_test_api_key';
export const SDK_KEY = 'vl_sdk_test_key';
export const INSTALL_URL = 'https://extensions.example/viewlink';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const pkg = (path: string) => join(repo, 'packages', path);

/** Chromium flags that work headless here (docs: /work/shared/notes/toolchain.md). */
export const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Makes sure /usr/bin/chromium exists: installs it through scripts/chromium/install.sh or throws. */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  execFileSync('sh', [join(repo, 'scripts/chromium/install.sh')], { stdio: 'inherit' });
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing and could not be installed`);
  return CHROMIUM;
}

/** Bundles the example app and the harness page into `outDir`. */
async function buildPages(outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  copyFileSync(join(repo, 'examples/web-app/index.html'), join(outDir, 'index.html'));
  copyFileSync(pkg('web/test/browser/page/harness.html'), join(outDir, 'harness.html'));
  const alias = {
    '@viewlink/web/consent': pkg('web/src/consent.ts'),
    '@viewlink/web': pkg('web/src/index.ts'),
    '@viewlink/schemas': pkg('schemas/src/index.ts'),
    '@viewlink/transport/errors': pkg('transport/src/errors.ts'),
  };
  const common = { bundle: true, platform: 'browser', target: 'chrome120', alias, logLevel: 'warning' } as const;
  await build({
    ...common,
    entryPoints: [join(repo, 'examples/web-app/app.ts')],
    outfile: join(outDir, 'app.js'),
    format: 'esm',
  });
  await build({
    ...common,
    entryPoints: [pkg('web/test/browser/page/harness.ts')],
    outfile: join(outDir, 'harness.js'),
    format: 'iife',
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** The running fixture. */
export interface Fixture {
  readonly url: string;
  readonly mock: MockService;
  readonly context: BrowserContext;
  readonly extensionId: string;
  readonly launch: (options?: LaunchOptions) => Promise<Browser>;
  /** A token pair for `userId`, issued the way a partner backend does (API Key, server side). */
  pair(userId: string): Promise<{ access_token: string; expires_in: number; refresh_token: string }>;
  close(): Promise<void>;
}

/** Builds everything, starts the server and a Chromium with the test extension. */
export async function startFixture(): Promise<Fixture> {
  const executablePath = ensureChromium();
  const dir = mkdtempSync(join(tmpdir(), 'viewlink-web-browser-'));
  const extensionDir = await buildExtension(join(dir, 'extension'));
  await buildPages(join(dir, 'app'));
  const mock = createMockService();
  let origin = '';
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
      if (url.pathname.startsWith('/app/')) {
        const file = join(dir, 'app', url.pathname.slice(5) || 'index.html');
        if (!file.startsWith(join(dir, 'app')) || !existsSync(file)) return new Response('not found', { status: 404 });
        return new Response(readFileSync(file), { headers: { 'content-type': TYPES[extname(file)] ?? 'text/plain' } });
      }
      if (url.pathname === '/api/session' && request.method === 'POST') {
        const { user_id } = (await request.json()) as { user_id: string };
        const tokens = await (await issue(user_id)).json();
        return Response.json({ sdk_key: SDK_KEY, tokens });
      }
      if (url.pathname === '/__test/report') return new Response(null, { status: 204 });
      if (url.pathname === '/__test/whoami') {
        const token = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
        const pair = mock.partner.pairs.get(token);
        return pair
          ? Response.json({ user_id: pair.userId })
          : Response.json({ error: 'unknown token' }, { status: 401 });
      }
      return mock.handle(request);
    },
  });
  origin = server.url;
  const context = await chromium.launchPersistentContext('', {
    executablePath,
    headless: true,
    args: [...FLAGS, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(worker.url()).host;
  const browsers: Browser[] = [];
  return {
    url: server.url,
    mock,
    context,
    extensionId,
    launch: async (options = {}) => {
      const browser = await chromium.launch({ executablePath, headless: true, args: FLAGS, ...options });
      browsers.push(browser);
      return browser;
    },
    pair: async (userId) => (await issue(userId)).json(),
    close: async () => {
      await Promise.allSettled([context.close(), ...browsers.map((b) => b.close())]);
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
