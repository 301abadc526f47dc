// @vitest-environment happy-dom
// The React guide's LinkPage (examples/docs/react/link-page.tsx) as a user meets it: consent is
// asked with the spec's two checkboxes on one screen (not one button that ticks both), and once
// both are ticked and submitted the page shows the Connect button.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ViewlinkProvider } from '@viewlink/react';
import { createSdk } from '@viewlink/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkPage } from '../../../examples/docs/react/link-page.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The consent screen's shadow root (open, as the screen renders it). */
const consentRoot = () => document.querySelector('.viewlink-consent')?.shadowRoot;

/** The guide's LinkPage under its providers, on `sdk`. */
function renderLinkPage(sdk: ReturnType<typeof createSdk>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ViewlinkProvider
        sdk={sdk}
        sdkKey="vl_sdk_guide"
        getTokens={() => ({ access_token: 'vl_at_guide', refresh_token: 'vl_rt_guide', expires_in: 3600 })}
        options={{ baseUrl: 'https://api.example.test' }}
      >
        <LinkPage />
      </ViewlinkProvider>
    </QueryClientProvider>,
  );
}

describe('docs/getting-started/react.md: LinkPage', () => {
  it('asks consent with two checkboxes, and shows Connect once both are ticked', async () => {
    vi.stubGlobal('navigator', { userAgent: CHROME, userActivation: { isActive: false } });
    // The reads the page starts answer nothing useful here; consent and Connect need no network.
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
    const sdk = createSdk();
    renderLinkPage(sdk);
    await vi.waitFor(() => expect(consentRoot()).toBeTruthy());
    const boxes = [...(consentRoot()?.querySelectorAll<HTMLInputElement>('input[type=checkbox]') ?? [])];
    expect(boxes.map((box) => box.name)).toEqual(['video_privacy', 'terms_and_privacy']);
    // Nothing outside the screen records consent: no button on the page but the screen's own.
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(sdk.consent.get()).toBeUndefined();

    await act(async () => {
      for (const box of boxes) box.click();
      consentRoot()?.querySelector('form')?.requestSubmit();
    });
    expect(sdk.consent.get()).toMatchObject({ video_privacy: true, terms_and_privacy: true });
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Link streamflix' })).toBeTruthy());
    expect(consentRoot()).toBeFalsy();
    // Focus follows to the page that replaced the screen, not to <body>.
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('shows a returning user the page at once: the consent screen never renders', async () => {
    vi.stubGlobal('navigator', { userAgent: CHROME, userActivation: { isActive: false } });
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
    const sdk = createSdk();
    sdk.consent.record({ videoPrivacy: true, termsAndPrivacy: true });
    const screens: unknown[] = [];
    // Every node ever added, read from the records (the screen may be gone by the time they are read).
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && (node.matches('.viewlink-consent') || node.querySelector('.viewlink-consent')))
            screens.push(node);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderLinkPage(sdk);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Link streamflix' })).toBeTruthy());
    observer.disconnect();
    expect(screens).toEqual([]);
    // Nobody just accepted: focus stays where the page put it.
    expect(document.activeElement).not.toBe(screen.getByRole('main'));
  });
});
