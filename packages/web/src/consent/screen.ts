/**
 * The consent screen: plain DOM in an open shadow root, two native checkboxes with real labels,
 * errors announced by `role="alert"`, focus moved to the first box left unticked.
 */
import type { Consent, ConsentRecord } from '../core/consent.js';
import { CONSENT_CSS } from './styles.js';
import { type ConsentTexts, DEFAULT_CONSENT_TEXTS } from './texts.js';

/** Options of {@link renderConsentScreen}. */
export interface ConsentScreenOptions {
  /** Where the consent is recorded: `SDK.consent` (or any object with `record`). */
  readonly consent: Pick<Consent, 'record'>;
  /** The operator's Terms of Use. */
  readonly termsUrl: string;
  /** The operator's Privacy Policy. */
  readonly privacyUrl: string;
  /** Texts to replace (e.g. translations); the rest stay English defaults. */
  readonly texts?: Partial<ConsentTexts>;
  /** Version of the texts, stored in the record. */
  readonly policyVersion?: string;
  /** Called once the user accepted both. */
  readonly onAccept?: (record: ConsentRecord) => void;
  /**
   * What the screen does once the user accepted: `'confirm'` (default) replaces the form with
   * `texts.accepted`, a status message saying what comes next; `'close'` removes the screen.
   * Either way nothing is left to tick or submit, and the page need not hide it.
   */
  readonly afterAccept?: 'confirm' | 'close';
}

/** A rendered consent screen. */
export interface ConsentScreen {
  /** The host element (carries the shadow root); also fires a `viewlink-consent` event on accept. */
  readonly element: HTMLElement;
  /** Resolves with the record when the user accepts. */
  readonly accepted: Promise<ConsentRecord>;
  /** Removes the screen. */
  destroy(): void;
}

let counter = 0;

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

/** Renders the consent screen into `container` and records the consent when the user accepts. */
export function renderConsentScreen(container: HTMLElement, options: ConsentScreenOptions): ConsentScreen {
  const t = { ...DEFAULT_CONSENT_TEXTS, ...options.texts };
  const id = `viewlink-consent-${++counter}`;
  const host = el('div', { class: 'viewlink-consent' });
  const root = host.attachShadow({ mode: 'open' });
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
  const link = (href: string, text: string) =>
    el('a', { href, target: '_blank', rel: 'noopener noreferrer', part: 'link' }, text);
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
    { part: 'form', novalidate: '', 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-intro` },
    el('h2', { id: `${id}-title`, part: 'title' }, t.title),
    el('p', { id: `${id}-intro`, part: 'intro' }, t.intro),
    video.field,
    terms.field,
    error,
    el('button', { type: 'submit', part: 'button' }, t.submit),
  );
  root.append(el('style', {}, CONSENT_CSS), form);

  let resolve!: (record: ConsentRecord) => void;
  const accepted = new Promise<ConsentRecord>((r) => {
    resolve = r;
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const unticked = [video, terms].filter((b) => !b.input.checked);
    for (const b of [video, terms]) {
      b.input.setAttribute('aria-invalid', String(!b.input.checked));
      if (b.input.checked) b.input.removeAttribute('aria-errormessage');
      else b.input.setAttribute('aria-errormessage', error.id);
    }
    if (unticked.length) {
      const names = unticked.map((b) =>
        b === video ? t.videoPrivacy.split(/[.,]/)[0] : `${t.termsLink} / ${t.privacyLink}`,
      );
      error.textContent = t.missing.replace('{missing}', names.join('; '));
      unticked[0]?.input.focus();
      return;
    }
    error.textContent = '';
    const record = options.consent.record({
      videoPrivacy: true,
      termsAndPrivacy: true,
      ...(options.policyVersion === undefined ? {} : { policyVersion: options.policyVersion }),
    });
    host.dispatchEvent(new CustomEvent('viewlink-consent', { detail: record, bubbles: true, composed: true }));
    if (options.afterAccept === 'close') host.remove();
    else {
      // Focus moves to the message (the button it had is gone); role="status" announces it too.
      const done = el('p', { class: 'accepted', part: 'accepted', role: 'status', tabindex: '-1' }, t.accepted);
      form.replaceWith(done);
      done.focus();
    }
    options.onAccept?.(record);
    resolve(record);
  });
  container.append(host);
  return { element: host, accepted, destroy: () => host.remove() };
}
