/**
 * The consent screen: plain DOM in an open shadow root, one card that keeps its heading in every
 * state (asking, error, accepted, linking unsupported here), two native checkboxes with real
 * labels, errors announced by `role="alert"` and kept in step with the boxes.
 */
import type { Consent, ConsentRecord } from '../core/consent.js';
import { checkLinkingSupport, type LinkingSupport } from '../core/environment.js';
import { checkScreenOptions, type ScreenOptionTypes } from '../internal/consent-options.js';
import { CONSENT_CSS } from './styles.js';
import { type ConsentTexts, DEFAULT_CONSENT_TEXTS } from './texts.js';

/** Options of {@link renderConsentScreen}. */
export interface ConsentScreenOptions {
  /** Where the consent is recorded: `SDK.consent` (or any object with `record`). */
  readonly consent: Pick<Consent, 'record'>;
  /** The operator's Terms of Use (opens in a new tab, so the ticks are not lost). */
  readonly termsUrl: string;
  /** The operator's Privacy Policy (opens in a new tab). */
  readonly privacyUrl: string;
  /** Texts to replace (e.g. translations); the rest stay English defaults. */
  readonly texts?: Partial<ConsentTexts>;
  /** Version of the texts, stored in the record. */
  readonly policyVersion?: string;
  /** Called once the user accepted both. */
  readonly onAccept?: (record: ConsentRecord) => void;
  /**
   * What the screen does once the user accepted: `'confirm'` (default) keeps the card and its
   * heading and replaces the form with `texts.accepted` (a status message that takes the focus);
   * `'close'` removes the screen (move the focus yourself in `onAccept`).
   */
  readonly afterAccept?: 'confirm' | 'close';
  /**
   * Where linking cannot work (see `checkLinkingSupport`: phones, browsers other than Chrome and
   * Edge): `'explain'` (default) shows `texts.unsupported` and asks for nothing; `'ask'` still
   * asks, says where linking works, and records the consent (keep it for that device yourself).
   */
  readonly unsupported?: 'explain' | 'ask';
  /** Whether linking can work here; default `checkLinkingSupport()` of this browser. */
  readonly support?: LinkingSupport;
  /**
   * Language of the texts (a BCP 47 tag such as `'de'`), set as the screen's `lang`, so screen
   * readers speak translated texts in their language on a page in another one. Default: the page's.
   */
  readonly lang?: string;
  /** Direction of the texts (`'rtl'` for Arabic or Hebrew on a left-to-right page). Default: the page's. */
  readonly dir?: 'ltr' | 'rtl' | 'auto';
  /** Level of the screen's heading in the page's outline, 1 to 6. Default 2 (under the page's `h1`). */
  readonly headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
}

/** A rendered consent screen. */
export interface ConsentScreen {
  /** The host element (carries the shadow root); also fires a `viewlink-consent` event on accept. */
  readonly element: HTMLElement;
  /**
   * Resolves with the record when the user accepts. Stays pending while the screen explains that
   * linking cannot work here (`state` is `'unsupported'`).
   */
  readonly accepted: Promise<ConsentRecord>;
  /** What the screen shows now. */
  readonly state: 'asking' | 'accepted' | 'unsupported';
  /** Removes the screen (e.g. once an account is linked and the confirmation has served). */
  destroy(): void;
}

let counter = 0;

// What each option takes, checked before drawing (a list of values, or a `typeof`).
const OPTION_TYPES: Record<keyof ConsentScreenOptions, ScreenOptionTypes[string]> = {
  consent: 'object',
  termsUrl: 'string',
  privacyUrl: 'string',
  texts: 'object',
  policyVersion: 'string',
  onAccept: 'function',
  afterAccept: ['confirm', 'close'],
  unsupported: ['explain', 'ask'],
  support: 'object',
  lang: 'string',
  dir: ['ltr', 'rtl', 'auto'],
  headingLevel: [1, 2, 3, 4, 5, 6],
};

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children); // strings become text nodes: app texts are never parsed as HTML
  return node;
}

/**
 * Renders the consent screen into `container` and records the consent when the user accepts.
 * @throws {ConfigurationError} before drawing anything, for an option it cannot use (an unknown
 * option or text name, a missing `termsUrl`, a `headingLevel` of 7...).
 */
export function renderConsentScreen(container: HTMLElement, options: ConsentScreenOptions): ConsentScreen {
  checkScreenOptions(container, options, OPTION_TYPES);
  const t = { ...DEFAULT_CONSENT_TEXTS, ...options.texts };
  const supported = (options.support ?? checkLinkingSupport()).supported;
  const id = `viewlink-consent-${++counter}`;
  const host = el('div', {
    class: 'viewlink-consent',
    ...(options.lang && { lang: options.lang }),
    ...(options.dir && { dir: options.dir }),
  });
  const root = host.attachShadow({ mode: 'open' });
  const title = el(`h${options.headingLevel ?? 2}`, { id: `${id}-title`, class: 'title', part: 'title' }, t.title);
  // Filled on accept; present from the start so screen readers treat it as a live region.
  const status = el('p', { class: 'status', part: 'accepted', role: 'status', id: `${id}-status` });
  const card = el('div', { class: 'card', part: 'card' }, title);
  root.append(el('style', {}, CONSENT_CSS), card);
  let state: ConsentScreen['state'] = 'asking';
  let resolve!: (record: ConsentRecord) => void;
  const accepted = new Promise<ConsentRecord>((r) => {
    resolve = r;
  });
  const screen: ConsentScreen = {
    element: host,
    accepted,
    get state() {
      return state;
    },
    destroy: () => host.remove(),
  };
  container.append(host);

  if (!supported && options.unsupported !== 'ask') {
    state = 'unsupported';
    card.append(el('p', { class: 'notice', part: 'notice' }, t.unsupported));
    return screen;
  }

  const box = (name: string, label: Array<Node | string>) => {
    const input = el('input', {
      type: 'checkbox',
      id: `${id}-${name}`,
      name,
      part: 'checkbox',
      'aria-invalid': 'false',
    });
    const field = el(
      'div',
      { class: 'field', part: 'field' },
      input,
      el('label', { for: input.id, part: 'label' }, ...label),
    );
    return { input, field };
  };
  // The new-tab cue: an arrow drawn by CSS (silent to screen readers) and `newTab` as description.
  const link = (href: string, text: string) =>
    el(
      'a',
      { href, target: '_blank', rel: 'noopener noreferrer', part: 'link', 'aria-describedby': `${id}-new-tab` },
      text,
    );
  const video = box('video_privacy', [t.videoPrivacy]);
  const terms = box('terms_and_privacy', [
    t.termsPrefix,
    link(options.termsUrl, t.termsLink),
    t.termsJoin,
    link(options.privacyUrl, t.privacyLink),
  ]);
  const error = el('p', { class: 'error', part: 'error', role: 'alert', id: `${id}-error` });
  const form = el(
    'form',
    { part: 'form', novalidate: '', 'aria-labelledby': title.id, 'aria-describedby': `${id}-intro` },
    el('p', { id: `${id}-intro`, part: 'intro' }, t.intro),
    ...(supported ? [] : [el('p', { class: 'notice', part: 'notice' }, t.unsupportedAsk)]),
    video.field,
    terms.field,
    error,
    el('button', { type: 'submit', part: 'button' }, t.submit),
    el('span', { id: `${id}-new-tab`, hidden: '' }, t.newTab),
  );
  card.append(form, status);

  // After a refused submit, every tick or untick updates the marks and the message at once.
  let checking = false;
  const check = () => {
    // aria-describedby too: the focus lands on the box as the alert fires, and screen readers
    // without aria-errormessage (VoiceOver) would otherwise say "invalid" without the reason.
    for (const b of [video, terms]) {
      b.input.setAttribute('aria-invalid', String(!b.input.checked));
      for (const name of ['aria-errormessage', 'aria-describedby'])
        if (b.input.checked) b.input.removeAttribute(name);
        else b.input.setAttribute(name, error.id);
    }
    const v = video.input.checked;
    const p = terms.input.checked;
    error.textContent = v && p ? '' : !v && !p ? t.missingBoth : v ? t.missingTerms : t.missingVideoPrivacy;
    return [video, terms].filter((b) => !b.input.checked);
  };
  form.addEventListener('change', () => {
    if (checking) check();
  });
  // Enter on a checkbox would submit the form (implicit submission); Space ticks, Enter on the button submits.
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    checking = true;
    const unticked = check();
    if (unticked.length) {
      unticked[0]?.input.focus();
      return;
    }
    const record = options.consent.record({
      videoPrivacy: true,
      termsAndPrivacy: true,
      ...(options.policyVersion === undefined ? {} : { policyVersion: options.policyVersion }),
    });
    state = 'accepted';
    host.dispatchEvent(new CustomEvent('viewlink-consent', { detail: record, bubbles: true, composed: true }));
    if (options.afterAccept === 'close') host.remove();
    else {
      // The card stays (heading, width, background); focus moves to the message, which shows it.
      form.remove();
      status.textContent = supported ? t.accepted : t.acceptedUnsupported;
      status.tabIndex = -1;
      status.focus();
    }
    options.onAccept?.(record);
    resolve(record);
  });
  return screen;
}
