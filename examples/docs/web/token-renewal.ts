import { SDK } from '@viewlink/web';

declare const sdk_key: string; // from GET /api/viewlink/config, as in section 1

SDK.onTokenExpired(async ({ reason }) => {
  // reason: 'expiring' (ahead of expiry), 'expired' (past it) or 'unauthorized' (the API said 401)
  console.debug('renewing the Viewlink session:', reason);
  const response = await fetch('/api/viewlink/token/renew', { method: 'POST' });
  // A refusal (401: signed out) fails the renewal with its status, not a JSON parse error.
  if (!response.ok) throw new Error(`The token route answered ${response.status}`);
  SDK.initialize(sdk_key, await response.json()); // options given before are kept
});
