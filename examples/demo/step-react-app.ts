/**
 * Step 4 of the demo: the same story in examples/react-app, the web app written with `@viewlink/react`, served
 * by the partner backend at `/react/`, in headless Chromium with the test extension: consent →
 * connect with the progress stage shown → the watchlist (TanStack Query, refetched after the
 * link) → a broken account re-linked → the refresh button, ending in a signed webhook. Every user
 * action is a real click or keystroke.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchWithExtension } from '../../packages/web/test/browser/chromium.js';
import { buildExtension } from '../../packages/web/test/extension/build.js';
import type { Report } from './report.js';
import type { DemoServices } from './step1-backend.js';

/** The end user of the React app. */
export const REACT_USER = 'demo-react-user';

/** The extension closes its login tab once the outcome is known, possibly while a click settles. */
const tolerateClose = (error: Error) => {
  if (!/closed/.test(error.message)) throw error;
};

/** Signs in on the extension's login tab opened by `click`: password, then the MFA code once the page shows it asks for one. */
async function signInWithMfa(context: BrowserContext, page: Page, click: () => Promise<void>): Promise<string> {
  const opened = context.waitForEvent('page', { predicate: (p) => p.url().includes('/login.html'), timeout: 15_000 });
  await click();
  const login = await opened;
  await login.waitForLoadState('domcontentloaded');
  await login.getByLabel('Email').fill('viewer@example.com');
  await login.getByLabel('Password').fill('correct horse battery staple');
  await login.getByRole('button', { name: 'Sign in' }).click();
  const asked = await page
    .getByText('Enter the code in the extension window.')
    .waitFor({ timeout: 10_000 })
    .then(() => 'the page showed the MFA stage')
    .catch(() => 'no MFA stage shown');
  await login.getByLabel('Code from your authenticator app').fill('424242');
  await login.getByRole('button', { name: 'Verify' }).click().catch(tolerateClose);
  return asked;
}

/** Runs step 4 in its own browser, closed at the end. */
export async function reactApp(services: DemoServices, report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'viewlink-demo-react-'));
  const extensionDir = await buildExtension(join(dir, 'extension'), { serviceUrl: services.mockUrl });
  const browser = await launchWithExtension(extensionDir);
  const { context } = browser;
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    await page.goto(`${services.backend.url}/react/?user=${REACT_USER}`);
    await page.getByLabel(/viewing history/).click();
    await page.getByLabel(/I accept the Terms of Use and the Privacy Policy/).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const connect = page.getByRole('button', { name: 'Connect' });
    await connect.waitFor();
    report.ok('React app at /react/: consent (two checkboxes, useConsent) accepted; the Connect button appears');

    await page.locator('#service').selectOption('cineplus');
    const stage = await signInWithMfa(context, page, () => connect.click());
    const linked = page.getByTestId('connect-status');
    await page.getByText(/^Linked cineplus \(acc_/).waitFor({ timeout: 15_000 });
    const account = services.mock.partner.users.get(REACT_USER)?.accounts.get('cineplus');
    if (account?.status === 'active' && stage === 'the page showed the MFA stage')
      report.ok(`useConnect('cineplus'): ${stage}, then "${await linked.textContent()}"`);
    else report.fail(`useConnect('cineplus'): ${stage}; the service has ${account?.id} (${account?.status})`);

    await page.getByTestId('watchlist').first().locator('li').first().waitFor({ timeout: 10_000 });
    const titles = await page.locator('[data-testid=watchlist] li').count();
    report.ok(`watchlist (watchlistQuery, invalidated by the connect): ${titles} titles`);

    // The provider side breaks the account; the user checks their accounts and signs in again.
    const broke = await fetch(`${services.mockUrl}/__mock/users/${REACT_USER}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'cineplus', status: 'broken' }),
    });
    if (!broke.ok) throw new Error(`POST /__mock/users/${REACT_USER}/accounts: HTTP ${broke.status}`);
    await page.getByRole('button', { name: 'Check my accounts' }).click();
    const again = page.getByRole('button', { name: 'Sign in to cineplus again' });
    await again.waitFor({ timeout: 10_000 });
    await signInWithMfa(context, page, () => again.click());
    await again.waitFor({ state: 'detached', timeout: 15_000 });
    const status = services.mock.partner.users.get(REACT_USER)?.accounts.get('cineplus')?.status;
    const shown = await page.locator('[data-testid=accounts] li').first().getAttribute('data-status');
    if (status === 'active' && shown === 'active')
      report.ok('useLinkedAccounts: cineplus flagged broken, re-linked with "Sign in again", listed active again');
    else report.fail(`re-link: the service says ${status}, the page shows ${shown}`);

    const before = services.backend.events.length;
    const refresh = page.getByRole('button', { name: 'Refresh my data' });
    await refresh.click();
    await page.getByText(/^Refresh requested/).waitFor({ timeout: 10_000 });
    const coolingDown = await refresh.isDisabled();
    const deadline = Date.now() + 10_000;
    const arrived = () =>
      services.backend.events
        .slice(before)
        .find((e) => e.type === 'UserDataRefreshCompleted' && 'user_id' in e && e.user_id === REACT_USER);
    while (Date.now() < deadline && !arrived()) await new Promise((r) => setTimeout(r, 50));
    if (arrived() && coolingDown && pageErrors.length === 0)
      report.ok(
        'useRefresh: a real click → accepted, the button cools down; the backend verified the UserDataRefreshCompleted webhook',
      );
    else
      report.fail(
        `refresh: webhook ${arrived() ? 'arrived' : 'missing'}, button ${coolingDown ? 'disabled' : 'enabled'}, page errors: ${pageErrors.join('; ') || 'none'}`,
      );
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
