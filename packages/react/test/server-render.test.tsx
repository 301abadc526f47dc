/**
 * `@viewlink/react` on the server (issue 20): importing it reads no `window`, react-dom/server
 * renders every hook without fetching a token or touching the browser, a query suspended on
 * refuses to read (no pair fetched for a server shared by users), and a hook outside the
 * provider says what is missing. Hydration of this HTML in Chromium: test/browser/react.browser.test.ts.
 */
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

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
const { renderToString } = await import('react-dom/server');
const { QueryClient, QueryClientProvider, useSuspenseQuery } = await import('@tanstack/react-query');
const { viewlinkKeys, watchlistQuery } = await import('@viewlink/react/query');
const { App } = await import('./browser/page/app.js');

/** A component using a hook with no provider above it. */
function Orphan() {
  react.useConnect('streamflix');
  return null;
}

/** A component suspending on the watchlist (useSuspenseQuery): the query runs in the render. */
function WatchlistCount() {
  const { data } = useSuspenseQuery(watchlistQuery(react.useViewlink()));
  return <p>{data.categories.length}</p>;
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
  it('a query suspended on in a server render asks no pair: the read refuses, the SDK stays uninitialized', async () => {
    // On a server the SDK instance is one per process: a pair fetched for one user's render
    // would have served every later user's (their watchlist in another user's HTML).
    let tokenCalls = 0;
    const sdk = createSdk();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderToString(
      <QueryClientProvider client={queryClient}>
        <react.ViewlinkProvider
          sdk={sdk}
          sdkKey="vl_sdk_server"
          getTokens={async () => {
            tokenCalls += 1;
            return { access_token: 'vl_at_server', refresh_token: 'vl_rt_server', expires_in: 3600 };
          }}
          options={{ baseUrl: 'https://api.example.test', fetch: async () => Response.json({ categories: [] }) }}
        >
          <Suspense fallback="loading">
            <WatchlistCount />
          </Suspense>
        </react.ViewlinkProvider>
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(queryClient.getQueryState(viewlinkKeys.watchlist)?.status).toBe('error'));
    expect(tokenCalls).toBe(0);
    expect(sdk.initialized).toBe(false);
    const error = queryClient.getQueryState(viewlinkKeys.watchlist)?.error;
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error?.message).toMatch(/not in a server render .*@viewlink\/partner/);
  });
  it('a hook without <ViewlinkProvider> throws a ConfigurationError naming it', () => {
    expect(() => renderToString(<Orphan />)).toThrow(ConfigurationError);
    expect(() => renderToString(<Orphan />)).toThrow(/<ViewlinkProvider>/);
  });
});
