// Browser: initialize with the SDK Key and the pair your backend issued, then link a service.
import { SDK } from '@viewlink/web';

const session = async (path: string) => (await fetch(path, { method: 'POST' })).json();
const { sdk_key, tokens } = await session('/api/viewlink/session');
SDK.initialize(sdk_key, tokens, { baseUrl: 'https://api.viewlink.example' });
SDK.onTokenExpired(async () => {
  const renewed = await session('/api/viewlink/session/renew');
  SDK.initialize(renewed.sdk_key, renewed.tokens);
});
SDK.consent.record({ videoPrivacy: true, termsAndPrivacy: true }); // or the consent screen
await SDK.connect({ service: 'some-service' });
console.log(await SDK.watchlist());
