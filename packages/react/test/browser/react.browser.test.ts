/**
 * `@viewlink/react` in real headless Chromium with the test extension: each hook and each error
 * state, in Strict Mode (React's development build), across a remount, and hydrating the HTML
 * that react-dom/server rendered in Node. React Testing Library renders in the page; Playwright
 * clicks, so a click is a real user gesture.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from '../../../web/test/browser/fixture.js';
import { buildReactPages, SSR_VIEW } from './build.js';
import type { MountOptions } from './page/main.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ pages: await buildReactPages() });
});
afterAll(async () => {
  await fx?.close();
});
afterEach(async () => {
  for (const page of fx.context.pages()) await page.close().catch(() => {});
});

async function open(options: MountOptions, context: BrowserContext = fx.context, path = 'react.html'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${fx.url}/app/${path}`);
  await page.evaluate((o) => window.reactHarness.mount(o), options);
  return page;
}

const text = (page: Page, id: string) => page.getByTestId(id).textContent();
const harnessValue = <K extends 'tokenCalls' | 'tokenReasons' | 'stages' | 'recoverableErrors'>(page: Page, key: K) =>
  page.evaluate((k) => window.reactHarness[k], key);

async function loginPage(context: BrowserContext = fx.context): Promise<Page> {
  const existing = context.pages().find((p) => p.url().includes('/login.html'));
  const page = existing ?? (await context.waitForEvent('page', { predicate: (p) => p.url().includes('/login.html') }));
  await page.waitForLoadState('domcontentloaded');
  return page;
}
const tolerateClose = (error: Error) => {
  if (!/closed/.test(error.message)) throw error;
};
async function signIn(login: Page) {
  await login.getByLabel('Email').fill('someone@example.com');
  await login.getByLabel('Password').fill('secret');
  await login.getByRole('button', { name: 'Sign in' }).click().catch(tolerateClose);
  await login.getByLabel('Code from your authenticator app').fill('123456');
  await login.getByRole('button', { name: 'Verify' }).click().catch(tolerateClose);
}

async function seed(user: string, accounts: Array<{ service: string; status?: string }>) {
  const seeded = await fetch(`${fx.url}/__mock/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: user, accounts }),
  });
  expect(seeded.ok).toBe(true);
}

/** Counts the page's requests to a Partner API path. */
function countRequests(page: Page, path: string) {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) seen.count += 1;
  });
  return seen;
}

describe('ViewlinkProvider', () => {
  it('fetches no token on mount; the first read asks getTokens() once, even in Strict Mode', async () => {
    const page = await open({ user: 'react-lazy' });
    await expect.poll(() => page.getByRole('button', { name: 'Connect streamflix' }).isEnabled()).toBe(true);
    expect(await harnessValue(page, 'tokenCalls')).toBe(0);
    await page.evaluate(() => window.reactHarness.unmount());
    await page.evaluate(() => window.reactHarness.mount({ user: 'react-lazy', reads: ['accounts', 'watchlist'] }));
    await expect.poll(() => text(page, 'watchlist')).toMatch(/^categories:/);
    await expect.poll(() => text(page, 'accounts')).toBe('');
    expect(await harnessValue(page, 'tokenCalls')).toBe(1);
  });
  it('a token the service expired: getTokens({ reason }) renews it once and the read succeeds', async () => {
    const page = await open({ user: 'react-renew', freshSdk: true, reads: ['watchlist'] });
    await expect.poll(() => text(page, 'watchlist')).toMatch(/^categories:/);
    const before = await harnessValue(page, 'tokenCalls');
    const expired = await fetch(`${fx.url}/__mock/tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'react-renew' }),
    });
    expect(expired.ok).toBe(true);
    const watchlists = countRequests(page, '/v1/user/watchlist');
    await page.getByRole('button', { name: 'Reload watchlist' }).click();
    await expect.poll(() => watchlists.count).toBe(2); // the 401, then the replay with the new token
    await expect.poll(() => text(page, 'watchlist')).toMatch(/^categories:/);
    expect((await harnessValue(page, 'tokenReasons')).slice(before - 1)).toEqual(['initial', 'unauthorized']);
  });
  it('getTokens() failing: the reads show a TokenRenewalError, nothing else breaks', async () => {
    const page = await open({ user: 'react-down', tokens: 'fail', freshSdk: true, reads: ['accounts', 'watchlist'] });
    await expect.poll(() => text(page, 'accounts-error')).toBe('TokenRenewalError');
    await expect.poll(() => text(page, 'watchlist')).toBe('TokenRenewalError');
  });
});

describe('useConnect', () => {
  it('links from a click in Strict Mode: one connect, progress stages, result, then the reads refetch', async () => {
    const page = await open({ user: 'react-connect', freshSdk: true, reads: ['accounts', 'watchlist'] });
    await expect.poll(() => text(page, 'accounts')).toBe('');
    const watchlists = countRequests(page, '/v1/user/watchlist');
    await page.getByRole('button', { name: 'Accept both' }).click();
    await expect.poll(() => text(page, 'consent')).toBe('accepted');
    await page.getByRole('button', { name: 'Connect streamflix' }).click();
    await expect.poll(() => text(page, 'connect-streamflix')).toBe('connecting||');
    // A second click while it runs joins the same connect (the button is disabled too).
    expect(await page.getByRole('button', { name: 'Connect streamflix' }).isDisabled()).toBe(true);
    await signIn(await loginPage());
    await expect.poll(() => text(page, 'connect-streamflix')).toBe('connected||streamflix');
    expect(await harnessValue(page, 'stages')).toEqual(expect.arrayContaining(['login-opened', 'awaiting-mfa']));
    // The connect invalidated the reads: the accounts list and the watchlist were fetched again.
    await expect.poll(() => text(page, 'accounts')).toMatch(/^streamflix:(active|syncing)$/);
    await expect.poll(() => watchlists.count).toBeGreaterThanOrEqual(1);
    expect(await harnessValue(page, 'tokenCalls')).toBe(1);
    expect(fx.mock.partner.users.get('react-connect')?.accounts.size).toBe(1);
    expect(fx.context.pages().filter((p) => p.url().includes('/login.html'))).toHaveLength(0);
  });
  it('ready is true again after a remount', async () => {
    const page = await open({ user: 'react-remount' });
    const button = page.getByRole('button', { name: 'Connect streamflix' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    for (let i = 0; i < 2; i++) {
      await page.evaluate(() => window.reactHarness.unmount());
      await page.evaluate(() => window.reactHarness.mount({ user: 'react-remount' }));
      await expect.poll(() => button.isEnabled()).toBe(true);
    }
  });
  it('without consent: ConsentRequiredError in `error`', async () => {
    const page = await open({ user: 'react-noconsent', freshSdk: true });
    await page.getByRole('button', { name: 'Connect streamflix' }).click();
    await expect.poll(() => text(page, 'connect-streamflix')).toBe('error|ConsentRequiredError|');
  });
  it('the user cancels: ConnectCancelledError, and a new attempt is possible', async () => {
    const page = await open({ user: 'react-cancel', freshSdk: true });
    await page.getByRole('button', { name: 'Accept both' }).click();
    await page.getByRole('button', { name: 'Connect streamflix' }).click();
    await (await loginPage()).getByRole('button', { name: 'Cancel' }).click().catch(tolerateClose);
    await expect.poll(() => text(page, 'connect-streamflix')).toBe('error|ConnectCancelledError|');
    expect(await page.getByRole('button', { name: 'Connect streamflix' }).isEnabled()).toBe(true);
  });
  it('no extension: ExtensionNotInstalledError', async () => {
    const browser = await fx.launch();
    const page = await open({ user: 'react-missing', handshakeTimeoutMs: 800 }, await browser.newContext());
    await page.getByRole('button', { name: 'Accept both' }).click();
    await page.getByRole('button', { name: 'Connect streamflix' }).click();
    await expect.poll(() => text(page, 'connect-streamflix')).toBe('error|ExtensionNotInstalledError|');
    await browser.close();
  });
});

describe('useLinkedAccounts', () => {
  it('flags a broken account and re-links it; the list reloads', async () => {
    await seed('react-broken', [{ service: 'streamflix' }, { service: 'tubely', status: 'broken' }]);
    const page = await open({ user: 'react-broken', freshSdk: true, services: [], reads: ['accounts'] });
    await expect.poll(() => text(page, 'accounts')).toMatch(/tubely:broken:broken/);
    await page.getByRole('button', { name: 'Accept both' }).click();
    await page.getByRole('button', { name: 'Re-link tubely' }).click();
    await expect.poll(() => text(page, 'relink')).toBe('tubely|');
    await signIn(await loginPage());
    await expect.poll(() => text(page, 'accounts')).not.toMatch(/broken/);
    expect(await text(page, 'relink')).toBe('|');
    expect(await page.getByRole('button', { name: 'Re-link tubely' }).count()).toBe(0);
  });
  it('a cancelled re-link keeps the account flagged and says why', async () => {
    await seed('react-broken2', [{ service: 'tubely', status: 'broken' }]);
    const page = await open({ user: 'react-broken2', freshSdk: true, services: [], reads: ['accounts'] });
    await page.getByRole('button', { name: 'Accept both' }).click();
    await page.getByRole('button', { name: 'Re-link tubely' }).click();
    await (await loginPage()).getByRole('button', { name: 'Cancel' }).click().catch(tolerateClose);
    await expect.poll(() => text(page, 'relink')).toBe('|ConnectCancelledError');
    expect(await text(page, 'accounts')).toBe('tubely:broken:broken');
  });
});

describe('useRefresh', () => {
  it('a real click refreshes once, then the button cools down; the reads refetch', async () => {
    await seed('react-refresh', [{ service: 'streamflix' }]);
    const page = await open({ user: 'react-refresh', freshSdk: true, reads: ['watchlist'], cooldownMs: 1_500 });
    await expect.poll(() => text(page, 'watchlist')).toMatch(/^categories:/);
    const refreshes = countRequests(page, '/v1/user/refresh');
    const watchlists = countRequests(page, '/v1/user/watchlist');
    const button = page.getByRole('button', { name: 'Refresh' });
    await button.click();
    await expect.poll(() => text(page, 'refresh')).toMatch(/^\|cooling-down\|accepted\|$/);
    expect(await button.isDisabled()).toBe(true);
    expect(refreshes.count).toBe(1);
    await expect.poll(() => watchlists.count).toBe(1);
    // The cooldown ends by itself.
    await expect.poll(() => button.isEnabled(), { timeout: 5_000 }).toBe(true);
  });
  it('outside a gesture: UserGestureRequiredError and no request', async () => {
    const page = await fx.context.newPage();
    const refreshes = countRequests(page, '/v1/user/refresh');
    // Mounted as the page loads, not by page.evaluate or a script tag (they count as user gestures).
    const reported = page.waitForRequest((r) => r.url().endsWith('/__test/report'));
    const mount = JSON.stringify({ user: 'react-nogesture', freshSdk: true, autoRefresh: true });
    await page.goto(`${fx.url}/app/react.html?mount=${encodeURIComponent(mount)}`);
    expect((await reported).postData()).toBe('refused');
    await expect.poll(() => text(page, 'refresh')).toBe('|||UserGestureRequiredError');
    expect(refreshes.count).toBe(0);
  });
  it('within the cooldown after a remount: still cooling down (the cooldown belongs to the SDK)', async () => {
    await seed('react-cool', [{ service: 'streamflix' }]);
    const page = await open({ user: 'react-cool', freshSdk: true, cooldownMs: 60_000 });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => text(page, 'refresh')).toMatch(/cooling-down\|accepted/);
    await page.evaluate(() => window.reactHarness.unmount());
    await page.evaluate(() => window.reactHarness.mount({ user: 'react-cool', cooldownMs: 60_000 }));
    await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(true);
    expect(await text(page, 'refresh')).toMatch(/cooling-down/);
  });
});

describe('useConsent', () => {
  it('one box only: ConsentRequiredError; both: accepted; withdraw: not given (shared across components)', async () => {
    const page = await open({ user: 'react-consent', freshSdk: true });
    await page.getByRole('button', { name: 'Accept one' }).click();
    expect(await text(page, 'consent-error')).toBe('ConsentRequiredError');
    expect(await text(page, 'consent')).toBe('not given');
    await page.getByRole('button', { name: 'Accept both' }).click();
    await expect.poll(() => text(page, 'consent')).toBe('accepted');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => text(page, 'consent')).toBe('not given');
  });
});

describe('useConsent with consentStorage: localStorage (the provider option)', () => {
  it('stored before any read, shown to a returning user at once, and kept in step across tabs', async () => {
    const [here, there] = [
      await open({ user: 'react-consent-tabs', freshSdk: true, storedConsent: true }),
      await open({ user: 'react-consent-tabs', freshSdk: true, storedConsent: true }),
    ] as [Page, Page];
    try {
      await expect.poll(() => text(there, 'consent')).toBe('not given');
      await here.getByRole('button', { name: 'Accept both' }).click();
      // Recorded in the storage although no read gave the SDK its options yet.
      expect(await here.evaluate(() => localStorage.getItem('viewlink.consent'))).toMatch(/"video_privacy":true/);
      await expect.poll(() => text(there, 'consent')).toBe('accepted'); // the other tab follows
      // A returning user (a page loaded later) is not asked again, before any token is fetched.
      const later = await open({ user: 'react-consent-tabs', freshSdk: true, storedConsent: true });
      await expect.poll(() => text(later, 'consent')).toBe('accepted');
      expect(await harnessValue(later, 'tokenCalls')).toBe(0);
      await there.getByRole('button', { name: 'Withdraw' }).click();
      await expect.poll(() => text(here, 'consent')).toBe('not given');
    } finally {
      await here.evaluate(() => localStorage.clear());
    }
  });
});

describe('disconnect', () => {
  it('from a click: the account turns disconnected in useLinkedAccounts, and the watchlist reloads', async () => {
    await seed('react-disconnect', [{ service: 'streamflix' }]);
    const page = await open({ user: 'react-disconnect', freshSdk: true, reads: ['accounts', 'watchlist'] });
    await expect.poll(() => text(page, 'accounts')).toMatch(/^streamflix:(active|syncing)$/);
    await expect.poll(() => text(page, 'watchlist')).toMatch(/^categories:/);
    const watchlists = countRequests(page, '/v1/user/watchlist');
    await page.getByRole('button', { name: 'Unlink streamflix' }).click();
    await expect.poll(() => text(page, 'disconnect')).toBe('disconnected');
    await expect.poll(() => text(page, 'accounts')).toBe('streamflix:disconnected');
    await expect.poll(() => watchlists.count).toBeGreaterThanOrEqual(1);
  });
});

describe('signOut: another user in the same tab', () => {
  /** The user of each access token the page sent to the Partner API from now on. */
  function usersOfRequests(page: Page) {
    const users: string[] = [];
    page.on('request', (request) => {
      if (!new URL(request.url()).pathname.startsWith('/v1/user/')) return;
      const token = (request.headers().authorization ?? '').replace(/^Bearer /, '');
      users.push(fx.mock.partner.tokens.byAccess.get(token)?.userId ?? 'unknown token');
    });
    return users;
  }

  it("nothing of the first user survives: consent, accounts, cached watchlist, refresh cooldown; the next user's reads use their pair", async () => {
    await seed('react-first', [{ service: 'streamflix' }]);
    const page = await open({ user: 'react-first', freshSdk: true, reads: ['accounts', 'watchlist'] });
    await page.getByRole('button', { name: 'Accept both' }).click();
    await expect.poll(() => text(page, 'consent')).toBe('accepted');
    await expect.poll(() => text(page, 'accounts')).toMatch(/^streamflix:/);
    await expect.poll(() => text(page, 'watchlist')).toMatch(/^categories:/);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => text(page, 'refresh')).toMatch(/cooling-down/);

    const users = usersOfRequests(page);
    await page.evaluate(() => {
      window.reactHarness.user = 'react-next'; // the backend's session is the next user's now
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => text(page, 'accounts')).toBe(''); // the next user has linked nothing
    expect(await text(page, 'consent')).toBe('not given');
    expect(await text(page, 'refresh')).toBe('|||');
    await expect.poll(() => text(page, 'watchlist')).toMatch(/^categories:/);
    expect(users.length).toBeGreaterThanOrEqual(2); // accounts and watchlist read again
    expect(new Set(users)).toEqual(new Set(['react-next']));
    expect((await harnessValue(page, 'tokenReasons')).slice(-1)).toEqual(['initial']);
  });

  it("a first pair still on its way at sign-out is dropped: the first user's accounts never show", async () => {
    await seed('react-slow', [{ service: 'streamflix' }]);
    const page = await fx.context.newPage();
    await page.goto(`${fx.url}/app/react.html`);
    await page.evaluate(() => {
      window.reactHarness.hold = true;
      window.reactHarness.mount({ user: 'react-slow', freshSdk: true, reads: ['accounts'] });
    });
    await expect.poll(() => page.evaluate(() => window.reactHarness.held.length)).toBe(1);
    const users = usersOfRequests(page);
    await page.evaluate(() => {
      window.reactHarness.hold = false;
      window.reactHarness.user = 'react-other';
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => text(page, 'accounts')).toBe('');
    // The first user's pair arrives now: it is not installed, and nothing reads with it.
    await page.evaluate(() => window.reactHarness.held.shift()?.());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await text(page, 'accounts')).toBe('');
    expect(await text(page, 'accounts-error')).toBe('');
    expect(new Set(users)).toEqual(new Set(['react-other']));
  });
});

describe('React 18 (the peer range is ^18 || ^19)', () => {
  it('the same app on React 18 in Strict Mode: lazy tokens, connect with progress, remount, refresh', async () => {
    const page = await open({ user: 'react18-user', freshSdk: true, reads: ['accounts'] }, fx.context, 'react18.html');
    expect(await page.evaluate(() => window.reactHarness.reactVersion)).toMatch(/^18\./);
    await expect.poll(() => text(page, 'accounts')).toBe('');
    await page.getByRole('button', { name: 'Accept both' }).click();
    await page.getByRole('button', { name: 'Connect streamflix' }).click();
    await signIn(await loginPage());
    await expect.poll(() => text(page, 'connect-streamflix')).toBe('connected||streamflix');
    await expect.poll(() => text(page, 'accounts')).toMatch(/^streamflix:/);
    expect(await harnessValue(page, 'stages')).toEqual(expect.arrayContaining(['login-opened']));
    await page.evaluate(() => window.reactHarness.unmount());
    await page.evaluate(() => window.reactHarness.mount({ user: 'react18-user' }));
    await expect.poll(() => page.getByRole('button', { name: 'Connect streamflix' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => text(page, 'refresh')).toMatch(/cooling-down\|accepted/);
    expect(await harnessValue(page, 'tokenCalls')).toBe(1);
  });
});

describe('server render + hydration', () => {
  it('hydrates the HTML react-dom/server rendered in Node, without mismatches, then works', async () => {
    const page = await fx.context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${fx.url}/app/react-ssr.html`);
    expect(await text(page, 'accounts')).toBe('loading'); // the server's HTML, before hydration
    await page.evaluate((view) => window.reactHarness.hydrate({ user: 'react-ssr', freshSdk: true, ...view }), {
      services: [...SSR_VIEW.services],
      reads: [...SSR_VIEW.reads],
    });
    await expect.poll(() => page.getByRole('button', { name: 'Connect streamflix' }).isEnabled()).toBe(true);
    await expect.poll(() => text(page, 'watchlist')).toMatch(/^categories:/);
    expect(await harnessValue(page, 'recoverableErrors')).toEqual([]);
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
  });
});
