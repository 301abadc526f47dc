/**
 * The app over days in real headless Chromium: a tab asleep for hours (the wall clock jumped, its
 * timers did not fire), offline when it wakes, and a page restored from the back/forward cache
 * (on here: Playwright turns it off by default). Guards for what docs/web.md promises.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureWithBrowser, SDK_KEY } from './fixture.js';

const files = fixtureWithBrowser({ ignoreDefaultArgs: ['--disable-back-forward-cache'] });
let context: BrowserContext;

beforeEach(async () => {
  context = await files.browser.newContext();
});
afterEach(async () => {
  await context.close();
});

type App = { sdk: { watchlist(): Promise<unknown> }; reasons: string[]; bearers: string[] };

/** A page of the app, its SDK renewing through the stand-in backend; each API read's token recorded. */
async function openApp(user: string, tokens: { access_token: string }, page?: Page): Promise<Page> {
  const tab = page ?? (await context.newPage());
  const bearers: string[] = [];
  tab.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/user/'))
      bearers.push((request.headers().authorization ?? '').replace(/^Bearer /, ''));
  });
  await tab.goto(`${files.fx.url}/app/harness.html`);
  await tab.evaluate(
    ({ user, tokens, sdkKey }) => {
      const sdk = window.Viewlink.createSdk({ baseUrl: location.origin });
      const app = { sdk, reasons: [] as string[], shows: [] as boolean[] };
      addEventListener('pageshow', (event) => app.shows.push(event.persisted));
      sdk.onTokenExpired(async ({ reason }) => {
        app.reasons.push(reason);
        const renewed = await fetch('/api/viewlink/token/renew', { method: 'POST', headers: { 'x-demo-user': user } });
        if (!renewed.ok) throw new Error(`The token route answered ${renewed.status}`);
        sdk.initialize(sdkKey, await renewed.json());
      });
      sdk.initialize(sdkKey, tokens as never);
      Object.assign(window, { app });
    },
    { user, tokens, sdkKey: SDK_KEY },
  );
  Object.assign(tab, { bearers });
  return tab;
}
const bearersOf = (page: Page) => (page as Page & { bearers: string[] }).bearers;
const read = (page: Page) =>
  page.evaluate(() =>
    (window as never as { app: App }).app.sdk.watchlist().then(
      () => 'ok',
      (error: Error) => `${error.name}: ${(error.cause as Error | undefined)?.message ?? ''}`,
    ),
  );
const reasons = (page: Page) => page.evaluate(() => (window as never as { app: App }).app.reasons);
function expireOnServer(accessToken: string) {
  const issued = files.fx.mock.partner.tokens.byAccess.get(accessToken);
  if (!issued) throw new Error('the fake did not issue this access token');
  issued.accessExpiresAt = 0;
}

describe('a tab asleep for hours', () => {
  it('wakes offline: the first read fails with the renewal error; once online the next read renews and succeeds, never sending the dead token', async () => {
    const tokens = await files.fx.pair('days-asleep');
    const page = await context.newPage();
    await page.clock.install();
    await openApp('days-asleep', tokens, page);
    expect(await read(page)).toBe('ok');
    // Two hours asleep: the wall clock jumps, the expiry timer (60 s before the hour) never ran.
    expireOnServer(tokens.access_token);
    await page.clock.setSystemTime(Date.now() + 2 * 3600_000);
    await context.setOffline(true);
    expect(await read(page)).toBe('TokenRenewalError: Failed to fetch');
    await context.setOffline(false);
    expect(await read(page)).toBe('ok');
    expect(await reasons(page)).toEqual(['expired', 'expired']);
    // One read before the sleep with the first token; after it, only the renewed one (no 401 first).
    expect(bearersOf(page)).toHaveLength(2);
    expect(bearersOf(page)[0]).toBe(tokens.access_token);
    expect(bearersOf(page)[1]).not.toBe(tokens.access_token);
  });
});

describe('the back/forward cache', () => {
  it('a restored page whose token died meanwhile renews on its first read', async () => {
    const tokens = await files.fx.pair('days-bfcache');
    const page = await openApp('days-bfcache', tokens);
    expect(await read(page)).toBe('ok');
    await page.goto(`${files.fx.url}/app/index.html`);
    expireOnServer(tokens.access_token);
    await page.goBack({ waitUntil: 'commit' });
    await expect
      .poll(() => page.evaluate(() => (window as never as { app: { shows: boolean[] } }).app?.shows))
      .toEqual([true]); // restored, not reloaded: the SDK instance is the one from before
    expect(await read(page)).toBe('ok');
    expect(await reasons(page)).toEqual(['unauthorized']);
  });

  it("a cached page holding a renewal's lock is evicted when another tab needs it: that tab renews at once", async () => {
    const tokens = await files.fx.pair('days-bfcache-lock');
    const renewer = await openApp('days-bfcache-lock', tokens);
    expireOnServer(tokens.access_token);
    expect(await read(renewer)).toBe('ok'); // renewed: this tab keeps the lock for the old token
    await renewer.goto(`${files.fx.url}/app/index.html`); // into the cache, lock held
    const late = await openApp('days-bfcache-lock', tokens); // a tab opened with the old pair
    const started = Date.now();
    expect(await read(late)).toBe('ok');
    expect(Date.now() - started).toBeLessThan(5_000); // not tokenRenewalTimeoutMs (30 s)
    expect(await reasons(late)).toEqual(['unauthorized']);
    await renewer.goBack();
    // Not restored, for the other tab's sake. The late tab posts on the tabs' channel and asks for
    // the lock in the same task, and Chromium evicts on whichever of the two it handles first:
    // either reason is this eviction (a fresh-clone CI run saw the lock's, the helper's the channel's).
    const notRestored = await renewer.evaluate(() =>
      (
        performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
          notRestoredReasons?: { reasons: Array<{ reason: string }> };
        }
      ).notRestoredReasons?.reasons.map((r) => r.reason),
    );
    expect(notRestored).toHaveLength(1);
    expect(['broadcastchannel-message', 'weblocks-contention']).toContain(notRestored?.[0]);
  });
});
