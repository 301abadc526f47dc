/**
 * Token renewal across tabs (issue 14, item 5), in real headless Chromium: five pages of one
 * origin holding the same token pair renew it once between them (Web Locks + BroadcastChannel),
 * every tab resumes with the new pair, a failed renewal reaches every tab as one typed error,
 * and without Web Locks each tab renews alone. Handler calls are counted in each page and
 * summed; the fake counts the pairs the stand-in backend issued.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureWithBrowser, SDK_KEY } from './fixture.js';

type Pair = { access_token: string; expires_in: number; refresh_token: string };

const files = fixtureWithBrowser();
let context: BrowserContext;
/** Everything any page printed: no token may ever appear there. */
const consoleLines: string[] = [];
/** The bearer token of every API read, by page. */
const bearers = new Map<Page, string[]>();

beforeEach(async () => {
  // A fresh context per test: its own origin-wide locks and channels.
  context = await files.browser.newContext();
});
afterEach(async () => {
  await context.close();
  expect(consoleLines.filter((line) => /vl_(at|rt)_/.test(line))).toEqual([]);
});

/**
 * Opens `count` tabs of the harness, then gives each its own SDK initialized with `tokens`, all
 * at once (the pair starts, and so expires, at the same moment in every tab). Returns the pages
 * and when each tab initialized (ms since epoch).
 */
async function openTabs(count: number, user: string, tokens: Pair) {
  const pages = await Promise.all(
    Array.from({ length: count }, async () => {
      const page = await context.newPage();
      page.on('console', (message) => consoleLines.push(message.text()));
      bearers.set(page, []);
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/v1/user/'))
          bearers.get(page)?.push((request.headers().authorization ?? '').replace(/^Bearer /, ''));
      });
      await page.goto(`${files.fx.url}/app/harness.html`);
      return page;
    }),
  );
  const startedAt = await Promise.all(
    pages.map((page) =>
      page.evaluate(
        ({ user, tokens, sdkKey }) => {
          const sdk = window.Viewlink.createSdk({ baseUrl: location.origin });
          const state = { sdk, calls: [] as string[] };
          Object.assign(window, { tab: state });
          sdk.onTokenExpired(async ({ reason }) => {
            state.calls.push(reason);
            // What the guide's handler does: the partner backend renews, the page re-initializes.
            // (The stand-in backend fails or hangs when a test plans it: files.fx.renewals.plan.)
            const renewed = await fetch('/api/viewlink/token/renew', {
              method: 'POST',
              headers: { 'x-demo-user': user },
            });
            if (!renewed.ok) throw new Error('backend down');
            sdk.initialize(sdkKey, await renewed.json());
          });
          sdk.initialize(sdkKey, tokens);
          return Date.now();
        },
        { user, tokens, sdkKey: SDK_KEY },
      ),
    ),
  );
  return { pages, startedAt };
}

type TabState = { sdk: { watchlist(): Promise<unknown> }; calls: string[] };

/** Handler calls of every tab, in total. */
async function handlerCalls(pages: Page[]): Promise<string[]> {
  const each = await Promise.all(
    pages.map((page) => page.evaluate(() => (window as never as { tab: TabState }).tab.calls)),
  );
  return each.flat();
}

/** The one tab whose handler ran. */
async function findCaller(pages: Page[]): Promise<Page | undefined> {
  const counts = await Promise.all(
    pages.map((page) => page.evaluate(() => (window as never as { tab: TabState }).tab.calls.length)),
  );
  return counts.filter((n) => n > 0).length === 1 ? pages[counts.findIndex((n) => n > 0)] : undefined;
}

/** `reads` concurrent watchlist reads in every tab at once: per tab, 'ok' or the error's name. */
function readEverywhere(pages: Page[], reads: number): Promise<string[][]> {
  return Promise.all(
    pages.map((page) =>
      page.evaluate(
        (reads) =>
          Promise.all(
            Array.from({ length: reads }, () =>
              (window as never as { tab: TabState }).tab.sdk.watchlist().then(
                () => 'ok',
                (error: Error) => error.name,
              ),
            ),
          ),
        reads,
      ),
    ),
  );
}

/** Makes only this access token unusable on the server (the pair that replaced it stays valid). */
function expireOnServer(accessToken: string) {
  const issued = files.fx.mock.partner.tokens.byAccess.get(accessToken);
  if (!issued) throw new Error('the fake did not issue this access token');
  issued.accessExpiresAt = 0;
}

async function expireUser(user: string) {
  const response = await fetch(`${files.fx.url}/__mock/tokens/expire`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: user }),
  });
  expect(response.ok).toBe(true);
}

describe('five tabs of one origin share one renewal', () => {
  it('a pair expiring in all five tabs at once runs onTokenExpired once; every tab resumes with the new pair', async () => {
    const tokens = await files.fx.pair('tabs-expiring');
    const before = files.fx.mock.partner.tokens.issued;
    // expires_in 4 s: each tab's timer fires 2 s in (the skew is capped at half the lifetime).
    const { pages, startedAt } = await openTabs(5, 'tabs-expiring', { ...tokens, expires_in: 4 });
    expect(Math.max(...startedAt) - Math.min(...startedAt)).toBeLessThan(1_000); // they do expire together
    await expect.poll(() => handlerCalls(pages), { timeout: 20_000 }).toEqual(['expiring']);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // room for a second (wrong) renewal
    expect(await handlerCalls(pages)).toEqual(['expiring']);
    expect(files.fx.mock.partner.tokens.issued - before).toBe(1);

    // The old token no longer works: every tab reads with the new one, without renewing again.
    expireOnServer(tokens.access_token);
    expect(await readEverywhere(pages, 3)).toEqual(Array(5).fill(['ok', 'ok', 'ok']));
    expect(await handlerCalls(pages)).toEqual(['expiring']);
    const used = new Set(pages.flatMap((page) => bearers.get(page) ?? []));
    expect(used.size).toBe(1);
    expect(used.has(tokens.access_token)).toBe(false);
  });

  it('five tabs hit by 401s at once (4 reads each) run the handler once and all 20 reads succeed', async () => {
    const tokens = await files.fx.pair('tabs-401');
    const { pages } = await openTabs(5, 'tabs-401', tokens);
    await expireUser('tabs-401');
    const before = files.fx.mock.partner.tokens.issued;
    expect(await readEverywhere(pages, 4)).toEqual(Array(5).fill(['ok', 'ok', 'ok', 'ok']));
    expect(await handlerCalls(pages)).toEqual(['unauthorized']);
    expect(files.fx.mock.partner.tokens.issued - before).toBe(1);

    // A tab opened later with the old pair gets the lock after the winner finished: it asks the
    // other tabs and uses the fresh pair instead of renewing again.
    const {
      pages: [late],
    } = await openTabs(1, 'tabs-401', tokens);
    if (!late) throw new Error('no late tab');
    expect(await readEverywhere([late], 2)).toEqual([['ok', 'ok']]);
    expect(await handlerCalls([...pages, late])).toEqual(['unauthorized']);
    expect(files.fx.mock.partner.tokens.issued - before).toBe(1);
  });

  it('the new pair reaching the waiting tabs late still prevents a second renewal (the winner keeps the lock)', async () => {
    // Every tab receives channel messages 300 ms late: long after the winner finished.
    await context.addInitScript(() => {
      Object.defineProperty(BroadcastChannel.prototype, 'onmessage', {
        set(this: BroadcastChannel, listener: (event: MessageEvent) => void) {
          this.addEventListener('message', (event) => setTimeout(() => listener(event), 300));
        },
      });
    });
    const tokens = await files.fx.pair('tabs-late-message');
    const { pages } = await openTabs(5, 'tabs-late-message', tokens);
    await expireUser('tabs-late-message');
    const before = files.fx.mock.partner.tokens.issued;
    expect(await readEverywhere(pages, 2)).toEqual(Array(5).fill(['ok', 'ok']));
    expect(await handlerCalls(pages)).toEqual(['unauthorized']);
    expect(files.fx.mock.partner.tokens.issued - before).toBe(1);
  });

  it('a winner whose handler fails: the next waiting tab tries itself, and its pair reaches every other tab', async () => {
    const tokens = await files.fx.pair('tabs-fail-once');
    const { pages } = await openTabs(5, 'tabs-fail-once', tokens);
    files.fx.renewals.plan('tabs-fail-once', { next: ['fail'] });
    await expireUser('tabs-fail-once');
    const before = files.fx.mock.partner.tokens.issued;
    const outcomes = await readEverywhere(pages, 2);
    // The tab whose handler failed gets the typed error; the four others read with the pair of the retry.
    expect(outcomes.filter((o) => o.join() === 'TokenRenewalError,TokenRenewalError')).toHaveLength(1);
    expect(outcomes.filter((o) => o.join() === 'ok,ok')).toHaveLength(4);
    expect(await handlerCalls(pages)).toEqual(['unauthorized', 'unauthorized']);
    expect(files.fx.mock.partner.tokens.issued - before).toBe(1);
    // The failed tab's next read uses the pair the others got, without another renewal.
    expect(await readEverywhere(pages, 1)).toEqual(Array(5).fill(['ok']));
    expect(await handlerCalls(pages)).toHaveLength(2);
  });

  it('a backend that is down: each tab tries in turn, never two at once, and gets TokenRenewalError with the cause', async () => {
    const tokens = await files.fx.pair('tabs-down');
    const { pages } = await openTabs(5, 'tabs-down', tokens);
    files.fx.renewals.plan('tabs-down', { alwaysFail: true });
    await expireUser('tabs-down');
    const errors = await Promise.all(
      pages.map((page) =>
        page.evaluate(() =>
          (window as never as { tab: TabState }).tab.sdk.watchlist().then(
            () => 'ok',
            (error: Error) => `${error.name}: ${(error.cause as Error | undefined)?.message}`,
          ),
        ),
      ),
    );
    expect(errors).toEqual(Array(5).fill('TokenRenewalError: backend down'));
    expect(await handlerCalls(pages)).toHaveLength(5);
    expect(files.fx.renewals.stats('tabs-down')).toEqual({ calls: 5, maxInFlight: 1 }); // one tab at a time
  });

  it('a winner closed mid-renewal releases the lock: the next tab renews and the others resume', async () => {
    const tokens = await files.fx.pair('tabs-closed');
    const { pages } = await openTabs(5, 'tabs-closed', tokens);
    files.fx.renewals.plan('tabs-closed', { next: ['hang'] });
    await expireUser('tabs-closed');
    const before = files.fx.mock.partner.tokens.issued;
    const reads = pages.map((page) =>
      page
        .evaluate(() =>
          (window as never as { tab: TabState }).tab.sdk.watchlist().then(
            () => 'ok',
            (error: Error) => error.name,
          ),
        )
        .catch(() => 'tab closed'),
    );
    // One tab's handler is stuck in its renewal (the backend does not answer).
    let winner: Page | undefined;
    await expect
      .poll(
        async () => {
          winner = await findCaller(pages);
          return winner !== undefined;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    if (!winner) throw new Error('no tab renewed');
    await winner.close();
    const others = pages.filter((page) => page !== winner);
    const settled = await Promise.all(reads.filter((_, i) => pages[i] !== winner));
    expect(settled).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(await handlerCalls(others)).toEqual(['unauthorized']);
    expect(files.fx.mock.partner.tokens.issued - before).toBe(1);
  });
});

describe('without Web Locks', () => {
  it('each tab renews on its own (the per-tab fallback) and still resumes', async () => {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });
    });
    const tokens = await files.fx.pair('tabs-no-locks');
    const { pages } = await openTabs(2, 'tabs-no-locks', tokens);
    expect(await pages[0]?.evaluate(() => 'locks' in navigator && navigator.locks)).toBeFalsy();
    await expireUser('tabs-no-locks');
    expect(await readEverywhere(pages, 2)).toEqual(Array(2).fill(['ok', 'ok']));
    expect(await handlerCalls(pages)).toEqual(['unauthorized', 'unauthorized']);
  });
});

describe('another user signs in where the first one signed out', () => {
  /** Signs the first user out of `page` (dispose, as the guide says) and the next one in with `tokens`. */
  function switchUser(page: Page, tokens: Pair, dispose: boolean) {
    return page.evaluate(
      ({ tokens, sdkKey, dispose }) => {
        const { sdk } = (window as never as { tab: { sdk: { dispose(): void; initialize(k: string, t: Pair): void } } })
          .tab;
        if (dispose) sdk.dispose();
        sdk.initialize(sdkKey, tokens);
      },
      { tokens, sdkKey: SDK_KEY, dispose },
    );
  }

  for (const dispose of [true, false]) {
    it(`the next user's pair stays in that tab: the first user's other tabs keep reading with their own (${dispose ? 'after dispose()' : 'initialize() alone'})`, async () => {
      const first = await files.fx.pair(`switch-first-${dispose}`);
      const next = await files.fx.pair(`switch-next-${dispose}`);
      const {
        pages: [switched, other],
      } = await openTabs(2, `switch-first-${dispose}`, first);
      if (!switched || !other) throw new Error('two tabs expected');
      await switchUser(switched, next, dispose);
      await new Promise((resolve) => setTimeout(resolve, 300)); // room for a (wrong) message to arrive
      expect(await readEverywhere([switched, other], 1)).toEqual([['ok'], ['ok']]);
      // Before the fix the first user's tab took the next user's token for a renewal of its own.
      expect(bearers.get(other)).toEqual([first.access_token]);
      expect(bearers.get(switched)).toEqual([next.access_token]);
      expect(await handlerCalls([switched, other])).toEqual([]);
    });
  }

  it("a signed-out tab answers no question about the first user's token, and takes none of its renewals", async () => {
    const first = await files.fx.pair('switch-renewed');
    const {
      pages: [signedOut, renewer],
    } = await openTabs(2, 'switch-renewed', first);
    if (!signedOut || !renewer) throw new Error('two tabs expected');
    await signedOut.evaluate(() => (window as never as { tab: { sdk: { dispose(): void } } }).tab.sdk.dispose());
    // The first user's token is refused in the other tab: it renews alone, and the signed-out tab,
    // which still knew the old token, must not take the renewed one.
    await expireUser('switch-renewed');
    expect(await readEverywhere([renewer], 1)).toEqual([['ok']]);
    expect(await handlerCalls([signedOut, renewer])).toEqual(['unauthorized']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      await signedOut.evaluate(() =>
        (window as never as { tab: TabState }).tab.sdk.watchlist().then(
          () => 'ok',
          (error: Error) => error.name,
        ),
      ),
    ).toBe('NotInitializedError');
    expect(bearers.get(signedOut)).toEqual([]);
  });
});

describe('consent kept in localStorage, seen from two tabs', () => {
  it('consent withdrawn in one tab is withdrawn in the other: its connect() refuses', async () => {
    const pages = await Promise.all(
      [0, 1].map(async () => {
        const page = await context.newPage();
        await page.goto(`${files.fx.url}/app/harness.html`);
        const tokens = await files.fx.pair('consent-tabs');
        await page.evaluate(
          ({ tokens, sdkKey }) => {
            const sdk = window.Viewlink.createSdk({ baseUrl: location.origin, consentStorage: localStorage });
            sdk.initialize(sdkKey, tokens);
            Object.assign(window, { tab: { sdk } });
          },
          { tokens, sdkKey: SDK_KEY },
        );
        return page;
      }),
    );
    const [giver, other] = pages as [Page, Page];
    type ConsentTab = {
      sdk: {
        consent: { record(i: object): unknown; get(): unknown; withdraw(): void };
        connect(i: object): Promise<unknown>;
      };
    };
    const consentOf = (page: Page) =>
      page.evaluate(() => (window as never as { tab: ConsentTab }).tab.sdk.consent.get() !== undefined);
    await giver.evaluate(() =>
      (window as never as { tab: ConsentTab }).tab.sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: true }),
    );
    // Chromium hands a localStorage write to another tab's process a moment later: the other tab
    // is asked until it sees it (the SDK reads the storage on every get()).
    await expect.poll(() => consentOf(other)).toBe(true);
    await giver.evaluate(() => (window as never as { tab: ConsentTab }).tab.sdk.consent.withdraw());
    expect(await consentOf(giver)).toBe(false);
    await expect.poll(() => consentOf(other)).toBe(false);
    expect(
      await other.evaluate(() =>
        (window as never as { tab: ConsentTab }).tab.sdk.connect({ service: 'streamflix' }).then(
          () => 'linked',
          (error: Error) => error.name,
        ),
      ),
    ).toBe('ConsentRequiredError');
    // Given again in the other tab: the first sees it.
    await other.evaluate(() =>
      (window as never as { tab: ConsentTab }).tab.sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: true }),
    );
    await expect.poll(() => consentOf(giver)).toBe(true);
  });
});
