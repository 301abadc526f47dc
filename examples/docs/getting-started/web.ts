// app.ts: the page initializes the SDK with what the backend hands over, then links an account.
import { checkLinkingSupport, SDK } from '@viewlink/web';

const session = async (path: string) => (await fetch(path, { method: 'POST' })).json();

const { sdk_key, tokens } = await session('/api/viewlink/session');
SDK.initialize(sdk_key, tokens, { baseUrl: 'https://api.viewlink.example' });
SDK.onTokenExpired(async () => {
  const renewed = await session('/api/viewlink/session/renew');
  SDK.initialize(renewed.sdk_key, renewed.tokens);
});

document.querySelector('#connect')?.addEventListener('click', async () => {
  if (!checkLinkingSupport().supported) return alert('Please use Chrome or Edge on a computer.');
  SDK.consent.record({ videoPrivacy: true, termsAndPrivacy: true }); // after the user ticked both boxes
  const linked = await SDK.connect({ service: 'streamflix' });
  console.log(`linked ${linked.service}`, await SDK.watchlist());
});
