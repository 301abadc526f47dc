/**
 * The browser side of the React tests: React Testing Library renders the test app (./app.tsx) in
 * Strict Mode, or hydrates the server's HTML; Playwright clicks (real user gestures) and reads.
 * Tokens come from the fixture's `POST /api/session`, counted in `window.reactHarness.tokenCalls`.
 */
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { TokenRequest } from '@viewlink/react';
import { createSdk, type Sdk, type TokenPair } from '@viewlink/web';
import { StrictMode, version } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { App, type AppProps } from './app.js';

/** What a test asks for. */
export interface MountOptions
  extends Partial<Pick<AppProps, 'services' | 'reads' | 'handshakeTimeoutMs' | 'cooldownMs' | 'storedConsent'>> {
  readonly user: string;
  /** `fail`: getTokens throws (the backend is down). */
  readonly tokens?: 'ok' | 'fail';
  /** A new SDK instance instead of the page's one. */
  readonly freshSdk?: boolean;
  /** Refresh on mount with no gesture; reported to `/__test/report`. */
  readonly autoRefresh?: boolean;
}

declare global {
  interface Window {
    reactHarness: {
      /** The React version rendering (`React.version`). */
      reactVersion: string;
      tokenCalls: number;
      /** Who the stand-in backend signs in now (the mounted `user` until a test changes it). */
      user: string | undefined;
      /** While true, each getTokens() answer waits in `held` until released (a pair still on its way). */
      hold: boolean;
      held: Array<() => void>;
      /** The `reason` of each getTokens call. */
      tokenReasons: string[];
      stages: string[];
      recoverableErrors: string[];
      mount(options: MountOptions): void;
      hydrate(options: MountOptions): void;
      unmount(): void;
    };
  }
}

let sdk: Sdk = createSdk();
let hydrated: Root | undefined;
const harness: Window['reactHarness'] = {
  reactVersion: version,
  tokenCalls: 0,
  user: undefined,
  hold: false,
  held: [],
  tokenReasons: [],
  stages: [],
  recoverableErrors: [],
  mount(options) {
    render(<StrictMode>{app(options)}</StrictMode>);
  },
  hydrate(options) {
    const root = document.getElementById('root');
    if (!root) throw new Error('no #root to hydrate');
    hydrated = hydrateRoot(root, <StrictMode>{app(options)}</StrictMode>, {
      onRecoverableError: (error) => harness.recoverableErrors.push(String(error)),
    });
  },
  unmount() {
    cleanup();
    hydrated?.unmount();
    hydrated = undefined;
  },
};
window.reactHarness = harness;
// `?mount=<options as JSON>` mounts on load: no page.evaluate, whose calls count as user gestures.
const onLoad = new URLSearchParams(location.search).get('mount');
if (onLoad) harness.mount(JSON.parse(onLoad));

function app(options: MountOptions) {
  if (options.freshSdk) sdk = createSdk();
  harness.user = options.user;
  const getTokens = async ({ reason }: TokenRequest): Promise<TokenPair> => {
    harness.tokenCalls += 1;
    harness.tokenReasons.push(reason);
    if (options.tokens === 'fail') throw new Error('backend down');
    const response = await fetch('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: harness.user }),
    });
    const { tokens } = await response.json();
    if (harness.hold) await new Promise<void>((release) => harness.held.push(release));
    return tokens;
  };
  const report = (outcome: string) => void fetch('/__test/report', { method: 'POST', body: outcome });
  return (
    <App
      sdk={sdk}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      baseUrl={location.origin}
      getTokens={getTokens}
      onStage={(stage) => harness.stages.push(stage)}
      {...(options.autoRefresh ? { onAutoRefresh: report } : {})}
      {...(options.services ? { services: options.services } : {})}
      {...(options.reads ? { reads: options.reads } : {})}
      {...(options.handshakeTimeoutMs ? { handshakeTimeoutMs: options.handshakeTimeoutMs } : {})}
      {...(options.cooldownMs ? { cooldownMs: options.cooldownMs } : {})}
      {...(options.storedConsent ? { storedConsent: true } : {})}
    />
  );
}
