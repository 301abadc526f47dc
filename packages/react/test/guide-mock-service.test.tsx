// @vitest-environment happy-dom
// docs/getting-started/react.md, "Tests": a partner's component under the provider, in happy-dom,
// against the mock service through msw, with getTokens() taking its pairs from issueTokenPair();
// an expired access token goes back to getTokens() for a new pair.

import { act, cleanup, render, screen } from '@testing-library/react';
import { createMockService, toMswHandlers } from '@viewlink/mock';
import { useLinkedAccounts, ViewlinkProvider } from '@viewlink/react';
import { createSdk } from '@viewlink/web';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';

const BASE_URL = 'http://127.0.0.1:4010';
const service = createMockService();
const server = setupServer(...toMswHandlers(BASE_URL, service));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(async () => {
  cleanup();
  await service.reset();
});
afterAll(() => server.close());

function Accounts() {
  const { accounts, broken, reload } = useLinkedAccounts();
  return (
    <>
      <p>{accounts ? `${accounts.length} linked, ${broken.length} broken` : 'loading'}</p>
      <button type="button" onClick={() => void reload()}>
        reload
      </button>
    </>
  );
}

it('renders the demo user’s accounts from the fake, and renews through getTokens()', async () => {
  const sdk = createSdk();
  const reasons: string[] = [];
  render(
    <ViewlinkProvider
      sdk={sdk}
      sdkKey="vl_sdk_test_key"
      getTokens={({ reason }) => {
        reasons.push(reason);
        return service.partner.issueTokenPair('demo-user');
      }}
      options={{ baseUrl: BASE_URL }}
    >
      <Accounts />
    </ViewlinkProvider>,
  );
  expect(await screen.findByText('3 linked, 1 broken')).toBeTruthy();
  service.partner.tokens.expire('demo-user');
  await act(async () => screen.getByText('reload').click());
  await act(() => vi.waitFor(() => expect(service.partner.tokens.issued).toBe(2)));
  expect(reasons).toEqual(['initial', expect.not.stringMatching(/^initial$/)]);
  expect(screen.getByText('3 linked, 1 broken')).toBeTruthy();
  sdk.dispose();
});
