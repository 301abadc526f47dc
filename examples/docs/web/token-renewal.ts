import { SDK } from '@viewlink/web';

declare const sdk_key: string; // from GET /api/viewlink/config, as in section 1

SDK.onTokenExpired(async ({ reason }) => {
  // reason: 'expiring' (ahead of expiry), 'expired' (past it) or 'unauthorized' (the API said 401)
  console.debug('renewing the Viewlink session:', reason);
  const renewed = await (await fetch('/api/viewlink/token/renew', { method: 'POST' })).json();
  SDK.initialize(sdk_key, renewed); // options given before are kept
});
