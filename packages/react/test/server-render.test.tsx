/**
 * `@viewlink/react` on the server (issue 20): importing it reads no `window`, react-dom/server
 * renders every hook without fetching a token or touching the browser, and a hook outside the
 * provider says what is missing. Hydration of this HTML in Chromium: test/browser/react.browser.test.ts.
 */
import { describe, expect, it } from 'vitest';

// Watches every read of `window` by the workspace's code from here on (TanStack Query's own
// `typeof window` server check is its business); the bindings are imported only afterwards.
const touched: string[] = [];
Object.defineProperty(globalThis, 'window', {
  configurable: true,
  get() {
    const reader = (new Error('window read').stack ?? '').split('\n')[2] ?? '';
    if (!reader.includes('node_modules')) touched.push(reader);
    return undefined;
  },
});

const { ConfigurationError, createSdk } = await import('@viewlink/web');
const react = await import('@viewlink/react');
await import('@viewlink/react/query');
const { renderToString } = await import('react-dom/server');
const { QueryClient } = await import('@tanstack/react-query');
const { App } = await import('./browser/page/app.js');

/** A component using a hook with no provider above it. */
function Orphan() {
  react.useConnect('streamflix');
  return null;
}

describe('server render', () => {
  it('importing @viewlink/react and @viewlink/react/query reads no window', () => {
    expect(touched).toEqual([]);
  });
  it('renders every hook with react-dom/server: no getTokens call, no window, linking not ready', () => {
    let tokenCalls = 0;
    const html = renderToString(
      <App
        sdk={createSdk()}
        queryClient={new QueryClient()}
        baseUrl="https://api.example.test"
        getTokens={async () => {
          tokenCalls += 1;
          throw new Error('never on the server');
        }}
        services={['streamflix', 'tubely']}
        reads={['accounts', 'watchlist']}
      />,
    );
    expect(tokenCalls).toBe(0);
    expect(touched).toEqual([]);
    // Connect buttons render disabled until the browser says linking can run.
    expect(html).toMatch(/<button type="button" disabled="">Connect <!-- -->streamflix<\/button>/);
    expect(html).toContain('data-testid="accounts">loading<');
    expect(html).toContain('data-testid="watchlist">loading<');
    expect(html).toContain('data-testid="consent">not given<');
  });
  it('a hook without <ViewlinkProvider> throws a ConfigurationError naming it', () => {
    expect(() => renderToString(<Orphan />)).toThrow(ConfigurationError);
    expect(() => renderToString(<Orphan />)).toThrow(/<ViewlinkProvider>/);
  });
});
