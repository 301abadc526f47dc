// Type budget probe (scripts/type-budget.mjs): a React app on @viewlink/react and its TanStack
// Query options, with the hover probes (`^?` marks the identifier above) and the completion probes
// (`^.` under the member after a dot: every member documented, none internal).
import { useQuery } from '@tanstack/react-query';
import {
  type TokenRequest,
  useConnect,
  useLinkedAccounts,
  useRefresh,
  useViewlink,
  ViewlinkProvider,
} from '@viewlink/react';
import { watchlistQuery } from '@viewlink/react/query';

async function getTokens({ reason }: TokenRequest) {
  const response = await fetch(reason === 'initial' ? '/api/viewlink/token' : '/api/viewlink/token/renew', {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`The token route answered ${response.status}`);
  return response.json();
}

function Connect() {
  const connect = useConnect('streamflix');
  //              ^? useConnect (documented) (example)
  const linking = connect.status === 'connecting';
  //                      ^. useConnect's state
  const label = linking ? `Linking… ${connect.stage ?? ''}` : 'Link Streamflix';
  return (
    <button type="button" disabled={!connect.ready} onClick={() => void connect.open()}>
      {label}
    </button>
  );
}

function Accounts() {
  const linked = useLinkedAccounts();
  //             ^? useLinkedAccounts (documented)
  const services = (linked.accounts ?? []).map((account) => account.service);
  //                       ^. useLinkedAccounts' state
  const refresh = useRefresh();
  //              ^? useRefresh (documented) (example)
  const watchlist = useQuery(watchlistQuery(useViewlink()));
  //                         ^? watchlistQuery (documented)
  const data = watchlist.data;
  //                     ^? the watchlist query's data
  return (
    <ul>
      {services.map((service) => (
        <li key={service}>{service}</li>
      ))}
      <li>{JSON.stringify(data)}</li>
      <li>
        <button type="button" disabled={refresh.inFlight} onClick={() => void refresh.refresh()}>
          Refresh
        </button>
      </li>
    </ul>
  );
}

const Provider = ViewlinkProvider;
//               ^? ViewlinkProvider (documented)

export const App = () => (
  <Provider sdkKey="your SDK Key" getTokens={getTokens} options={{ baseUrl: 'https://api.example' }}>
    <Connect />
    <Accounts />
  </Provider>
);
