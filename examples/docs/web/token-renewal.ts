import { SDK } from '@viewlink/web';

SDK.onTokenExpired(async ({ reason }) => {
  // reason: 'expiring' (ahead of expiry), 'expired' (past it) or 'unauthorized' (the API said 401)
  console.debug('renewing the Viewlink session:', reason);
  const { sdk_key, tokens } = await (await fetch('/api/session/renew', { method: 'POST' })).json();
  SDK.initialize(sdk_key, tokens); // options given before are kept
});
