// main.tsx: the provider gets the SDK Key and a getTokens() that asks your backend for a pair;
// nothing is fetched on mount: the first read, connect or refresh asks for the pair.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type TokenRequest, ViewlinkProvider } from '@viewlink/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LinkPage } from './link-page.js';

const { sdk_key, base_url } = await (await fetch('/api/viewlink/config')).json(); // SDK Key + Partner API URL
// Called when a pair is first needed and again on every expiry (the renewal handler is built in):
// reason: 'initial' for the first pair, else why it needs renewal (your backend's renew route).
async function getTokens({ reason }: TokenRequest) {
  const response = await fetch(reason === 'initial' ? '/api/viewlink/token' : '/api/viewlink/token/renew', {
    method: 'POST',
  });
  // A refused request (401: signed out) says so, instead of a JSON parse error of an empty body.
  if (!response.ok) throw new Error(`The token route answered ${response.status}`);
  return response.json();
}
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ViewlinkProvider
        sdkKey={sdk_key}
        getTokens={getTokens}
        options={{ baseUrl: base_url }}
        queryClient={queryClient}
      >
        <LinkPage />
      </ViewlinkProvider>
    </QueryClientProvider>
  </StrictMode>,
);
