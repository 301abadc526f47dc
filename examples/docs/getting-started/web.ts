// app.ts: the page initializes the SDK with what the backend hands over, then links an account.
import { checkLinkingSupport, ExtensionNotInstalledError, SDK } from '@viewlink/web';

const backend = async (path: string, method: 'GET' | 'POST') => {
  const response = await fetch(path, { method });
  // A refused request (401: signed out) says so, instead of a JSON parse error of an empty body.
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.json();
};

const { sdk_key, base_url } = await backend('/api/viewlink/config', 'GET');
SDK.initialize(sdk_key, await backend('/api/viewlink/token', 'POST'), { baseUrl: base_url });
SDK.onTokenExpired(async () => {
  SDK.initialize(sdk_key, await backend('/api/viewlink/token/renew', 'POST')); // options given before are kept
});

document.querySelector('#connect')?.addEventListener('click', async () => {
  if (!checkLinkingSupport().supported) return alert('Please use Chrome or Edge on a computer.');
  SDK.consent.record({ videoPrivacy: true, termsAndPrivacy: true }); // after the user ticked both boxes
  try {
    const linked = await SDK.connect({ service: 'streamflix' });
    console.log(`linked ${linked.service}`, await SDK.watchlist());
  } catch (error) {
    if (!(error instanceof ExtensionNotInstalledError)) throw error; // the other errors: docs/errors.md
    alert('Install the Viewlink extension, then reload this page.');
  }
});
