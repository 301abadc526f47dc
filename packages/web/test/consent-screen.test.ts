// @vitest-environment happy-dom
import { createSdk } from '@viewlink/web';
import { renderConsentScreen } from '@viewlink/web/consent';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.body.innerHTML = '';
});

function render(texts = {}, afterAccept?: 'confirm' | 'close') {
  const sdk = createSdk();
  const onAccept = vi.fn();
  const screen = renderConsentScreen(document.body, {
    consent: sdk.consent,
    termsUrl: 'https://operator.example/terms',
    privacyUrl: 'https://operator.example/privacy',
    policyVersion: 'v3',
    texts,
    onAccept,
    ...(afterAccept && { afterAccept }),
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
    expect(q('[role=alert]').textContent).toMatch(/tick both boxes.*Terms of Use/);
    expect(root.activeElement).toBe(terms);
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
  it('after accepting, says what happens next instead of staying active, and takes the focus', () => {
    const { root, q } = render({ accepted: 'Done. Pick your service below.' });
    for (const box of root.querySelectorAll('input')) (box as HTMLInputElement).checked = true;
    q<HTMLButtonElement>('button').click();
    expect(root.querySelector('form')).toBeNull();
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
  it('destroy removes it', () => {
    const { screen } = render();
    screen.destroy();
    expect(document.body.children).toHaveLength(0);
  });
});
