'use client';
// app/watchlist/query-provider.tsx: the TanStack Query cache of the page, one per browser tab and
// per server render. It sits above the HydrationBoundary (which needs a QueryClient above it).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

export function QueryProvider({ children }: { children: ReactNode }) {
  // A minute fresh: what the server read is not read again right after hydration.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } }));
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
