// app/watchlist/page.tsx: the server reads the watchlist with the API Key and seeds the client's
// TanStack cache with it (dehydrate + HydrationBoundary): the browser shows it without reading it.
import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import type { PartnerClient } from '@viewlink/partner';
import { viewlinkKeys } from '@viewlink/react/query'; // not from '@viewlink/react' (see above)
import { QueryProvider } from './query-provider';
import { WatchlistPanel } from './watchlist-panel';

export const dynamic = 'force-dynamic';
declare function viewlink(): PartnerClient; // made on first use, as in page.tsx above
declare function currentUserId(): Promise<string>; // your session

export default async function WatchlistPage() {
  const queryClient = new QueryClient(); // one per request
  queryClient.setQueryData(
    viewlinkKeys.watchlist,
    await viewlink()
      .user(await currentUserId())
      .watchlist(),
  );
  return (
    <QueryProvider>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <WatchlistPanel sdkKey={process.env.VIEWLINK_SDK_KEY!} baseUrl={process.env.VIEWLINK_BASE_URL!} />
      </HydrationBoundary>
    </QueryProvider>
  );
}
