// Type budget reference (scripts/type-budget.mjs): examples/type-budget/react.tsx's app written on
// React and TanStack Query alone (a context for the provider, a plain query), so the gate budgets
// what @viewlink/react adds to a React file, not what JSX and TanStack's types cost on their own.
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';

const Settings = createContext<{ readonly service: string }>({ service: '' });

function Connect() {
  const { service } = useContext(Settings);
  const [status, setStatus] = useState<'idle' | 'connecting'>('idle');
  const label = status === 'connecting' ? `Linking… ${service}` : 'Link Streamflix';
  return (
    <button type="button" disabled={service === ''} onClick={() => setStatus('connecting')}>
      {label}
    </button>
  );
}

function Accounts() {
  const [accounts] = useState<readonly { readonly service: string }[]>([]);
  const services = accounts.map((account) => account.service);
  const watchlist = useQuery({
    queryKey: ['viewlink', 'watchlist'] as const,
    queryFn: async () => ({ categories: [] as { readonly name: string }[] }),
  });
  const data = watchlist.data;
  return (
    <ul>
      {services.map((service) => (
        <li key={service}>{service}</li>
      ))}
      <li>{JSON.stringify(data)}</li>
      <li>
        <button type="button" disabled={watchlist.isFetching} onClick={() => void watchlist.refetch()}>
          Refresh
        </button>
      </li>
    </ul>
  );
}

export const App = () => (
  <Settings.Provider value={{ service: 'streamflix' }}>
    <Connect />
    <Accounts />
  </Settings.Provider>
);
