// app/watchlist/layout.tsx: the TanStack Query cache sits above the page, so the page's HydrationBoundary finds it.
import type { ReactNode } from 'react';
import { QueryProvider } from './query-provider.tsx';

export default function WatchlistLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
