/**
 * The consent screen on a touch phone, in real headless Chromium: taps only (touch events sent
 * through the DevTools protocol, no mouse, no keyboard), and tap targets of 44 px where the
 * pointer is coarse (WCAG 2.5.8 asks for 24 px; 44 px is what phone guidelines ask for).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fixtureWithBrowser, PHONE_UA } from './fixture.js';

const files = fixtureWithBrowser();

/** A 320 px touch phone showing only a consent screen that asks (as where linking works). */
async function phoneScreen(): Promise<Page> {
  const context = await files.browser.newContext({
    userAgent: PHONE_UA,
    viewport: { width: 320, height: 568 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`${files.fx.url}/app/harness.html`);
  await page.evaluate(() => {
    const host = document.createElement('main');
    document.body.replaceChildren(host);
    document.body.style.font = '16px/1.5 system-ui, sans-serif';
    const sdk = window.Viewlink.createSdk({ baseUrl: location.origin });
    const screen = window.Viewlink.renderConsentScreen(host, {
      consent: sdk.consent,
      termsUrl: '/app/terms.html',
      privacyUrl: '/app/privacy.html',
      support: { supported: true, browser: 'Chrome' },
    });
    Object.assign(window, { consentScreen: screen });
  });
  return page;
}

/** Each checkbox's field (the box and its label) as the page lays it out, and whether it is ticked. */
function fields(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('.viewlink-consent')?.shadowRoot;
    return [...(root?.querySelectorAll('.field') ?? [])].map((field) => {
      const box = field.getBoundingClientRect();
      const input = field.querySelector('input') as HTMLInputElement;
      const check = input.getBoundingClientRect();
      return {
        name: input.name,
        checked: input.checked,
        field: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
        box: { x: check.left + check.width / 2, y: check.top + check.height / 2, size: check.height },
      };
    });
  });
}

describe('consent screen: a touch phone', () => {
  it('the pointer is coarse there (what the 44 px targets key on)', async () => {
    const page = await phoneScreen();
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await page.context().close();
  });

  it('each checkbox answers taps over at least 44x44 px around it, the box itself staying 24 px', async () => {
    const page = await phoneScreen();
    for (const before of await fields(page)) {
      expect(before.box.size, before.name).toBe(24);
      expect(before.field.bottom - before.field.top, before.name).toBeGreaterThanOrEqual(44);
      // Taps 21 px above, below and beside the box's centre: outside the box, inside a 44 px square.
      let ticked = before.checked;
      for (const [dx, dy] of [
        [0, -21],
        [0, 21],
        [21, 0],
        [-21, 0],
      ] as const) {
        await page.touchscreen.tap(Math.max(1, before.box.x + dx), before.box.y + dy);
        ticked = !ticked;
        await expect
          .poll(async () => (await fields(page)).find((f) => f.name === before.name)?.checked, {
            message: `${before.name} after a tap at ${dx},${dy}`,
          })
          .toBe(ticked);
      }
    }
    await page.context().close();
  });

  it('the wider tap areas fit 320 px: no sideways scroll, the fields overlap neither each other nor the text and button', async () => {
    const page = await phoneScreen();
    const layout = await page.evaluate(() => {
      const root = document.querySelector('.viewlink-consent')?.shadowRoot;
      const rect = (el: Element | null | undefined) => el?.getBoundingClientRect() ?? new DOMRect();
      return {
        scroll: document.documentElement.scrollWidth - window.innerWidth,
        boxes: [...(root?.querySelectorAll('[part=intro], .field, button') ?? [])].map((el) => {
          const { top, bottom } = rect(el);
          return { top, bottom };
        }),
      };
    });
    expect(layout.scroll).toBe(0);
    layout.boxes.reduce((above, box, i) => {
      expect(box.top, `box ${i}`).toBeGreaterThanOrEqual(above.bottom - 0.5);
      return box;
    });
    await page.context().close();
  });

  it('taps alone: a refused Continue, ticking both boxes, then Continue accepts', async () => {
    const page = await phoneScreen();
    const root = page.locator('.viewlink-consent');
    await root.getByRole('button', { name: 'Continue' }).tap();
    await expect.poll(() => root.getByRole('alert').textContent()).toBe('Please tick both boxes to continue.');
    // The boxes themselves take the taps (the label's wider tap area lies under them): a test
    // tapping them, as a partner's may, finds nothing in the way.
    for (const name of [/viewing history/, /I accept the Terms of Use/]) {
      const box = root.getByRole('checkbox', { name });
      await box.tap();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await root.getByRole('button', { name: 'Continue' }).tap();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { consentScreen: { state: string } }).consentScreen.state))
      .toBe('accepted');
    await page.context().close();
  });

  it('a tap on a policy link opens the policy, and does not tick the box', async () => {
    const page = await phoneScreen();
    const root = page.locator('.viewlink-consent');
    const [policy] = await Promise.all([
      page.context().waitForEvent('page'),
      root.getByRole('link', { name: 'Terms of Use' }).tap(),
    ]);
    await policy.waitForLoadState();
    expect(new URL(policy.url()).pathname).toBe('/app/terms.html');
    expect(await root.getByRole('checkbox', { name: /Terms of Use/ }).isChecked()).toBe(false);
    await page.context().close();
  });
});
