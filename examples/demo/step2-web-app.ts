/**
 * Step 2: examples/web-app, served by the partner backend, in Debian's headless Chromium with the
 * test extension: consent → two services linked through the extension's login (MFA) → watchlist,
 * then a silent token renewal through the backend. Every user action is a real click or keystroke.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchWithExtension } from '../../packages/web/test/browser/chromium.js';
import { buildExtension } from '../../packages/web/test/extension/build.js';
import type { Report } from './report.js';
import { type DemoServices, WEB_USER } from './step1-backend.js';

/** The page left open for step 3 (its refresh button). */
export interface WebSession {
  readonly page: Page;
  /** Uncaught errors in the page so far. */
  readonly pageErrors: readonly string[];
  close(): Promise<void>;
}

// streamflix: an account without a second factor; cineplus: one with MFA.
const SERVICES = [
  ['streamflix', false],
  ['cineplus', true],
] as const;

/** Waits until `#message` matches `pattern`; fails fast when the page shows an error instead. */
async function messageMatching(page: Page, pattern: RegExp, timeout = 15_000): Promise<string> {
  const message = page.locator('#message');
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const text = (await message.textContent()) ?? '';
    if (pattern.test(text)) return text;
    if ((await message.getAttribute('data-kind')) === 'error') throw new Error(`the page says: ${text}`);
    await page.waitForTimeout(50);
  }
  throw new Error(`no message matching ${pattern} within ${timeout} ms (last: ${await message.textContent()})`);
}

/** The extension closes its login tab once the outcome is known, possibly while a click settles. */
const tolerateClose = (error: Error) => {
  if (!/closed/.test(error.message)) throw error;
};

/**
 * Links `service`: Connect in the page, then the extension's login tab: password, then an MFA code
 * when the account has a second factor (the test extension's `no-mfa…` accounts have none).
 */
export async function link(context: BrowserContext, page: Page, service: string, mfa: boolean): Promise<string> {
  await page.locator('#service').selectOption(service);
  const loginOpened = context.waitForEvent('page', {
    predicate: (p) => p.url().includes('/login.html'),
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Connect' }).click();
  const login = await loginOpened;
  await login.waitForLoadState('domcontentloaded');
  await login.getByLabel('Email').fill(mfa ? 'viewer@example.com' : 'no-mfa-viewer@example.com');
  await login.getByLabel('Password').fill('correct horse battery staple');
  const signIn = login.getByRole('button', { name: 'Sign in' }).click();
  if (!mfa) await signIn.catch(tolerateClose);
  else {
    await signIn;
    // The service asks for a second factor; the page hears only that it is waiting for it.
    await messageMatching(page, /Enter the code in the extension window/);
    await login.getByLabel('Code from your authenticator app').fill('424242');
    await login.getByRole('button', { name: 'Verify' }).click().catch(tolerateClose);
  }
  const text = await messageMatching(page, new RegExp(`^Linked ${service} \\(`));
  return text.match(/\((acc_[^)]+)\)/)?.[1] ?? '?';
}

/** On a failure: what the page said, and a screenshot of it (kept in the temp directory). */
async function describePage(page: Page): Promise<void> {
  const message = await page
    .locator('#message')
    .textContent({ timeout: 2_000 })
    .catch(() => null);
  const shot = join(tmpdir(), `viewlink-demo-failure-${Date.now()}.png`);
  const saved = await page.screenshot({ path: shot, timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  console.log(`    the page says "${message ?? '?'}" at ${page.url()}${saved ? `; screenshot: ${shot}` : ''}`);
}

/** Runs step 2; returns the open page for step 3, or throws (closing the browser) on a failure. */
export async function webApp(services: DemoServices, report: Report): Promise<WebSession> {
  const dir = mkdtempSync(join(tmpdir(), 'viewlink-demo-'));
  // The page lives on the backend's origin; the extension links accounts on the fake's.
  const extensionDir = await buildExtension(join(dir, 'extension'), { serviceUrl: services.mockUrl });
  const browser = await launchWithExtension(extensionDir);
  const version = browser.context.browser()?.version() ?? '?';
  const page = await browser.context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const session: WebSession = {
    page,
    pageErrors,
    close: async () => {
      await browser.context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    report.ok(
      `Chromium ${version} (${browser.executablePath}, headless) with the test extension (${browser.extensionId})`,
    );
    await page.goto(`${services.backend.url}/?user=${WEB_USER}`);

    await page.locator('.viewlink-consent').waitFor();
    await page.getByLabel(/viewing history/).click();
    await page.getByLabel(/I accept the Terms of Use and the Privacy Policy/).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#link').waitFor({ state: 'visible' });
    report.ok('consent screen: both boxes ticked with clicks, accepted; the Connect button appears');

    for (const [service, mfa] of SERVICES) {
      const id = await link(browser.context, page, service, mfa);
      const account = services.mock.partner.users.get(WEB_USER)?.accounts.get(service);
      if (account?.status === 'active' && account.id === id)
        report.ok(
          `connected ${service}: ${mfa ? 'password then MFA code' : 'password (no second factor)'} in the extension's login tab → ${id}, active`,
        );
      else
        report.fail(`connected ${service}: the page says ${id}, the service has ${account?.id} (${account?.status})`);
    }

    const watchlist = page.locator('#watchlist');
    await page.locator('#watchlist li').first().waitFor({ timeout: 10_000 });
    const titles = await page.locator('#watchlist li').count();
    const kinds = await page.locator('#watchlist h3').allTextContents();
    report.ok(`watchlist shown in the page: ${titles} titles (${kinds.join(', ')})`);

    // The access token dies on the service; the user only clicks "Reload watchlist".
    const loads = Number((await watchlist.getAttribute('data-loads')) ?? 0);
    const renewedBefore = services.backend.tokens.renewed;
    const expired = await fetch(`${services.mockUrl}/__mock/tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: WEB_USER }),
    });
    if (!expired.ok) throw new Error(`POST /__mock/tokens/expire: HTTP ${expired.status}`);
    report.ok(`access token expired on the service (POST /__mock/tokens/expire for ${WEB_USER})`);
    await page.getByRole('button', { name: 'Reload watchlist' }).click();
    await page.waitForFunction(
      (before) => Number(document.getElementById('watchlist')?.dataset.loads ?? 0) > before,
      loads,
      { timeout: 10_000 },
    );
    const renewals = services.backend.tokens.renewed - renewedBefore;
    const kind = await page.locator('#message').getAttribute('data-kind');
    const shown = await page.locator('#watchlist li').count();
    if (renewals === 1 && kind !== 'error' && shown === titles && pageErrors.length === 0)
      report.ok(
        'next read: 401 → onTokenExpired → POST /api/viewlink/token/renew (exactly 1 renewal at the backend) → ' +
          `replayed; watchlist shown again (${shown} titles), no error on the page`,
      );
    else
      report.fail(
        `silent renewal: ${renewals} renewal(s) at the backend, message kind ${kind}, ${shown} titles, page errors: ${pageErrors.join('; ') || 'none'}`,
      );
    return session;
  } catch (error) {
    await describePage(page);
    await session.close();
    throw error;
  }
}
