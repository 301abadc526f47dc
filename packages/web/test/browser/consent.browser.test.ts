/**
 * The consent screen and the example's pages as a person meets them, in real headless Chromium:
 * axe-core on every state, keyboard only (Tab order, Space/Enter, a visible focus at every stop),
 * a phone (mobile User-Agent and a 390x844 viewport). Writes the screenshots docs/web.md shows
 * (docs/images/consent-*.png) on every run.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureWithBrowser, INSTALL_URL, PHONE_UA } from './fixture.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const IMAGES = fileURLToPath(new URL('../../../../docs/images/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// No extension needed: nothing here links an account.
const files = fixtureWithBrowser();
beforeAll(() => {
  mkdirSync(IMAGES, { recursive: true });
});

/** A page in a fresh context: a desktop window, or a phone (mobile User-Agent, touch, 390x844). */
async function open(kind: 'desktop' | 'phone' | 'narrow', path: string): Promise<Page> {
  const context: BrowserContext = await files.browser.newContext(
    kind === 'phone'
      ? { userAgent: PHONE_UA, viewport: PHONE, isMobile: true, hasTouch: true }
      : { viewport: kind === 'narrow' ? PHONE : DESKTOP },
  );
  const page = await context.newPage();
  await page.goto(`${files.fx.url}${path}`);
  return page;
}

/** The example app, once its consent screen is on the page. */
async function exampleApp(kind: 'desktop' | 'phone' | 'narrow', user: string): Promise<Page> {
  const page = await open(kind, `/app/index.html?user=${user}&install=${encodeURIComponent(INSTALL_URL)}`);
  await page.locator('.viewlink-consent').waitFor({ timeout: 15_000 });
  return page;
}

/**
 * The harness page holding only a consent screen (in a `<main>`), with the default styles;
 * `pageCss` is the host page's own stylesheet.
 */
async function bareScreen(
  kind: 'desktop' | 'phone',
  options: {
    unsupported?: 'ask';
    texts?: Record<string, string>;
    lang?: string;
    dir?: 'rtl';
    headingLevel?: 3;
  } = {},
  pageCss = '',
): Promise<Page> {
  const page = await open(kind, '/app/harness.html');
  if (pageCss) await page.addStyleTag({ content: pageCss });
  await page.evaluate((options) => {
    const main = document.createElement('main');
    const host = document.createElement('div');
    main.append(host);
    document.body.replaceChildren(main);
    document.body.style.font = '16px/1.5 system-ui, sans-serif'; // a page's font: the screen inherits it
    const sdk = window.Viewlink.createSdk({ baseUrl: location.origin });
    const screen = window.Viewlink.renderConsentScreen(host, {
      consent: sdk.consent,
      termsUrl: '/app/terms.html',
      privacyUrl: '/app/privacy.html',
      ...options,
    });
    Object.assign(window, { consentSdk: sdk, consentScreen: screen });
  }, options);
  return page;
}

type Violation = { id: string; impact: string | null | undefined; nodes: string[] };

/** axe-core (WCAG 2.0-2.2 A/AA and best practices) on the page, or only inside `selector`. */
async function axe(page: Page, selector?: string): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, which a page's CSP (the extension's) does not block.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async (selector) => {
    const run = (window as unknown as { axe: typeof import('axe-core') }).axe.run;
    const result = await run(selector ? { include: [[selector]] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  }, selector);
}

/** What has the focus (through shadow roots) and how it looks. */
function focused(page: Page) {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return {
      stop: `${el.tagName.toLowerCase()} ${el.getAttribute('name') ?? el.textContent?.trim()}`,
      outline: style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth),
      outlineColor: style.outlineColor,
      boxShadow: style.boxShadow,
      width: box.width,
      height: box.height,
      onScreen: box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight,
      invalid: el.getAttribute('aria-invalid'),
      checked: el instanceof HTMLInputElement ? el.checked : undefined,
    };
  });
}

/** The screen's state and error text, from inside its shadow root. */
function screenState(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('.viewlink-consent')?.shadowRoot;
    return {
      state: (window as unknown as { consentScreen?: { state: string } }).consentScreen?.state,
      error: root?.querySelector('[role=alert]')?.textContent ?? null,
      status: root?.querySelector('[role=status]')?.textContent ?? null,
      heading: root?.querySelector('h2')?.textContent ?? null,
      boxes: root?.querySelectorAll('input[type=checkbox]').length ?? 0,
    };
  });
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${IMAGES}consent-${name}.png` });

describe('consent screen: axe-core in every state', () => {
  it('initial, error and accepted: no violations in the SDK markup', async () => {
    const page = await bareScreen('desktop');
    expect(await axe(page, '.viewlink-consent')).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    expect((await screenState(page)).error).toBe('Please tick both boxes to continue.');
    expect(await axe(page, '.viewlink-consent')).toEqual([]);
    await page.getByLabel(/viewing history/).check();
    await page.getByLabel(/I accept the Terms of Use/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect((await screenState(page)).state).toBe('accepted');
    expect(await axe(page, '.viewlink-consent')).toEqual([]);
    await page.context().close();
  });

  it("the phone screens ('explain' and 'ask') have no violations either", async () => {
    for (const unsupported of [undefined, 'ask'] as const) {
      const page = await bareScreen('phone', unsupported ? { unsupported } : {});
      expect((await screenState(page)).state).toBe(unsupported ? 'asking' : 'unsupported');
      expect(await axe(page, '.viewlink-consent')).toEqual([]);
      await page.context().close();
    }
  });
});

describe('consent screen: keyboard only', () => {
  it('Tab order, Space and Enter, a visible focus at every stop, and after accepting', async () => {
    const page = await bareScreen('desktop');
    const stops: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      expect(f, `Tab ${i + 1}`).not.toBeNull();
      if (!f) return;
      stops.push(f.stop);
      expect(f.outline, `focus ring on ${f.stop}`).toBeGreaterThanOrEqual(2);
      expect(f.outlineColor).not.toMatch(/rgba\(.*, 0\)|transparent/);
      expect(f.onScreen).toBe(true);
      if (!f.stop.startsWith('a '))
        expect(Math.min(f.width, f.height), `target size of ${f.stop}`).toBeGreaterThanOrEqual(24);
    }
    expect(stops).toEqual([
      'input video_privacy',
      'input terms_and_privacy',
      'a Terms of Use',
      'a Privacy Policy',
      'button Continue',
    ]);

    // Back to the first box: Space ticks it, Enter does not submit the form.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+Tab');
    expect((await focused(page))?.stop).toBe('input video_privacy');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ stop: 'input video_privacy', checked: true });
    expect(await screenState(page)).toMatchObject({ state: 'asking', error: '' });

    // Enter on the button with the second box unticked: the error, and the focus on that box,
    // with its focus ring (an outline) shown together with the invalid mark (a box-shadow).
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect((await focused(page))?.stop).toBe('button Continue');
    await page.keyboard.press('Enter');
    expect((await screenState(page)).error).toBe('Please accept the Terms of Use and the Privacy Policy to continue.');
    const invalid = await focused(page);
    expect(invalid).toMatchObject({ stop: 'input terms_and_privacy', invalid: 'true' });
    expect(invalid?.outline).toBeGreaterThanOrEqual(3);
    expect(invalid?.outlineColor).toBe('rgb(36, 87, 214)'); // the focus colour, not the error's
    await page.locator('.viewlink-consent [part=card]').screenshot({ path: `${IMAGES}consent-keyboard-error.png` });
    expect(invalid?.boxShadow).toMatch(/rgb\(179, 38, 30\)/);

    // Space ticks it: the error goes at once, not at the next submit.
    await page.keyboard.press('Space');
    expect(await screenState(page)).toMatchObject({ state: 'asking', error: '' });
    expect(await focused(page)).toMatchObject({ invalid: 'false', boxShadow: 'none', checked: true });

    // Space on the button accepts; the focus lands on the confirmation, visibly, in the card.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect((await focused(page))?.stop).toBe('button Continue');
    await page.keyboard.press('Space');
    const after = await screenState(page);
    expect(after).toMatchObject({ state: 'accepted', heading: 'Connect your streaming account', boxes: 0 });
    const confirmation = await focused(page);
    expect(confirmation?.stop).toBe('p Thank you, your consent is recorded.');
    expect(confirmation?.onScreen).toBe(true);
    expect(confirmation?.outline).toBeGreaterThanOrEqual(2);
    expect(
      await page.evaluate(() =>
        (window as unknown as { consentSdk: { consent: { get(): unknown } } }).consentSdk.consent.get(),
      ),
    ).toMatchObject({ video_privacy: true, terms_and_privacy: true });
    await page.context().close();
  });
});

describe("consent screen: a screen reader (Chromium's accessibility tree)", () => {
  /** The focused node as Chromium hands it to screen readers (CDP Accessibility.getFullAXTree). */
  async function spokenFocus(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    type AXValue = { value?: unknown };
    type AXNode = {
      ignored: boolean;
      role?: AXValue;
      name?: AXValue;
      description?: AXValue;
      properties?: Array<{ name: string; value: AXValue }>;
    };
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as unknown as { nodes: AXNode[] };
    await cdp.detach();
    const prop = (node: AXNode, name: string) => node.properties?.find((p) => p.name === name)?.value.value;
    const node = nodes.find((n) => !n.ignored && prop(n, 'focused') === true && n.role?.value !== 'RootWebArea');
    return node && { role: node.role?.value, name: node.name?.value, description: node.description?.value ?? '' };
  }

  it('the box the focus moves to after a refused Continue is described by the error, until it is ticked', async () => {
    const page = await bareScreen('desktop');
    await page.getByLabel(/viewing history/).check();
    await page.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    // The alert fires as the focus moves: the box itself must say why it is invalid
    // (aria-errormessage alone is not read by every screen reader).
    expect(await spokenFocus(page)).toEqual({
      role: 'checkbox',
      name: 'I accept the Terms of Use and the Privacy Policy',
      description: 'Please accept the Terms of Use and the Privacy Policy to continue.',
    });
    await page.keyboard.press('Space');
    expect((await spokenFocus(page))?.description).toBe('');
    await page.context().close();
  });
});

describe('consent screen: forced colours (Windows High Contrast)', () => {
  it('an invalid box keeps a mark where box-shadows are dropped, and the focus ring still wins', async () => {
    const page = await bareScreen('desktop');
    await page.emulateMedia({ forcedColors: 'active' });
    await page.getByRole('button', { name: 'Continue' }).click();
    const marks = () =>
      page.evaluate(() =>
        [...(document.querySelector('.viewlink-consent')?.shadowRoot?.querySelectorAll('input') ?? [])].map((box) => {
          const style = getComputedStyle(box);
          return `${box.getAttribute('aria-invalid')} ${style.outlineStyle} ${style.outlineWidth}`;
        }),
      );
    // The first box has the focus (by script after a click: no focus ring), the second does not.
    expect(await marks()).toEqual(['true dashed 2px', 'true dashed 2px']);
    await page.keyboard.press('Tab');
    expect(await marks()).toEqual(['true dashed 2px', 'true solid 3px']);
    await page.keyboard.press('Space');
    expect(await marks()).toEqual(['true dashed 2px', 'false solid 3px']);
    await page.context().close();
  });

  it('the button keeps a visible border where its background is dropped', async () => {
    const page = await bareScreen('desktop');
    await page.emulateMedia({ forcedColors: 'active' });
    const button = await page.evaluate(() => {
      const style = getComputedStyle(
        document.querySelector('.viewlink-consent')?.shadowRoot?.querySelector('button') as HTMLButtonElement,
      );
      return {
        border: `${style.borderTopStyle} ${style.borderTopWidth}`,
        borderColor: style.borderTopColor,
        color: style.color,
        background: style.backgroundColor,
      };
    });
    // Without it, Continue was bare text: its background becomes the system's button face,
    // the same as the page's canvas in most high-contrast themes.
    expect(button.border).toBe('solid 2px');
    expect(button.borderColor).toBe(button.color);
    expect(button.borderColor).not.toBe(button.background);
    await page.context().close();
  });
});

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map((c) => {
      const s = Number(c) / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('consent screen: a dark page', () => {
  const DARK = 'rgb(18, 18, 18)';
  /** The colours the screen draws on the page's background, after a refused Continue and a Tab to the link. */
  async function colours(page: Page) {
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.keyboard.press('Tab'); // the focus is on the first box: Tab to the second, then the link
    await page.keyboard.press('Tab');
    return page.evaluate(() => {
      const root = document.querySelector('.viewlink-consent')?.shadowRoot;
      const style = (selector: string) => getComputedStyle(root?.querySelector(selector) as Element);
      return {
        page: getComputedStyle(document.documentElement).backgroundColor,
        link: style('a').color,
        focus: style('a:focus-visible').outlineColor,
        error: style('.error').color,
      };
    });
  }

  it('a page that declares a dark colour scheme gets links, error and focus ring readable on it', async () => {
    for (const pageCss of [
      ':root { color-scheme: dark; background: #121212; color: #e8e8e8 }',
      // Light and dark, following the system: the system asks for dark here.
      ':root { color-scheme: light dark } @media (prefers-color-scheme: dark) { :root { background: #121212; color: #e8e8e8 } }',
    ]) {
      const page = await bareScreen('desktop', {}, pageCss);
      await page.emulateMedia({ colorScheme: 'dark' });
      const c = await colours(page);
      expect(c.page).toBe(DARK);
      // The light defaults measured 3.04:1 (links, focus) and 2.87:1 (error) on #121212.
      expect(contrast(c.link, DARK), `link ${c.link}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.error, DARK), `error ${c.error}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.focus, DARK), `focus ${c.focus}`).toBeGreaterThanOrEqual(3);
      expect(await axe(page, '.viewlink-consent')).toEqual([]);
      await page.context().close();
    }
  });

  it('a light page keeps the light defaults, even when the system prefers dark', async () => {
    const page = await bareScreen('desktop');
    await page.emulateMedia({ colorScheme: 'dark' });
    const c = await colours(page);
    expect(c).toMatchObject({ link: 'rgb(36, 87, 214)', focus: 'rgb(36, 87, 214)', error: 'rgb(179, 38, 30)' });
    expect(contrast(c.link, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(4.5);
    await page.context().close();
  });
});

describe('consent screen: hovering the button', () => {
  it('keeps the colours a partner chose at 4.5:1 (no filter), and still shows the hover, with or without reduced motion', async () => {
    const page = await bareScreen('desktop');
    // An accent at the documented minimum: white on #5a6fd8 is about 4.5:1; a brightening hover fell to about 3.8:1.
    await page.evaluate(() =>
      document
        .querySelector<HTMLElement>('.viewlink-consent')
        ?.style.setProperty('--viewlink-consent-accent', '#5a6fd8'),
    );
    const look = () =>
      page.evaluate(() => {
        const button = document.querySelector('.viewlink-consent')?.shadowRoot?.querySelector('button');
        const style = getComputedStyle(button as HTMLButtonElement);
        return {
          filter: style.filter,
          color: style.color,
          background: style.backgroundColor,
          opacity: style.opacity,
          underline: style.textDecorationLine,
        };
      });
    const resting = await look();
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      await page.emulateMedia({ reducedMotion });
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: 'Continue' }).hover();
      const hovered = await look();
      expect(hovered, reducedMotion).toEqual({ ...resting, underline: 'underline' });
      expect(resting.underline).toBe('none');
    }
    await page.context().close();
  });
});

describe('a phone (mobile User-Agent, 390x844)', () => {
  it('the example says where linking works before asking for any consent', async () => {
    const page = await exampleApp('phone', 'web-phone');
    expect(await page.evaluate(() => /Mobile/.test(navigator.userAgent) && window.innerWidth)).toBe(390);
    const screen = await screenState(page);
    expect(screen.boxes).toBe(0);
    expect(screen.heading).toBe('Connect your streaming account');
    const notice = await page.locator('.viewlink-consent [part=notice]').textContent();
    expect(notice).toMatch(/works in Chrome or Edge on a computer, not in this browser\. Open this page there/);
    expect(await page.locator('#link').isHidden()).toBe(true); // no Connect button to fail
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'phone');
    await page.context().close();
  });

  it("unsupported: 'ask' takes the consent and says where to link, not that linking can start", async () => {
    const page = await bareScreen('phone', { unsupported: 'ask' });
    await page.getByLabel(/viewing history/).tap();
    await page.getByLabel(/I accept the Terms of Use/).tap();
    await page.getByRole('button', { name: 'Continue' }).tap();
    const { state, status } = await screenState(page);
    expect(state).toBe('accepted');
    expect(status).toBe(
      'Thank you, your consent is recorded. To link an account, open this page in Chrome or Edge on a computer.',
    );
    await page.context().close();
  });
});

describe('consent screen: small screens, zoom and the page around it', () => {
  /** Horizontal scrolling, the smallest checkbox and button, and whether the card holds its content. */
  function layout(page: Page) {
    return page.evaluate(() => {
      const root = document.querySelector('.viewlink-consent')?.shadowRoot;
      const card = root?.querySelector('.card')?.getBoundingClientRect();
      const size = (selector: string) =>
        Math.min(
          ...[...(root?.querySelectorAll(selector) ?? [])].map((el) => {
            const box = el.getBoundingClientRect();
            return Math.min(box.width, box.height);
          }),
        );
      const inCard = [...(root?.querySelectorAll('.card *:not([hidden])') ?? [])].every((el) => {
        const box = el.getBoundingClientRect();
        return card && box.left >= card.left - 0.5 && box.right <= card.right + 0.5 && box.bottom <= card.bottom + 0.5;
      });
      return {
        scroll: document.documentElement.scrollWidth - window.innerWidth,
        checkbox: size('input'),
        button: size('button'),
        inCard,
      };
    });
  }
  // German runs about 30% longer than English, with long compound words.
  const GERMAN = {
    title: 'Verbinde dein Streaming-Konto',
    intro: 'Um ein Konto zu verknüpfen, benötigen wir deine Einwilligung zu beiden folgenden Punkten.',
    videoPrivacy:
      'Ich willige ein, dass mein Wiedergabeverlauf, meine Merkliste und meine Bewertungen von den verknüpften Streamingdiensten erhoben werden.',
    termsPrefix: 'Ich akzeptiere die ',
    termsLink: 'Nutzungsbedingungen',
    termsJoin: ' und die ',
    privacyLink: 'Datenschutzerklärung',
    newTab: '(öffnet sich in einem neuen Tab)',
    submit: 'Einwilligung erteilen und fortfahren',
    missingBoth: 'Bitte setze beide Häkchen, um fortzufahren.',
  };
  // WCAG 1.4.12's text spacing, as the usual bookmarklet sets it (inherited into the shadow root).
  const SPACING =
    '* { line-height: 1.5 !important; letter-spacing: .12em !important; word-spacing: .16em !important } p { margin-bottom: 2em !important }';

  it('320x568, 375x667 and 1280x800 at 400% (320x200): no horizontal scroll, targets of 24 px, with text spacing and in German too', async () => {
    for (const viewport of [
      { width: 320, height: 568 },
      { width: 375, height: 667 },
      { width: 320, height: 200 },
    ])
      for (const [pageCss, texts] of [
        ['', undefined],
        [SPACING, undefined],
        ['', GERMAN],
      ] as const) {
        const screen = await bareScreen('desktop', texts ? { texts } : {}, pageCss);
        await screen.setViewportSize(viewport);
        await screen.getByRole('button', { name: texts?.submit ?? 'Continue' }).click(); // the error shown too
        const where = `${viewport.width}x${viewport.height}${pageCss ? ' with text spacing' : ''}${texts ? ' in German' : ''}`;
        const { button, ...rest } = await layout(screen);
        expect(rest, where).toEqual({ scroll: 0, checkbox: 24, inCard: true });
        expect(button, where).toBeGreaterThanOrEqual(44); // a long label wraps onto two lines
        await screen.context().close();
      }
  });

  it("a container's white-space: nowrap does not stop the texts wrapping", async () => {
    // Inherited properties cross the shadow boundary: a toolbar or a nowrap utility class around
    // the screen put every label on one line (518 px to scroll sideways in a 375 px window).
    const page = await bareScreen('desktop', {}, 'main { white-space: nowrap }');
    await page.setViewportSize({ width: 375, height: 667 });
    expect((await layout(page)).scroll).toBe(0);
    await page.context().close();
  });

  it("the page's resets stop at the shadow root: * { all: unset }, button and input { display: none }", async () => {
    const page = await bareScreen('desktop', {}, '* { all: unset } button, input { display: none !important }');
    await page.setViewportSize({ width: 375, height: 667 });
    expect(await layout(page)).toEqual({ scroll: 0, checkbox: 24, button: 44, inCard: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    expect((await screenState(page)).error).toBe('Please tick both boxes to continue.');
    await page.context().close();
  });
});

describe('consent screen: texts in another language than the page', () => {
  /** The heading as Chromium hands it to screen readers, the language of a label, and the new-tab arrow and direction. */
  function seen(page: Page) {
    return page.evaluate(() => {
      const root = document.querySelector('.viewlink-consent')?.shadowRoot;
      const link = root?.querySelector('a');
      const label = root?.querySelector('label');
      return {
        heading: root?.querySelector('[part=title]')?.tagName,
        labelLang: ['he', 'en'].find((lang) => label?.matches(`:lang(${lang})`)),
        direction: link && getComputedStyle(link).direction,
        arrow: link && getComputedStyle(link, '::after').content,
      };
    });
  }
  async function headingLevel(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    type AXNode = { role?: { value?: unknown }; properties?: Array<{ name: string; value: { value?: unknown } }> };
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as unknown as { nodes: AXNode[] };
    await cdp.detach();
    const heading = nodes.find((n) => n.role?.value === 'heading');
    return heading?.properties?.find((p) => p.name === 'level')?.value.value;
  }
  const HEBREW = {
    title: 'חיבור חשבון סטרימינג',
    termsPrefix: 'אני מקבל/ת את ',
    termsLink: 'תנאי השימוש',
    termsJoin: ' ואת ',
    privacyLink: 'מדיניות הפרטיות',
  };

  it("lang, dir and headingLevel: a Hebrew screen on an English page is spoken as Hebrew, reads right to left, and fits the page's outline", async () => {
    const page = await bareScreen('desktop', { texts: HEBREW, lang: 'he', dir: 'rtl', headingLevel: 3 });
    await page.evaluate(() => {
      document.documentElement.lang = 'en';
    });
    // The new-tab arrow points up and away in the reading direction: north-west in right-to-left texts.
    expect(await seen(page)).toEqual({ heading: 'H3', labelLang: 'he', direction: 'rtl', arrow: '"↖" / ""' });
    expect(await headingLevel(page)).toBe(3);
    await page.context().close();
  });

  it('without them the page decides: an English page gets ↗ and an h2, a right-to-left page ↖', async () => {
    const page = await bareScreen('desktop');
    await page.evaluate(() => {
      document.documentElement.lang = 'en';
    });
    expect(await seen(page)).toEqual({ heading: 'H2', labelLang: 'en', direction: 'ltr', arrow: '"↗" / ""' });
    expect(await headingLevel(page)).toBe(2);
    await page.evaluate(() => {
      document.documentElement.dir = 'rtl';
    });
    expect((await seen(page)).arrow).toBe('"↖" / ""');
    await page.context().close();
  });
});

describe('the example app: axe-core and screenshots', () => {
  it('initial, error and accepted at 1280x800; the policy pages; no violations on any', async () => {
    const page = await exampleApp('desktop', 'web-a11y');
    expect(await axe(page)).toEqual([]);
    await shot(page, 'initial');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/viewing history/).check();
    expect(await page.locator('.viewlink-consent [role=alert]').textContent()).toMatch(/Terms of Use/);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'error');
    await page.getByLabel(/I accept the Terms of Use/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#link').waitFor({ state: 'visible' });
    expect(await axe(page)).toEqual([]);
    await shot(page, 'accepted');
    for (const [path, title] of [
      ['terms.html', 'Terms of Use'],
      ['privacy.html', 'Privacy Policy'],
    ]) {
      const policy = await page.context().newPage();
      await policy.goto(`${files.fx.url}/app/${path}`);
      expect(await policy.locator('h1').textContent()).toBe(title);
      expect(await axe(policy)).toEqual([]);
    }
    await page.context().close();
  });

  it('the policy links open the pages in a new tab; the layout fits 390 px; the install link wraps', async () => {
    const page = await exampleApp('narrow', 'web-narrow');
    const [terms] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Terms of Use' }).click(),
    ]);
    await terms.waitForLoadState();
    expect(terms.url()).toBe(`${files.fx.url}/app/terms.html`);
    expect(await terms.getByRole('heading', { level: 1 }).textContent()).toBe('Terms of Use');
    await terms.close();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'narrow');

    // No extension in this browser: Connect ends in a message with a link, not a bare URL.
    await page.getByLabel(/viewing history/).check();
    await page.getByLabel(/I accept the Terms of Use/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const connect = page.locator('#connect');
    await connect.click();
    expect(await connect.getAttribute('aria-disabled')).toBe('true'); // busy while the SDK looks for the extension
    expect(await connect.textContent()).toBe('Linking…');
    await expect.poll(() => page.locator('#message').getAttribute('data-kind'), { timeout: 10_000 }).toBe('error');
    expect(await connect.getAttribute('aria-disabled')).toBe('false');
    const install = page.getByRole('link', { name: 'Install the Viewlink extension' });
    expect(await install.getAttribute('href')).toBe(INSTALL_URL);
    expect(await page.locator('#message').textContent()).not.toContain(INSTALL_URL);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the test extension', () => {
  it('its login page names the service as people know it, and has no violations', async () => {
    const login = await files.fx.context.newPage();
    await login.goto(`chrome-extension://${files.fx.extensionId}/login.html?request=none&service=cineplus`);
    expect(await login.title()).toBe('Sign in to Cine+');
    expect(await login.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to Cine+');
    expect(await axe(login)).toEqual([]);
    await login.close();
  });
});
