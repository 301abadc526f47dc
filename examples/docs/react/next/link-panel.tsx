'use client';
// app/watchlist/link-panel.tsx: the client component. The SDK Key is public; the token pair
// comes from your route handler (POST /api/viewlink/token, see the partner guide).
import { type TokenRequest, useConnect, ViewlinkProvider } from '@viewlink/react';

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
  // reason: 'initial' for the first pair, else why it needs renewal (your backend's renew route).
  const getTokens = async ({ reason }: TokenRequest) =>
    (
      await fetch(reason === 'initial' ? '/api/viewlink/token' : '/api/viewlink/token/renew', { method: 'POST' })
    ).json();
  return (
    <ViewlinkProvider sdkKey={sdkKey} getTokens={getTokens} options={{ baseUrl }}>
      <Connect />
    </ViewlinkProvider>
  );
}
