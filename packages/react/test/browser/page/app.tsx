/**
 * The React test app, rendered by the browser tests (./main.tsx, in Chromium) and by the server-render
 * tests (react-dom/server in Node): every hook on one page, each state written out as text.
 */
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  type TokenRequest,
  useConnect,
  useConsent,
  useLinkedAccounts,
  useRefresh,
  useViewlink,
  ViewlinkProvider,
} from '@viewlink/react';
import { watchlistQuery } from '@viewlink/react/query';
import type { Sdk, TokenPair } from '@viewlink/web';
import { type ReactNode, useEffect, useState } from 'react';

/** What the app shows and how it gets its pair. */
export interface AppProps {
  readonly sdk: Sdk;
  readonly queryClient: QueryClient;
  readonly baseUrl: string;
  readonly getTokens: (request: TokenRequest) => Promise<TokenPair>;
  /** Services with a Connect button. */
  readonly services?: readonly string[];
  /** Panels that read (they need a token pair): `accounts`, `watchlist`. */
  readonly reads?: ReadonlyArray<'accounts' | 'watchlist'>;
  /** Options of the first initialize beyond baseUrl. */
  readonly handshakeTimeoutMs?: number;
  /** Refresh cooldown of the refresh panel. */
  readonly cooldownMs?: number;
  /** Keep the consent in `localStorage` (shared by the tabs of the profile) instead of memory. */
  readonly storedConsent?: boolean;
  /** Called with each progress stage a Connect panel sees. */
  readonly onStage?: (stage: string) => void;
  /** Refresh once on mount, without any user gesture; the outcome goes to `onAutoRefresh`. */
  readonly onAutoRefresh?: (outcome: string) => void;
}

const errorName = (error: Error | undefined) => error?.name ?? '';

function ConsentPanel(): ReactNode {
  const { accepted, accept, withdraw } = useConsent();
  const [error, setError] = useState<string>('');
  const tryAccept = (both: boolean) => {
    try {
      accept({ videoPrivacy: true, termsAndPrivacy: both });
      setError('');
    } catch (e) {
      setError((e as Error).name);
    }
  };
  return (
    <section aria-label="consent">
      <output data-testid="consent">{accepted ? 'accepted' : 'not given'}</output>
      <output data-testid="consent-error">{error}</output>
      <button type="button" onClick={() => tryAccept(true)}>
        Accept both
      </button>
      <button type="button" onClick={() => tryAccept(false)}>
        Accept one
      </button>
      <button type="button" onClick={withdraw}>
        Withdraw
      </button>
    </section>
  );
}

function ConnectPanel({ service, onStage }: { service: string; onStage?: ((stage: string) => void) | undefined }) {
  const { open, ready, status, stage, result, error } = useConnect(service);
  useEffect(() => {
    if (stage) onStage?.(stage);
  }, [stage, onStage]);
  return (
    <section aria-label={`connect ${service}`}>
      <button type="button" disabled={!ready} onClick={() => void open()}>
        Connect {service}
      </button>
      <output data-testid={`connect-${service}`}>{[status, errorName(error), result?.service ?? ''].join('|')}</output>
    </section>
  );
}

function AccountsPanel(): ReactNode {
  const { accounts, broken, error, relink, relinking, relinkError } = useLinkedAccounts();
  return (
    <section aria-label="accounts">
      <output data-testid="accounts">
        {accounts ? accounts.map((a) => `${a.service}:${a.status}${a.broken ? ':broken' : ''}`).join(',') : 'loading'}
      </output>
      <output data-testid="accounts-error">{errorName(error)}</output>
      <output data-testid="relink">{[relinking ?? '', errorName(relinkError)].join('|')}</output>
      {broken.map((account) => (
        <button key={account.id} type="button" onClick={() => void relink(account)}>
          Re-link {account.service}
        </button>
      ))}
    </section>
  );
}

function WatchlistPanel(): ReactNode {
  const query = useQuery(watchlistQuery(useViewlink()));
  return (
    <section aria-label="watchlist">
      <output data-testid="watchlist">
        {query.data ? `categories:${query.data.categories.length}` : query.error ? query.error.name : 'loading'}
      </output>
      <button type="button" onClick={() => void query.refetch()}>
        Reload watchlist
      </button>
    </section>
  );
}

function RefreshPanel({
  cooldownMs,
  onAutoRefresh,
}: {
  cooldownMs?: number | undefined;
  onAutoRefresh?: ((outcome: string) => void) | undefined;
}): ReactNode {
  const { refresh, inFlight, coolingDown, result, error } = useRefresh(cooldownMs === undefined ? {} : { cooldownMs });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount (twice in Strict Mode), never on a gesture.
  useEffect(() => {
    if (onAutoRefresh) void refresh().then((r) => onAutoRefresh(r ? `ok:${r.status}` : 'refused'));
  }, []);
  return (
    <section aria-label="refresh">
      <button type="button" disabled={inFlight || coolingDown} onClick={() => void refresh()}>
        Refresh
      </button>
      <output data-testid="refresh">
        {[inFlight ? 'in-flight' : '', coolingDown ? 'cooling-down' : '', result?.status ?? '', errorName(error)].join(
          '|',
        )}
      </output>
    </section>
  );
}

function SignOutPanel(): ReactNode {
  const client = useViewlink();
  const [disconnected, setDisconnected] = useState('');
  const disconnect = () =>
    client.disconnect({ service: 'streamflix', keepData: true }).then(
      (answer) => setDisconnected(answer.account.status),
      (error: Error) => setDisconnected(error.name),
    );
  return (
    <>
      <button type="button" onClick={() => client.signOut()}>
        Sign out
      </button>
      <button type="button" onClick={() => void disconnect()}>
        Unlink streamflix
      </button>
      <output data-testid="disconnect">{disconnected}</output>
    </>
  );
}

/** The whole test app. */
export function App(props: AppProps): ReactNode {
  const { sdk, queryClient, baseUrl, getTokens, services = ['streamflix'], reads = [] } = props;
  const options = {
    baseUrl,
    ...(props.handshakeTimeoutMs ? { handshakeTimeoutMs: props.handshakeTimeoutMs } : {}),
    ...(props.storedConsent ? { consentStorage: localStorage } : {}),
  };
  return (
    <QueryClientProvider client={queryClient}>
      <ViewlinkProvider
        sdk={sdk}
        sdkKey="vl_sdk_test_key"
        getTokens={getTokens}
        options={options}
        queryClient={queryClient}
      >
        <ConsentPanel />
        {services.map((service) => (
          <ConnectPanel key={service} service={service} onStage={props.onStage} />
        ))}
        {reads.includes('accounts') && <AccountsPanel />}
        {reads.includes('watchlist') && <WatchlistPanel />}
        <RefreshPanel cooldownMs={props.cooldownMs} onAutoRefresh={props.onAutoRefresh} />
        <SignOutPanel />
      </ViewlinkProvider>
    </QueryClientProvider>
  );
}
