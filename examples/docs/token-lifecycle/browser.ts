// The web app: initialize with what the backend handed over, renew through the backend.
import { SDK, TokenRenewalError } from '@viewlink/web';

async function session(path: string) {
  const response = await fetch(path, { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

const { sdk_key, tokens } = await session('/api/viewlink/session');
SDK.initialize(sdk_key, tokens, { baseUrl: 'https://api.viewlink.example' });

// Fires ahead of expiry ('expiring'), past it ('expired') or after a 401 ('unauthorized').
// Requests made meanwhile wait for the next initialize, then go out with the new token.
SDK.onTokenExpired(async () => {
  const renewed = await session('/api/viewlink/session/renew');
  SDK.initialize(renewed.sdk_key, renewed.tokens);
});

try {
  console.log(await SDK.watchlist());
} catch (error) {
  // The handler threw or never called initialize (tokenRenewalTimeoutMs): the session is gone.
  if (error instanceof TokenRenewalError) location.reload();
  else throw error;
}
