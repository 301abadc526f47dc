'use client';
// app/watchlist/watchlist-panel.tsx: reads the watchlist from the cache the server seeded (no request
// after hydration); a connect or refresh invalidates it through the provider's queryClient.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewlink, ViewlinkProvider } from '@viewlink/react';
import { watchlistQuery } from '@viewlink/react/query';
import { getTokens } from './link-panel'; // the token routes, checked for a refusal

function WatchlistCount() {
  const watchlist = useQuery(watchlistQuery(useViewlink()));
  return <p>{watchlist.data?.categories.length ?? 0} watchlist categories</p>;
}

export function WatchlistPanel({ sdkKey, baseUrl }: { sdkKey: string; baseUrl: string }) {
  return (
    <ViewlinkProvider sdkKey={sdkKey} getTokens={getTokens} options={{ baseUrl }} queryClient={useQueryClient()}>
      <WatchlistCount />
    </ViewlinkProvider>
  );
}
