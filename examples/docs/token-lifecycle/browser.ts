// The web app: initialize with what the backend handed over, renew through the backend.
import { SDK, TokenRenewalError } from '@viewlink/web';

async function backend(path: string, method: 'GET' | 'POST') {
  const response = await fetch(path, { method, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.json();
}

const { sdk_key, base_url } = await backend('/api/viewlink/config', 'GET');
SDK.initialize(sdk_key, await backend('/api/viewlink/token', 'POST'), { baseUrl: base_url });

// Fires ahead of expiry ('expiring'), past it ('expired') or after a 401 ('unauthorized').
// Requests made meanwhile wait for the next initialize, then go out with the new token.
SDK.onTokenExpired(async () => {
  SDK.initialize(sdk_key, await backend('/api/viewlink/token/renew', 'POST')); // options given before are kept
});

try {
  console.log(await SDK.watchlist());
} catch (error) {
  // The handler threw or never called initialize (tokenRenewalTimeoutMs): the session is gone.
  if (error instanceof TokenRenewalError) location.reload();
  else throw error;
}
