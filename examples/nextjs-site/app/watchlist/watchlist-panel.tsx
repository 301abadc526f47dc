'use client';
// app/watchlist/watchlist-panel.tsx: the browser side. The watchlist comes from the cache the server
// seeded (no request after hydration); the linked accounts are read with the pair from the token route,
// renewed through the renew route once the service says the access token expired.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type TokenRequest, useLinkedAccounts, useViewlink, ViewlinkProvider } from '@viewlink/react';
import { watchlistQuery } from '@viewlink/react/query';

async function getTokens({ reason }: TokenRequest) {
  const response = await fetch(reason === 'initial' ? '/api/viewlink/token' : '/api/viewlink/token/renew', {
    method: 'POST',
  });
  // A refused request (401: signed out) says so, instead of a JSON parse error of an empty body.
  if (!response.ok) throw new Error(`The token route answered ${response.status}`);
  return response.json();
}

function Watchlist() {
  const watchlist = useQuery(watchlistQuery(useViewlink()));
  return <p id="client-watchlist">{watchlist.data?.categories.length ?? 0} watchlist categories</p>;
}

function Accounts() {
  const { accounts, error, reload } = useLinkedAccounts();
  return (
    <>
      {error ? (
        <p id="accounts-error">{error.message}</p>
      ) : (
        <ul id="accounts">
          {accounts?.map((account) => (
            <li key={account.id}>
              {account.service}: {account.status}
            </li>
          ))}
        </ul>
      )}
      <button type="button" id="reload-accounts" onClick={() => reload()}>
        Reload accounts
      </button>
    </>
  );
}

export function WatchlistPanel({ sdkKey, baseUrl }: { sdkKey: string; baseUrl: string }) {
  return (
    <ViewlinkProvider sdkKey={sdkKey} getTokens={getTokens} options={{ baseUrl }} queryClient={useQueryClient()}>
      <Watchlist />
      <Accounts />
    </ViewlinkProvider>
  );
}
