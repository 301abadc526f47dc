/** `<ViewlinkProvider>`: hands the hooks below it a Viewlink client. It fetches nothing on mount. */
import { ConfigurationError, SDK, type Sdk, type SdkOptions, type TokenPair } from '@viewlink/web';
import { createContext, Fragment, type ReactNode, useContext, useEffect, useState } from 'react';
import { clientFor, type QueryInvalidator, type TokenRequest, type ViewlinkClient } from './client.js';

/** Props of {@link ViewlinkProvider}. */
export interface ViewlinkProviderProps {
  /** The SDK Key from the partner portal (never the API Key). */
  readonly sdkKey: string;
  /**
   * Asks your backend for the signed-in user's token pair. Called when a pair is first needed (the
   * first read, connect or refresh; `reason: 'initial'`), and again whenever it needs renewal
   * (`expiring`, `expired`, `unauthorized`): never on mount, never during a server render.
   */
  readonly getTokens: (request: TokenRequest) => Promise<TokenPair> | TokenPair;
  /** Options of `SDK.initialize`: `baseUrl` (required), timeouts, `consentStorage`, `extensionId`, ... */
  readonly options?: SdkOptions;
  /** The SDK instance to use; the default `SDK` when omitted (`createSdk()` for a separate one). */
  readonly sdk?: Sdk;
  /** A TanStack Query `QueryClient`: a finished connect or refresh invalidates the reads it changed. */
  readonly queryClient?: QueryInvalidator;
  /** Your app. */
  readonly children?: ReactNode;
}

const ViewlinkContext = createContext<ViewlinkClient | undefined>(undefined);

/**
 * Provides the Viewlink hooks. One client per SDK instance, kept across remounts and Strict Mode's
 * double render: the SDK is initialized once, when a pair is first needed. `useViewlink().signOut()`
 * remounts its children, so nothing below keeps the state of the user who left.
 * @example
 * ```tsx
 * <ViewlinkProvider sdkKey={sdkKey} getTokens={getTokens} options={{ baseUrl: 'https://api.viewlink.example' }}>
 *   <App />
 * </ViewlinkProvider>
 * ```
 */
export function ViewlinkProvider({ sdk = SDK, children, ...settings }: ViewlinkProviderProps): ReactNode {
  const client = clientFor(sdk);
  // The latest props, read only when the client needs a pair (never during render).
  client.configure(settings);
  // signOut() remounts everything below: no hook keeps state of the user who left, and what it
  // still awaits for them lands in an unmounted component.
  const [user, setUser] = useState(0);
  useEffect(() => client.subscribe((change) => change === 'user' && setUser((n) => n + 1)), [client]);
  return (
    <ViewlinkContext.Provider value={client}>
      <Fragment key={user}>{children}</Fragment>
    </ViewlinkContext.Provider>
  );
}

/** The Viewlink client of the nearest `<ViewlinkProvider>`: its `sdk`, and `ready()` for the initialized SDK. */
export function useViewlink(): ViewlinkClient {
  const client = useContext(ViewlinkContext);
  if (!client) throw new ConfigurationError('The Viewlink hooks need a <ViewlinkProvider> above them');
  return client;
}
