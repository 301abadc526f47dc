/**
 * The web app of examples/web-app, written with `@viewlink/react`: consent, connect with progress,
 * the watchlist (TanStack Query), broken accounts re-linked, and the refresh button. Served by
 * examples/partner-backend at `/react/` (bundled with esbuild, build.ts); `pnpm demo` drives it.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  RefreshCooldownError,
  type TokenRequest,
  useConnect,
  useConsent,
  useLinkedAccounts,
  useRefresh,
  useViewlink,
  ViewlinkProvider,
} from '@viewlink/react';
import { watchlistQuery } from '@viewlink/react/query';
import {
  ConnectCancelledError,
  ConnectError,
  ExtensionNotInstalledError,
  type TokenPair,
  TokenRenewalError,
  UnsupportedEnvironmentError,
} from '@viewlink/web';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

// Sign-in is faked with a header (the backend reads `x-demo-user`): use your own session.
const user = new URLSearchParams(window.location.search).get('user') ?? 'demo-react-user';
async function backend<T>(route: string, method: 'GET' | 'POST'): Promise<T> {
  const response = await fetch(route, { method, headers: { 'x-demo-user': user } });
  if (!response.ok) throw new Error(`${route}: HTTP ${response.status}`);
  return response.json();
}

/** What to tell the user (docs/web.md#errors-and-what-to-tell-users). */
function explain(error: Error): string {
  if (error instanceof UnsupportedEnvironmentError) return 'Linking an account needs Chrome or Edge on a computer.';
  if (error instanceof ExtensionNotInstalledError) return 'Install the Viewlink extension, then reload this page.';
  if (error instanceof ConnectCancelledError) return 'Linking cancelled. You can try again whenever you like.';
  if (error instanceof ConnectError)
    return error.reason === 'credentials-rejected'
      ? 'Signing in failed. Check your details.'
      : 'The account could not be linked.';
  if (error instanceof RefreshCooldownError) return 'Your data was refreshed moments ago.';
  if (error instanceof TokenRenewalError) return 'Your session expired. Please reload the page.';
  return 'Something went wrong. Please try again later.';
}

const STAGES: Record<string, string> = {
  'login-opened': 'Sign in to the streaming service in the extension window.',
  'awaiting-mfa': 'Enter the code in the extension window.',
  'awaiting-captcha': 'Solve the puzzle in the extension window.',
  verifying: 'Checking the link…',
};

function Consent() {
  const { accept } = useConsent();
  const [privacy, setPrivacy] = useState(false);
  const [terms, setTerms] = useState(false);
  return (
    <form
      aria-label="Consent"
      onSubmit={(event) => {
        event.preventDefault();
        if (privacy && terms) accept({ videoPrivacy: true, termsAndPrivacy: true });
      }}
    >
      <label>
        <input type="checkbox" checked={privacy} onChange={(e) => setPrivacy(e.target.checked)} /> I agree that my
        viewing history is shared with this app (video privacy)
      </label>
      <br />
      <label>
        <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} /> I accept the Terms of Use
        and the Privacy Policy
      </label>
      <br />
      <button type="submit" disabled={!privacy || !terms}>
        Continue
      </button>
    </form>
  );
}

function Connect() {
  const [service, setService] = useState('streamflix');
  const { open, ready, unsupported, status, stage, result, error } = useConnect(service);
  if (unsupported) return <p role="alert">{explain(unsupported)}</p>;
  return (
    <section aria-label="Link a streaming service">
      <label htmlFor="service">Streaming service</label>{' '}
      <select id="service" value={service} onChange={(e) => setService(e.target.value)}>
        <option value="streamflix">Streamflix</option>
        <option value="cineplus">Cine+</option>
      </select>{' '}
      <button type="button" disabled={!ready} onClick={() => void open()}>
        Connect
      </button>
      <p role="status" data-testid="connect-status">
        {status === 'connecting' && (STAGES[stage ?? 'login-opened'] ?? 'Linking…')}
        {status === 'connected' && result && `Linked ${result.service} (${result.linked_account_id}).`}
      </p>
      {status === 'error' && error && <p role="alert">{explain(error)}</p>}
    </section>
  );
}

function Accounts() {
  const { accounts, broken, reload, relink, relinking, relinkError } = useLinkedAccounts();
  return (
    <section aria-labelledby="accounts-title">
      <h2 id="accounts-title">Linked accounts</h2>
      <button type="button" onClick={() => void reload()}>
        Check my accounts
      </button>
      <ul data-testid="accounts">
        {accounts?.map((account) => (
          <li key={account.id} data-status={account.status}>
            {account.service}: {account.broken ? 'needs you to sign in again' : account.status}{' '}
            {account.broken && (
              <button type="button" disabled={relinking !== undefined} onClick={() => void relink(account)}>
                Sign in to {account.service} again
              </button>
            )}
          </li>
        ))}
      </ul>
      {broken.length === 0 && accounts && accounts.length > 0 && <p>All accounts are working.</p>}
      {relinkError && <p role="alert">{explain(relinkError)}</p>}
    </section>
  );
}

function Watchlist() {
  const { data, error } = useQuery(watchlistQuery(useViewlink()));
  if (error) return <p role="alert">{explain(error)}</p>;
  return (
    <section aria-labelledby="watchlist-title">
      <h2 id="watchlist-title">Watchlist</h2>
      {data?.categories.map((category) => (
        <section key={category.kind}>
          <h3>{category.kind.replace('_', ' ')}</h3>
          <ul data-testid="watchlist">
            {category.titles.map((title) => (
              <li key={`${title.service}:${title.id}`}>
                <a href={title.watch_now_url}>{title.name}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function Refresh() {
  const { refresh, inFlight, coolingDown, result, error } = useRefresh();
  return (
    <section aria-label="Refresh">
      <button type="button" disabled={inFlight || coolingDown} onClick={() => void refresh()}>
        Refresh my data
      </button>
      <p role="status" data-testid="refresh-status">
        {inFlight ? 'Refreshing…' : result ? `Refresh requested (${result.status}).` : ''}
      </p>
      {error && <p role="alert">{explain(error)}</p>}
    </section>
  );
}

function App() {
  const { accepted } = useConsent();
  return (
    <main>
      <h1>My streaming dashboard (React)</h1>
      {accepted ? <Connect /> : <Consent />}
      <Accounts />
      <Watchlist />
      <Refresh />
    </main>
  );
}

const { sdk_key, base_url } = await backend<{ sdk_key: string; base_url: string }>('/api/viewlink/config', 'GET');
const getTokens = ({ reason }: TokenRequest) =>
  backend<TokenPair>(reason === 'initial' ? '/api/viewlink/token' : '/api/viewlink/token/renew', 'POST');
const queryClient = new QueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ViewlinkProvider
        sdkKey={sdk_key}
        getTokens={getTokens}
        options={{ baseUrl: base_url }}
        queryClient={queryClient}
      >
        <App />
      </ViewlinkProvider>
    </QueryClientProvider>
  </StrictMode>,
);
