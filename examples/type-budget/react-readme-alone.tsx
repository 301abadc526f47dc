// Type budget reference (scripts/type-budget.mjs): examples/readme/packages/react.tsx (the
// @viewlink/react README's sample) written on React alone, so the gate budgets what the package
// adds to that file, not what JSX's types cost on their own.
import { createContext, useContext, useState } from 'react';

async function getTokens({ reason }: { readonly reason: string }) {
  const response = await fetch(reason === 'initial' ? '/api/viewlink/token' : '/api/viewlink/token/renew', {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`The token route answered ${response.status}`);
  return response.json();
}

const Tokens = createContext<typeof getTokens | undefined>(undefined);

function Connect() {
  const tokens = useContext(Tokens);
  const [status, setStatus] = useState<'idle' | 'connecting'>('idle');
  const [error, setError] = useState<Error | undefined>(undefined);
  const open = () => tokens?.({ reason: 'initial' }).then(() => setStatus('connecting'), setError);
  return (
    <button type="button" disabled={tokens === undefined} onClick={() => void open()}>
      {status === 'connecting' ? 'Linking… ' : error ? `Try again (${error.name})` : 'Link Streamflix'}
    </button>
  );
}

export const App = () => (
  <Tokens.Provider value={getTokens}>
    <Connect />
  </Tokens.Provider>
);
