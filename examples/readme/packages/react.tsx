// Web app: link a streaming service from a click; the token pair is fetched only when first needed.
import { type TokenRequest, useConnect, ViewlinkProvider } from '@viewlink/react';

// getTokens() asks your backend for the user's token pair: only when a pair is first needed,
// and again on every expiry. Nothing is fetched on mount.
// reason: 'initial' for the first pair, else why it needs renewal (your backend's renew route).
async function getTokens({ reason }: TokenRequest) {
  const response = await fetch(reason === 'initial' ? '/api/viewlink/token' : '/api/viewlink/token/renew', {
    method: 'POST',
  });
  // A refused request (401: signed out) says so, instead of a JSON parse error of an empty body.
  if (!response.ok) throw new Error(`The token route answered ${response.status}`);
  return response.json();
}

function Connect() {
  const { open, ready, status, stage, error } = useConnect('streamflix');
  return (
    <button type="button" disabled={!ready} onClick={() => void open()}>
      {status === 'connecting' ? `Linking… ${stage ?? ''}` : error ? `Try again (${error.name})` : 'Link Streamflix'}
    </button>
  );
}

export const App = () => (
  <ViewlinkProvider sdkKey="your SDK Key" getTokens={getTokens} options={{ baseUrl: 'https://api.example' }}>
    <Connect />
  </ViewlinkProvider>
);
