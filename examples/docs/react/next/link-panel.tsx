'use client';
// app/watchlist/link-panel.tsx: the client component. The SDK Key is public; the token pair
// comes from your route handler (POST /api/viewlink/token, see the partner guide).
import { type TokenRequest, useConnect, ViewlinkProvider } from '@viewlink/react';

// reason: 'initial' for the first pair, else why it needs renewal (your backend's renew route).
export async function getTokens({ reason }: TokenRequest) {
  const response = await fetch(reason === 'initial' ? '/api/viewlink/token' : '/api/viewlink/token/renew', {
    method: 'POST',
  });
  // A refused request (401: signed out) says so, instead of a JSON parse error of an empty body.
  if (!response.ok) throw new Error(`The token route answered ${response.status}`);
  return response.json();
}

function Connect() {
  const { open, ready, status } = useConnect('streamflix');
  const link = async () => {
    // Linked: render the server component again (in Next.js: useRouter().refresh() from next/navigation).
    if (await open()) window.location.reload();
  };
  return (
    <button type="button" disabled={!ready} onClick={() => void link()}>
      {status === 'connecting' ? 'Linking…' : 'Link Streamflix'}
    </button>
  );
}

export function LinkPanel({ sdkKey, baseUrl }: { sdkKey: string; baseUrl: string }) {
  return (
    <ViewlinkProvider sdkKey={sdkKey} getTokens={getTokens} options={{ baseUrl }}>
      <Connect />
    </ViewlinkProvider>
  );
}
