/**
 * The extension installed or removed while the app is open, in real headless Chromium: the
 * extension is installed and uninstalled through the DevTools protocol (`Extensions.loadUnpacked`,
 * `Extensions.uninstall`) while the page stays open, as a user does from the Web Store or the
 * toolbar menu in another tab.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildExtension } from '../extension/build.js';
import { ensureChromium, type Fixture, FLAGS, SDK_KEY, startFixture } from './fixture.js';

let fx: Fixture;
let context: BrowserContext;
let cdp: CDPSession;
let extensionDir: string;
const dir = mkdtempSync(join(tmpdir(), 'viewlink-extension-lifecycle-'));

beforeAll(async () => {
  fx = await startFixture();
  extensionDir = await buildExtension(join(dir, 'extension'));
  // A profile without the extension; the protocol may install one (Chromium's switch for it).
  context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: ensureChromium(),
    headless: true,
    args: [...FLAGS, '--enable-unsafe-extension-debugging'],
    ignoreDefaultArgs: ['--disable-extensions'],
  });
  const browser = context.browser();
  if (!browser) throw new Error('no browser behind the persistent context');
  cdp = await browser.newBrowserCDPSession();
});
afterAll(async () => {
  await context?.close();
  await fx?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Gives the page an SDK with consent recorded, as an app has by the time the user clicks Connect. */
async function startApp(page: Page, user: string) {
  const tokens = await fx.pair(user);
  await page.evaluate(
    ({ tokens, sdkKey }) => {
      const sdk = window.Viewlink.createSdk({ baseUrl: location.origin });
      sdk.initialize(sdkKey, tokens);
      sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: true });
      Object.assign(window, { app: sdk });
    },
    { tokens, sdkKey: SDK_KEY },
  );
}

/** Starts `connect()` in the page: its outcome (`ok` or the error's name and reason) and how long it took. */
function connect(page: Page): Promise<{ outcome: string; ms: number }> {
  return page.evaluate(async () => {
    const started = Date.now();
    const outcome = await (window as never as { app: { connect(i: object): Promise<unknown> } }).app
      .connect({ service: 'streamflix' })
      .then(
        () => 'ok',
        (error: Error & { reason?: string }) => `${error.name}:${error.reason}`,
      );
    return { outcome, ms: Date.now() - started };
  });
}

it('installed while the page is open: connect() still finds none until the page reloads; then the login opens', async () => {
  const page = await context.newPage();
  await page.goto(`${fx.url}/app/harness.html`);
  await startApp(page, 'extension-installed-late');
  expect((await connect(page)).outcome).toBe('ExtensionNotInstalledError:extension-missing');
  await cdp.send('Extensions.loadUnpacked' as never, { path: extensionDir } as never);
  // Content scripts reach only pages loaded after the install: this page must reload.
  expect((await connect(page)).outcome).toBe('ExtensionNotInstalledError:extension-missing');
  await page.reload();
  await startApp(page, 'extension-installed-late');
  const linking = connect(page);
  const login = await context.waitForEvent('page', { predicate: (p) => p.url().includes('/login.html') });
  await login.close(); // the user closes the sign-in
  expect((await linking).outcome).toBe('ConnectCancelledError:user-closed');
  await page.close();
});

it('removed while connect() waits for the sign-in: it fails within seconds with ExtensionNotInstalledError, not after connectTimeoutMs', async () => {
  const { id } = (await cdp.send('Extensions.loadUnpacked' as never, { path: extensionDir } as never)) as {
    id: string;
  };
  const page = await context.newPage();
  await page.goto(`${fx.url}/app/harness.html`);
  await startApp(page, 'extension-removed');
  const linking = connect(page);
  await context.waitForEvent('page', { predicate: (p) => p.url().includes('/login.html') });
  await cdp.send('Extensions.uninstall' as never, { id } as never);
  const { outcome, ms } = await linking;
  expect(outcome).toBe('ExtensionNotInstalledError:extension-missing');
  expect(ms).toBeLessThan(15_000); // the default connectTimeoutMs is 5 minutes
  await page.close();
}, 30_000);

it('linking started in a tab closed mid-way: its sign-in closes, and another tab links at once (not `busy`)', async () => {
  await cdp.send('Extensions.loadUnpacked' as never, { path: extensionDir } as never);
  const user = 'extension-tab-closed';
  const first = await context.newPage();
  await first.goto(`${fx.url}/app/harness.html`);
  await startApp(first, user);
  void connect(first).catch(() => {}); // the page goes away before it settles
  const orphan = await context.waitForEvent('page', { predicate: (p) => p.url().includes('/login.html') });
  await first.close();
  await expect.poll(() => orphan.isClosed(), { timeout: 5_000 }).toBe(true);
  expect(fx.mock.partner.users.get(user)?.accounts.size ?? 0).toBe(0); // nothing was linked

  const second = await context.newPage();
  await second.goto(`${fx.url}/app/harness.html`);
  await startApp(second, user);
  const linking = connect(second);
  const login = await context.waitForEvent('page', { predicate: (p) => p.url().includes('/login.html') });
  await login.getByLabel('Email').fill('someone@example.com');
  await login.getByLabel('Password').fill('secret');
  await login
    .getByRole('button', { name: 'Sign in' })
    .click()
    .catch(() => {});
  await login.getByLabel('Code from your authenticator app').fill('123456');
  await login
    .getByRole('button', { name: 'Verify' })
    .click()
    .catch(() => {});
  expect((await linking).outcome).toBe('ok');
  expect(fx.mock.partner.users.get(user)?.accounts.size).toBe(1);
  await second.close();
}, 30_000);
