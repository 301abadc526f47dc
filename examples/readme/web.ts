// Browser: initialize with the SDK Key and the pair your backend issued, then link a service.
import { SDK } from '@viewlink/web';

const backend = async (path: string, method: 'GET' | 'POST') => {
  const response = await fetch(path, { method });
  // A refused request (401: signed out) says so, instead of a JSON parse error of an empty body.
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.json();
};
const { sdk_key, base_url } = await backend('/api/viewlink/config', 'GET');
SDK.initialize(sdk_key, await backend('/api/viewlink/token', 'POST'), { baseUrl: base_url });
SDK.onTokenExpired(async () => {
  SDK.initialize(sdk_key, await backend('/api/viewlink/token/renew', 'POST'));
});
SDK.consent.record({ videoPrivacy: true, termsAndPrivacy: true }); // or the consent screen
await SDK.connect({ service: 'some-service' });
console.log(await SDK.watchlist());
