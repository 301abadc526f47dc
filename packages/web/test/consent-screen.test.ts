// @vitest-environment happy-dom
import { ConfigurationError, checkLinkingSupport, createSdk } from '@viewlink/web';
import { type ConsentScreenOptions, renderConsentScreen } from '@viewlink/web/consent';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.body.innerHTML = '';
});

const DESKTOP_CHROME = { supported: true, browser: 'Google Chrome' } as const;

function render(texts = {}, afterAccept?: 'confirm' | 'close', extra: Partial<ConsentScreenOptions> = {}) {
  const sdk = createSdk();
  const onAccept = vi.fn();
  const screen = renderConsentScreen(document.body, {
    consent: sdk.consent,
    termsUrl: 'https://operator.example/terms',
    privacyUrl: 'https://operator.example/privacy',
    policyVersion: 'v3',
    texts,
    onAccept,
    support: DESKTOP_CHROME, // happy-dom's User-Agent is no browser linking works in
    ...(afterAccept && { afterAccept }),
    ...extra,
  });
  const root = screen.element.shadowRoot as ShadowRoot;
  const q = <T extends Element>(selector: string) => root.querySelector(selector) as T;
  return { sdk, screen, root, q, onAccept };
}

describe('consent screen', () => {
  it('renders two labelled checkboxes, the policy links and a submit button', () => {
    const { root, q } = render();
    const boxes = [...root.querySelectorAll('input[type=checkbox]')] as HTMLInputElement[];
    expect(boxes).toHaveLength(2);
    for (const box of boxes) {
      const label = root.querySelector(`label[for="${box.id}"]`);
      expect(label?.textContent?.length).toBeGreaterThan(10);
      expect(box.getAttribute('part')).toBe('checkbox');
    }
    const links = [...root.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
      a.getAttribute('rel'),
    ]);
    expect(links).toEqual([
      ['Terms of Use', 'https://operator.example/terms', 'noopener noreferrer'],
      ['Privacy Policy', 'https://operator.example/privacy', 'noopener noreferrer'],
    ]);
    const form = q<HTMLFormElement>('form');
    expect(root.getElementById(form.getAttribute('aria-labelledby') ?? '')?.textContent).toMatch(/Connect/);
    expect(q('[role=alert]')).not.toBeNull();
    expect(q<HTMLButtonElement>('button').type).toBe('submit');
  });
  it('refuses to record with a box unticked: announces it, marks it invalid and focuses it', () => {
    const { sdk, root, q, onAccept } = render();
    const [video, terms] = [...root.querySelectorAll('input')] as HTMLInputElement[];
    (video as HTMLInputElement).checked = true;
    q<HTMLButtonElement>('button').click();
    expect(sdk.consent.get()).toBeUndefined();
    expect(onAccept).not.toHaveBeenCalled();
    expect(terms?.getAttribute('aria-invalid')).toBe('true');
    expect(video?.getAttribute('aria-invalid')).toBe('false');
    expect(q('[role=alert]').textContent).toBe('Please accept the Terms of Use and the Privacy Policy to continue.');
    expect(root.activeElement).toBe(terms);
  });
  it('keeps the error in step with the boxes: ticking clears it, unticking brings it back', () => {
    const { root, q } = render();
    const [video, terms] = [...root.querySelectorAll('input')] as HTMLInputElement[];
    const alert = q('[role=alert]');
    (video as HTMLInputElement).click(); // ticked before any submit: no error yet
    expect(alert.textContent).toBe('');
    (video as HTMLInputElement).click();
    q<HTMLButtonElement>('button').click();
    expect(alert.textContent).toBe('Please tick both boxes to continue.');
    (terms as HTMLInputElement).click();
    expect(alert.textContent).toBe('Please tick the box about your viewing history to continue.');
    expect(terms?.getAttribute('aria-invalid')).toBe('false');
    expect(terms?.hasAttribute('aria-errormessage')).toBe(false);
    expect(video?.getAttribute('aria-invalid')).toBe('true');
    (video as HTMLInputElement).click();
    expect(alert.textContent).toBe('');
    expect(video?.getAttribute('aria-invalid')).toBe('false');
    (terms as HTMLInputElement).click();
    expect(alert.textContent).toBe('Please accept the Terms of Use and the Privacy Policy to continue.');
    expect(terms?.getAttribute('aria-errormessage')).toBe(alert.id);
  });
  it('the policy links say they open a new tab, without changing the checkbox label', () => {
    const { root } = render();
    for (const a of root.querySelectorAll('a')) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(root.getElementById(a.getAttribute('aria-describedby') ?? '')?.textContent).toBe('(opens in a new tab)');
    }
    const terms = root.querySelectorAll('label')[1];
    expect(terms?.textContent).toBe('I accept the Terms of Use and the Privacy Policy');
  });
  it('records the consent when both are ticked, with the policy version', async () => {
    const { sdk, screen, root, q, onAccept } = render();
    const events: unknown[] = [];
    document.body.addEventListener('viewlink-consent', (e) => events.push((e as CustomEvent).detail));
    for (const box of root.querySelectorAll('input')) (box as HTMLInputElement).checked = true;
    q<HTMLButtonElement>('button').click();
    const record = await screen.accepted;
    expect(record).toMatchObject({ video_privacy: true, terms_and_privacy: true, policy_version: 'v3' });
    expect(sdk.consent.get()).toEqual(record);
    expect(onAccept).toHaveBeenCalledWith(record);
    expect(events).toEqual([record]);
  });
  it('accepts where the storage refuses to keep the consent (Continue is not a dead button)', async () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const { root, q, screen, onAccept } = render({}, undefined, {
      consent: createSdk({ consentStorage: full }).consent,
    });
    for (const box of root.querySelectorAll('input')) (box as HTMLInputElement).checked = true;
    q<HTMLButtonElement>('button').click();
    expect(screen.state).toBe('accepted');
    expect(onAccept).toHaveBeenCalledOnce();
    await expect(screen.accepted).resolves.toMatchObject({ video_privacy: true, terms_and_privacy: true });
  });
  it('after accepting, keeps the card and heading, says what happens next, and takes the focus', () => {
    const { root, q, screen } = render({ accepted: 'Done. Pick your service below.' });
    for (const box of root.querySelectorAll('input')) (box as HTMLInputElement).checked = true;
    q<HTMLButtonElement>('button').click();
    expect(screen.state).toBe('accepted');
    expect(root.querySelector('form')).toBeNull();
    expect(q('[part=card] h2')?.textContent).toBe('Connect your streaming account');
    expect(root.querySelectorAll('input, button')).toHaveLength(0);
    const status = q<HTMLElement>('[role=status]');
    expect(status.textContent).toBe('Done. Pick your service below.');
    expect(status.getAttribute('part')).toBe('accepted');
    expect(root.activeElement).toBe(status);
  });
  it("afterAccept: 'close' removes the screen once accepted (the event still reaches the page)", async () => {
    const { screen, root, q } = render({}, 'close');
    const events: unknown[] = [];
    document.body.addEventListener('viewlink-consent', (e) => events.push((e as CustomEvent).detail));
    for (const box of root.querySelectorAll('input')) (box as HTMLInputElement).checked = true;
    q<HTMLButtonElement>('button').click();
    expect(await screen.accepted).toBeDefined();
    expect(screen.element.isConnected).toBe(false);
    expect(document.body.children).toHaveLength(0);
    expect(events).toHaveLength(1);
  });
  it('stays as it is while a box is unticked (nothing closes early)', () => {
    const { screen, q } = render({}, 'close');
    q<HTMLButtonElement>('button').click();
    expect(screen.element.isConnected).toBe(true);
    expect(q('form')).not.toBeNull();
  });
  it('uses the app texts as text, never as HTML', () => {
    const { root } = render({ title: '<img src=x onerror=alert(1)>Consent' });
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('h2')?.textContent).toBe('<img src=x onerror=alert(1)>Consent');
  });
  it("where linking cannot work, says so and asks for nothing (unsupported: 'explain', the default)", () => {
    const support = checkLinkingSupport({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile' });
    const { root, screen, sdk } = render({}, undefined, { support });
    expect(support.supported).toBe(false);
    expect(screen.state).toBe('unsupported');
    expect(root.querySelectorAll('input, button, form')).toHaveLength(0);
    expect(root.querySelector('h2')?.textContent).toBe('Connect your streaming account');
    expect(root.querySelector('[part=notice]')?.textContent).toMatch(
      /^Linking a streaming account works in Chrome or Edge on a computer/,
    );
    expect(sdk.consent.get()).toBeUndefined();
  });
  it("unsupported: 'ask' asks anyway, says where linking works, and confirms saying so", async () => {
    const support = checkLinkingSupport({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile' });
    const { root, screen, q } = render({}, undefined, { support, unsupported: 'ask' });
    expect(screen.state).toBe('asking');
    expect(q('[part=notice]').textContent).toMatch(/You can give your consent here and link an account there later/);
    for (const box of root.querySelectorAll('input')) (box as HTMLInputElement).checked = true;
    q<HTMLButtonElement>('button').click();
    expect(await screen.accepted).toMatchObject({ video_privacy: true });
    expect(q('[role=status]').textContent).toMatch(/open this page in Chrome or Edge on a computer/);
  });
  it('destroy removes it', () => {
    const { screen } = render();
    screen.destroy();
    expect(document.body.children).toHaveLength(0);
  });
});

describe('consent screen options', () => {
  const base = () => ({
    consent: createSdk().consent,
    termsUrl: 'https://operator.example/terms',
    privacyUrl: 'https://operator.example/privacy',
  });
  /** The message of what `renderConsentScreen` throws for `options`, after checking nothing was drawn. */
  function refusal(options: unknown, container: unknown = document.body): string {
    let message = '';
    try {
      renderConsentScreen(container as HTMLElement, options as ConsentScreenOptions);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      message = (error as Error).message;
    }
    expect(document.body.children).toHaveLength(0);
    return message;
  }

  it('refuses what it cannot use before drawing anything, naming the option', () => {
    expect(refusal({ ...base(), afterAcept: 'close' })).toBe(
      'renderConsentScreen(): afterAcept is an unknown option (known: consent, termsUrl, privacyUrl, texts, policyVersion, onAccept, afterAccept, unsupported, support, lang, dir, headingLevel)',
    );
    expect(refusal({ ...base(), termsUrl: undefined })).toBe('renderConsentScreen(): option termsUrl is required');
    expect(refusal({ ...base(), privacyUrl: '' })).toBe(
      'renderConsentScreen(): option privacyUrl must be a non-empty string (got an empty string)',
    );
    expect(refusal({ ...base(), headingLevel: 7 })).toBe(
      'renderConsentScreen(): option headingLevel must be one of 1, 2, 3, 4, 5, 6 (got 7)',
    );
    expect(refusal({ ...base(), afterAccept: 'closed' })).toBe(
      'renderConsentScreen(): option afterAccept must be one of "confirm", "close" (got string)',
    );
    expect(refusal({ ...base(), consent: {} })).toBe(
      'renderConsentScreen(): option consent must have a record() method (pass SDK.consent)',
    );
    expect(refusal({ ...base(), texts: { titel: 'Konto verbinden' } })).toMatch(
      /^renderConsentScreen\(\): texts\.titel is not a text of the screen \(known: title, intro, /,
    );
    expect(refusal({ ...base(), texts: { title: 42 } })).toBe(
      'renderConsentScreen(): texts.title must be a string (got number)',
    );
    expect(refusal(undefined)).toBe(
      'renderConsentScreen(): options must be an object { consent, termsUrl, privacyUrl } (got undefined)',
    );
    expect(refusal(base(), '#consent')).toBe(
      'renderConsentScreen(): the container must be an element of the page (got string)',
    );
  });

  it('lang and dir go on the screen; headingLevel sets the heading level, styled the same', () => {
    const screen = renderConsentScreen(document.body, {
      ...base(),
      support: DESKTOP_CHROME,
      texts: { title: 'חיבור חשבון סטרימינג' },
      lang: 'he',
      dir: 'rtl',
      headingLevel: 3,
    });
    expect(screen.element.getAttribute('lang')).toBe('he');
    expect(screen.element.getAttribute('dir')).toBe('rtl');
    const root = screen.element.shadowRoot as ShadowRoot;
    const heading = root.querySelector('h3');
    expect(heading?.textContent).toBe('חיבור חשבון סטרימינג');
    expect(heading?.getAttribute('part')).toBe('title');
    expect(root.querySelector('h2')).toBeNull();
    // The form is still named by the heading.
    expect(root.querySelector('form')?.getAttribute('aria-labelledby')).toBe(heading?.id);
  });

  it('without lang, dir or headingLevel: the page decides, and the heading is an h2', () => {
    const screen = renderConsentScreen(document.body, { ...base(), support: DESKTOP_CHROME });
    expect(screen.element.hasAttribute('lang')).toBe(false);
    expect(screen.element.hasAttribute('dir')).toBe(false);
    expect(screen.element.shadowRoot?.querySelector('h2')).not.toBeNull();
  });
});
