// Browser: initialize with the SDK Key and the pair your backend issued, then link a service.
import { SDK } from '@viewlink/web';

const backend = async (path: string, method: 'GET' | 'POST') => (await fetch(path, { method })).json();
const { sdk_key, base_url } = await backend('/api/viewlink/config', 'GET');
SDK.initialize(sdk_key, await backend('/api/viewlink/token', 'POST'), { baseUrl: base_url });
SDK.onTokenExpired(async () => {
  SDK.initialize(sdk_key, await backend('/api/viewlink/token/renew', 'POST'));
});
SDK.consent.record({ videoPrivacy: true, termsAndPrivacy: true }); // or the consent screen
await SDK.connect({ service: 'some-service' });
console.log(await SDK.watchlist());
