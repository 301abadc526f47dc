'use client';
// app/watchlist/query-provider.tsx: one QueryClient per browser tab (and per server render), as
// examples/docs/react/next/query-provider.tsx.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

export function QueryProvider({ children }: { children: ReactNode }) {
  // A minute fresh: the watchlist the server rendered is not read again right after hydration.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } }));
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
