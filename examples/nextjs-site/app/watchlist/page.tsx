// app/watchlist/page.tsx: the watchlist read on the server with the API Key, rendered, and handed to
// the client's TanStack cache (dehydrate + HydrationBoundary), as examples/docs/react/next/hydrated-page.tsx.
import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { viewlinkKeys } from '@viewlink/react/query';
import { currentUserId } from '../../lib/session.ts';
import { viewlink } from '../../lib/viewlink.ts';
import { WatchlistPanel } from './watchlist-panel.tsx';

// One user's data: rendered for each request, never prerendered at build time.
export const dynamic = 'force-dynamic';

export default async function WatchlistPage() {
  const watchlist = await viewlink()
    .user(await currentUserId())
    .watchlist();
  const queryClient = new QueryClient();
  queryClient.setQueryData(viewlinkKeys.watchlist, watchlist);
  return (
    <main>
      <h1>Your watchlist</h1>
      <ul id="server-watchlist">
        {watchlist.categories.map((category) => (
          <li key={category.kind}>
            {category.kind}: {category.titles.length} titles
          </li>
        ))}
      </ul>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <WatchlistPanel
          sdkKey={process.env.VIEWLINK_SDK_KEY ?? ''}
          baseUrl={process.env.VIEWLINK_BASE_URL ?? 'http://127.0.0.1:4010'}
        />
      </HydrationBoundary>
    </main>
  );
}
