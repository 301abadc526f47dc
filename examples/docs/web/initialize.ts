import { SDK } from '@viewlink/web';

const backend = async (path: string, method: 'GET' | 'POST') => (await fetch(path, { method })).json();

const { sdk_key, base_url } = await backend('/api/viewlink/config', 'GET'); // SDK Key + Partner API URL
SDK.initialize(sdk_key, await backend('/api/viewlink/token', 'POST'), {
  baseUrl: base_url, // https only; http only on 127.0.0.1/localhost
  extensionId: 'abcdefghijklmnopabcdefghijklmnop', // optional: enables externally_connectable
  installUrl: 'https://chromewebstore.google.com/detail/…', // shown when the extension is missing
});
