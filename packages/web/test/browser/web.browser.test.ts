/**
 * @viewlink/web in real headless Chromium (Debian's), with the test extension loaded: every
 * scenario of issue 4 that needs a browser. Node drives it with playwright-core.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, INSTALL_URL, startFixture } from './fixture.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx?.close();
});
afterEach(async () => {
  // Close every page a test opened (login tabs included) so the extension holds no pending login.
  for (const page of fx.context.pages()) await page.close().catch(() => {});
});

type Outcome = {
  ok?: {
    service: string;
    linked_account_id: string;
    status: string;
    profile_id?: string;
    profile_name?: string;
    relinked: boolean;
    link_session_id: string;
  };
  error?: Record<string, unknown>;
};

async function harness(context: BrowserContext = fx.context, query = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${fx.url}/app/harness.html${query}`);
  return page;
}

/** Starts `connect` in the page (consent recorded headlessly); resolves when it settles. */
function connectInPage(page: Page, user: string, options: Record<string, unknown> = {}, service = 'streamflix') {
  return page.evaluate(
    async ({ user, options, service, installUrl }) => {
      const { createSdk } = window.Viewlink;
      const session = await (
        await fetch('/api/session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: user }),
        })
      ).json();
      const sdk = createSdk({ baseUrl: location.origin, installUrl, ...options });
      sdk.initialize(session.sdk_key, session.tokens);
      sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: true });
      const stages: string[] = [];
      const sessions = new Set<string>();
      sdk.on('progress', (p) => {
        stages.push(p.stage);
        sessions.add(p.link_session_id);
      });
      return sdk.connect({ service }).then(
        (ok) => ({ ok, stages, sessions: [...sessions] }),
        (e) => ({
          error: {
            name: e.name,
            code: e.code,
            reason: e.reason,
            message: e.message,
            installUrl: e.installUrl,
            linkSessionId: e.linkSessionId,
          },
          stages,
          sessions: [...sessions],
        }),
      );
    },
    { user, options, service, installUrl: INSTALL_URL },
  ) as Promise<Outcome & { stages: string[]; sessions: string[] }>;
}

async function loginPage(context: BrowserContext = fx.context): Promise<Page> {
  const existing = context.pages().find((p) => p.url().includes('/login.html'));
  const page = existing ?? (await context.waitForEvent('page', { predicate: (p) => p.url().includes('/login.html') }));
  await page.waitForLoadState('domcontentloaded');
  return page;
}

/** The extension closes its login tab once the outcome is known, possibly while a click settles. */
const tolerateClose = (error: Error) => {
  if (!/closed/.test(error.message)) throw error;
};

async function signIn(login: Page, { password = 'secret', code = '123456', email = 'someone@example.com' } = {}) {
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Sign in' }).click().catch(tolerateClose);
  if (password === 'wrong') return;
  await login.getByLabel('Code from your authenticator app').fill(code);
  await login.getByRole('button', { name: 'Verify' }).click().catch(tolerateClose);
}

const linkedIn = (user: string, service: string) => fx.mock.partner.users.get(user)?.accounts.get(service);

describe('happy path (examples/web-app)', () => {
  it('consent → connect with MFA in the extension → linked → watchlist', async () => {
    const page = await fx.context.newPage();
    await page.goto(`${fx.url}/app/index.html?user=web-happy`);
    const consent = page.locator('.viewlink-consent');
    await expect.poll(() => consent.count(), { timeout: 15_000 }).toBe(1); // the app loads its config first
    expect(await page.locator('#link').isHidden()).toBe(true);
    // One box only: refused, announced.
    await page.getByLabel(/viewing history/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/accept the Terms of Use and the Privacy Policy/);
    expect(await page.locator('#link').isHidden()).toBe(true);
    // Keyboard for the second box: Space on the focused (first unticked) checkbox.
    await page.keyboard.press('Space');
    expect(await page.getByLabel(/I accept the Terms of Use and the Privacy Policy/).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#link').waitFor({ state: 'visible' });
    // The screen says what comes next by itself: nothing left to tick, the page did not hide it.
    await expect.poll(() => consent.getByRole('status').textContent()).toBe('Thank you, your consent is recorded.');
    expect(await consent.locator('input, button').count()).toBe(0);
    expect(await page.locator('#consent').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('role'))).toBe(
      'status',
    );

    await page.getByRole('button', { name: 'Connect' }).click();
    const login = await loginPage();
    // The service by the name people know, not its id.
    expect(await login.locator('h1').textContent()).toBe('Sign in to Streamflix');
    expect(await login.title()).toBe('Sign in to Streamflix');
    await signIn(login);
    await expect
      .poll(() => page.locator('#message').textContent(), { timeout: 15_000 })
      .toMatch(/^Linked streamflix \(acc_/);
    // Once an account is linked, the consent confirmation has served and is gone.
    expect(await consent.count()).toBe(0);
    const account = linkedIn('web-happy', 'streamflix');
    expect(account?.status).toBe('active');
    expect(await page.locator('#message').textContent()).toContain(account?.id);
    await expect.poll(() => page.locator('#watchlist li').count()).toBeGreaterThan(0);
    expect(await page.locator('#watchlist h3').allTextContents()).toContain('saved');
  });

  it('also links through externally_connectable (chrome.runtime.connect to the extension id)', async () => {
    const page = await harness();
    const result = connectInPage(page, 'web-external', { extensionId: fx.extensionId });
    await signIn(await loginPage());
    const outcome = await result;
    expect(outcome.error).toBeUndefined();
    expect(outcome.ok?.linked_account_id).toBe(linkedIn('web-external', 'streamflix')?.id);
    expect(outcome.stages).toEqual(['login-opened', 'awaiting-mfa', 'verifying']);
  });

  it('the page loads the link flow on the first connect(), as a chunk of its own', async () => {
    const context = fx.context;
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${fx.url}/app/harness.html`);
    await page.waitForFunction(() => 'Viewlink' in window);
    const chunk = /^\/app\/link-[\w-]+\.js$/;
    expect(scripts.filter((path) => chunk.test(path))).toEqual([]); // not before anyone links
    const result = connectInPage(page, 'web-lazy');
    await signIn(await loginPage());
    const outcome = await result;
    expect(outcome.error).toBeUndefined();
    expect(outcome.ok?.linked_account_id).toBe(linkedIn('web-lazy', 'streamflix')?.id);
    expect(scripts.filter((path) => chunk.test(path))).toHaveLength(1);
  });
});

describe('consent screen', () => {
  it("afterAccept: 'close' removes it after real clicks; the record is kept", async () => {
    const page = await harness();
    await page.evaluate(() => {
      const sdk = window.Viewlink.createSdk({ baseUrl: location.origin });
      const host = document.createElement('div');
      host.id = 'consent-host';
      document.body.append(host);
      const screen = window.Viewlink.renderConsentScreen(host, {
        consent: sdk.consent,
        termsUrl: '/terms',
        privacyUrl: '/privacy',
        afterAccept: 'close',
      });
      Object.assign(window, { consentSdk: sdk, consentScreen: screen });
    });
    await page.getByLabel(/viewing history/).check();
    await page.getByLabel(/I accept the Terms of Use/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('.viewlink-consent').count()).toBe(0);
    expect(
      await page.evaluate(() =>
        (window as never as { consentSdk: { consent: { get(): unknown } } }).consentSdk.consent.get(),
      ),
    ).toMatchObject({ video_privacy: true, terms_and_privacy: true });
  });
});

describe('broken accounts', () => {
  it('a broken account surfaces as an event; connect re-authenticates it', async () => {
    const seeded = await fetch(`${fx.url}/__mock/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user_id: 'web-broken',
        accounts: [{ service: 'streamflix' }, { service: 'tubely', status: 'broken' }],
      }),
    });
    expect(seeded.ok).toBe(true);
    const page = await harness();
    const broken = await page.evaluate(async () => {
      const session = await (
        await fetch('/api/session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: 'web-broken' }),
        })
      ).json();
      const sdk = window.Viewlink.createSdk({ baseUrl: location.origin });
      sdk.initialize(session.sdk_key, session.tokens);
      const seen: string[] = [];
      sdk.on('broken', (account) => seen.push(account.service));
      await sdk.accounts();
      return seen;
    });
    expect(broken).toEqual(['tubely']);
    const before = linkedIn('web-broken', 'tubely')?.id;
    const result = connectInPage(page, 'web-broken', {}, 'tubely');
    // An account with several profiles: the user picks one in the extension.
    const login = await loginPage();
    await signIn(login, { email: 'profiles@example.com' });
    await login.getByLabel('Kids').check();
    await login.getByRole('button', { name: 'Link this profile' }).click().catch(tolerateClose);
    const outcome = await result;
    // Re-linked: the same account, back to active, with the chosen profile and this link session.
    expect(outcome.ok).toMatchObject({
      service: 'tubely',
      status: 'active',
      linked_account_id: before,
      relinked: true,
      profile_id: 'prof_kids',
      profile_name: 'Kids',
    });
    const session = outcome.ok?.link_session_id;
    expect(session).toMatch(/^lnk_/);
    expect(outcome.sessions).toEqual([session]);
    expect(outcome.stages).toEqual(['login-opened', 'awaiting-mfa', 'choosing-profile', 'verifying']);
    expect(linkedIn('web-broken', 'tubely')).toMatchObject({ id: before, status: 'active', link_session_id: session });
    await fx.mock.partner.webhooks.settle();
    const repaired = fx.mock.partner.webhooks.deliveries
      .map((d) => d.event)
      .filter((e) => 'user_id' in e && e.user_id === 'web-broken');
    expect(repaired).toEqual([
      expect.objectContaining({ type: 'LinkedAccountRepaired', linked_account_id: before, link_session_id: session }),
    ]);
  });
});

describe('link sessions and injected link faults', () => {
  const linkFault = (step: string, reason: string) =>
    fetch(`${fx.url}/__mock/link-faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ step, reason }),
    });

  it('a fault at the MFA step ends the connect with its reason and the link session of its progress', async () => {
    expect((await linkFault('awaiting-mfa', 'mfa-timeout')).status).toBe(201);
    const page = await harness();
    const result = connectInPage(page, 'web-mfa-timeout');
    const login = await loginPage();
    await login.getByLabel('Email').fill('someone@example.com');
    await login.getByLabel('Password').fill('secret');
    await login.getByRole('button', { name: 'Sign in' }).click().catch(tolerateClose);
    const outcome = await result;
    expect(outcome.error).toMatchObject({ name: 'ConnectError', reason: 'mfa-timeout' });
    expect(outcome.stages).toEqual(['login-opened', 'awaiting-mfa']);
    expect(outcome.sessions).toEqual([outcome.error?.linkSessionId]);
    expect(linkedIn('web-mfa-timeout', 'streamflix')).toBeUndefined();
  });

  it('a fault at the handshake looks like a missing extension', async () => {
    expect((await linkFault('handshake', 'ignored')).status).toBe(201);
    const page = await harness();
    const outcome = await connectInPage(page, 'web-handshake', { handshakeTimeoutMs: 800 });
    expect(outcome.error).toMatchObject({ name: 'ExtensionNotInstalledError', reason: 'extension-missing' });
    expect(outcome.error?.linkSessionId).toMatch(/^lnk_/);
  });

  it('a service that is unavailable when the login opens', async () => {
    expect((await linkFault('login-opened', 'service-unavailable')).status).toBe(201);
    const page = await harness();
    const outcome = await connectInPage(page, 'web-unavailable');
    expect(outcome.error).toMatchObject({ name: 'ConnectError', reason: 'service-unavailable' });
  });

  it('a service closed to new links in the catalog: services() says not linkable, connect ends service-unavailable', async () => {
    const closed = await fetch(`${fx.url}/__mock/services/cineplus`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link_available: false }),
    });
    expect(closed.ok).toBe(true);
    try {
      const page = await harness();
      const linkable = await page.evaluate(async () => {
        const session = await (
          await fetch('/api/session', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ user_id: 'web-closed' }),
          })
        ).json();
        const sdk = window.Viewlink.createSdk({ baseUrl: location.origin });
        sdk.initialize(session.sdk_key, session.tokens);
        return Object.fromEntries((await sdk.services()).map((s) => [s.id, s.linkable]));
      });
      expect(Object.keys(linkable)).toHaveLength(14);
      expect(linkable).toMatchObject({ streamflix: true, cineplus: false });
      const outcome = await connectInPage(page, 'web-closed', {}, 'cineplus');
      expect(outcome.error).toMatchObject({ name: 'ConnectError', reason: 'service-unavailable' });
      expect(fx.context.pages().some((p) => p.url().includes('/login.html'))).toBe(false);
    } finally {
      await fetch(`${fx.url}/__mock/services/cineplus`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ link_available: true }),
      });
    }
  });
});

describe('environment', () => {
  it('extension missing: not-installed error with the install URL', async () => {
    const browser = await fx.launch();
    const page = await harness(await browser.newContext());
    const outcome = await connectInPage(page, 'web-missing', { handshakeTimeoutMs: 800 });
    expect(outcome.error).toMatchObject({ name: 'ExtensionNotInstalledError', installUrl: INSTALL_URL });
    await browser.close();
  });

  it('mobile (client hints) and non-Chromium (User-Agent string) are refused, saying why', async () => {
    const page = await fx.context.newPage();
    const cdp = await fx.context.newCDPSession(page);
    await cdp.send('Emulation.setUserAgentOverride', {
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
      userAgentMetadata: {
        brands: [
          { brand: 'Google Chrome', version: '156' },
          { brand: 'Chromium', version: '156' },
        ],
        platform: 'Android',
        platformVersion: '14',
        architecture: '',
        model: 'Pixel 8',
        mobile: true,
      },
    });
    await page.goto(`${fx.url}/app/harness.html`);
    expect(
      await page.evaluate(() => (navigator as { userAgentData?: { mobile: boolean } }).userAgentData?.mobile),
    ).toBe(true);
    const mobile = await connectInPage(page, 'web-mobile');
    expect(mobile.error).toMatchObject({ name: 'UnsupportedEnvironmentError', reason: 'mobile' });
    expect(mobile.error?.message).toMatch(/mobile device \(Android\)/);

    await cdp.send('Emulation.setUserAgentOverride', {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    });
    await page.goto(`${fx.url}/app/harness.html`);
    const firefox = await connectInPage(page, 'web-firefox');
    expect(firefox.error).toMatchObject({ name: 'UnsupportedEnvironmentError', reason: 'browser' });
    expect(firefox.error?.message).toMatch(/Firefox is not supported/);
    expect(fx.context.pages().some((p) => p.url().includes('/login.html'))).toBe(false);
  });
});

describe('login outcomes', () => {
  it('the user cancels in the extension', async () => {
    const page = await harness();
    const result = connectInPage(page, 'web-cancel');
    await (await loginPage()).getByRole('button', { name: 'Cancel' }).click().catch(tolerateClose);
    expect((await result).error).toMatchObject({ name: 'ConnectCancelledError', reason: 'user-closed' });
    expect(linkedIn('web-cancel', 'streamflix')).toBeUndefined();
  });

  it('the user closes the login tab', async () => {
    const page = await harness();
    const result = connectInPage(page, 'web-close');
    await (await loginPage()).close();
    expect((await result).error).toMatchObject({ name: 'ConnectCancelledError' });
  });

  it('the login fails', async () => {
    const page = await harness();
    const result = connectInPage(page, 'web-fail');
    await signIn(await loginPage(), { password: 'wrong' });
    expect((await result).error).toMatchObject({ name: 'ConnectError', reason: 'credentials-rejected' });
    expect(linkedIn('web-fail', 'streamflix')).toBeUndefined();
  });

  it('the extension times out: typed error, and the extension is told to close its login', async () => {
    const page = await harness();
    const result = connectInPage(page, 'web-timeout', { connectTimeoutMs: 1_500 });
    const login = await loginPage();
    const closed = login.waitForEvent('close');
    expect((await result).error).toMatchObject({ name: 'ExtensionTimeoutError', code: 'extension_timeout' });
    await closed;
  });
});

describe('security', () => {
  it('look-alike messages posted on window by a page script are ignored', async () => {
    const page = await harness();
    await page.evaluate(() => {
      const forge = (type: string, extra: object) =>
        window.postMessage(
          { channel: 'viewlink-bridge', version: 1, request_id: 'x', type, ...extra },
          location.origin,
        );
      // Answer every hello with a forged ack, and keep posting forged results and cancels.
      window.addEventListener('message', (e) => {
        const d = e.data as { type?: string; request_id?: string } | null;
        if (d?.type === 'hello')
          window.postMessage(
            { ...d, type: 'hello-ack', selected_version: 1, supported_versions: [1] },
            location.origin,
          );
      });
      setInterval(() => {
        forge('connect-result', { service: 'streamflix', linked_account_id: 'acc_forged', status: 'active' });
        forge('error', { code: 'user-cancelled' });
      }, 20);
    });
    const result = connectInPage(page, 'web-forged');
    await signIn(await loginPage());
    const outcome = await result;
    expect(outcome.error).toBeUndefined();
    expect(outcome.ok?.linked_account_id).toBe(linkedIn('web-forged', 'streamflix')?.id);
    expect(outcome.ok?.linked_account_id).not.toBe('acc_forged');
  });

  it('a page script that answers on the session port cannot fake a link: the service must list it', async () => {
    const page = await harness();
    await page.evaluate(() => {
      window.addEventListener('message', (e) => {
        const d = e.data as { type?: string; request_id?: string } | null;
        const port = e.ports[0];
        if (d?.type !== 'hello' || !port) return;
        port.postMessage({ ...d, type: 'hello-ack', selected_version: 1, supported_versions: [1] });
        port.onmessage = (m) => {
          if (m.data?.type === 'connect')
            port.postMessage({ ...m.data, type: 'connect-result', linked_account_id: 'acc_forged', status: 'active' });
        };
      });
    });
    const outcome = await connectInPage(page, 'web-hijack');
    expect(outcome.error).toMatchObject({ name: 'ConnectError', reason: 'unverified' });
  });
});

describe('token lifecycle', () => {
  it('expiry on the server → one handler call for many 401s → re-initialize → replay', async () => {
    const page = await harness();
    await page.evaluate(async () => {
      const session = async () =>
        (
          await fetch('/api/session', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ user_id: 'web-tokens' }),
          })
        ).json();
      const sdk = window.Viewlink.createSdk({ baseUrl: location.origin });
      const first = await session();
      sdk.initialize(first.sdk_key, first.tokens);
      const calls: string[] = [];
      sdk.onTokenExpired(async ({ reason }) => {
        calls.push(reason);
        const next = await session();
        sdk.initialize(next.sdk_key, next.tokens);
      });
      Object.assign(window, { sdk, calls });
      await sdk.watchlist();
    });
    const before = fx.mock.partner.tokens.issued;
    const expired = await fetch(`${fx.url}/__mock/tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'web-tokens' }),
    });
    expect(expired.ok).toBe(true);
    const result = await page.evaluate(async () => {
      const w = window as unknown as { sdk: { watchlist(): Promise<unknown> }; calls: string[] };
      const lists = await Promise.all(Array.from({ length: 8 }, () => w.sdk.watchlist()));
      return { count: lists.length, calls: w.calls };
    });
    expect(result).toEqual({ count: 8, calls: ['unauthorized'] });
    expect(fx.mock.partner.tokens.issued - before).toBe(1);
  });

  it('fires ahead of expiry from the pair’s expires_in', async () => {
    const page = await harness();
    const tokens = await fx.pair('web-ahead');
    const reasons = await page.evaluate(async (tokens) => {
      const sdk = window.Viewlink.createSdk({ baseUrl: location.origin, expirySkewMs: 60_000 });
      const seen: string[] = [];
      const renewed = new Promise<void>((resolve) =>
        sdk.onTokenExpired(({ reason }) => {
          seen.push(reason);
          sdk.initialize('vl_sdk_test_key', { ...tokens, expires_in: 3600 });
          resolve();
        }),
      );
      const started = Date.now();
      sdk.initialize('vl_sdk_test_key', { ...tokens, expires_in: 2 });
      await renewed;
      await sdk.watchlist();
      return { seen, after: Date.now() - started };
    }, tokens);
    expect(reasons.seen).toEqual(['expiring']);
    expect(reasons.after).toBeGreaterThanOrEqual(900);
    expect(reasons.after).toBeLessThan(5_000); // generous: the reason 'expiring' already proves it fired ahead
  });
});

describe('user-initiated refresh', () => {
  it('is refused without a user gesture and accepted on a real click', async () => {
    // A user with a linked account (the service refuses refreshes with nothing to refresh).
    const seeded = await fetch(`${fx.url}/__mock/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'web-refresh', accounts: [{ service: 'streamflix' }] }),
    });
    expect(seeded.ok).toBe(true);
    const page = await fx.context.newPage();
    const report = page.waitForRequest((r) => r.url().endsWith('/__test/report'));
    await page.goto(`${fx.url}/app/harness.html?user=web-refresh`);
    expect((await report).postData()).toBe('error:UserGestureRequiredError');
    await page.click('#refresh');
    await page.waitForFunction(() => window.clickRefresh !== undefined);
    expect(await page.evaluate(() => window.clickRefresh)).toMatch(/^ok:/);
  });
});

describe('disconnect', () => {
  it('is refused without a user gesture; a real click disconnects, keeping the data, and the backend is told', async () => {
    const seeded = await fetch(`${fx.url}/__mock/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'web-disconnect', accounts: [{ service: 'streamflix' }] }),
    });
    expect(seeded.ok).toBe(true);
    const page = await fx.context.newPage();
    const report = page.waitForRequest(
      (r) => r.url().endsWith('/__test/report') && (r.postData() ?? '').startsWith('disconnect:'),
    );
    await page.goto(`${fx.url}/app/harness.html?user=web-disconnect`);
    expect((await report).postData()).toBe('disconnect:error:UserGestureRequiredError');
    expect(linkedIn('web-disconnect', 'streamflix')?.status).toBe('active');
    await page.click('#disconnect');
    await page.waitForFunction(() => window.clickDisconnect !== undefined);
    expect(await page.evaluate(() => window.clickDisconnect)).toBe('ok:disconnected:keep_data=true');
    expect(linkedIn('web-disconnect', 'streamflix')?.status).toBe('disconnected');
    await fx.mock.partner.webhooks.settle();
    const events = fx.mock.partner.webhooks.deliveries
      .map((d) => d.event)
      .filter((e) => 'user_id' in e && e.user_id === 'web-disconnect');
    expect(events).toEqual([
      expect.objectContaining({ type: 'LinkedAccountDisconnected', service: 'streamflix', keep_data: true }),
    ]);
  });
});
