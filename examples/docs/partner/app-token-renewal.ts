import { SDK } from '@viewlink/web';

declare const SDK_KEY: string; // the SDK Key from the partner portal (public)

const tokens = await (await fetch('/api/viewlink/token', { method: 'POST' })).json();
SDK.initialize(SDK_KEY, tokens);
SDK.onTokenExpired(async () => {
  const renewed = await (await fetch('/api/viewlink/token/renew', { method: 'POST' })).json();
  SDK.initialize(SDK_KEY, renewed);
});
