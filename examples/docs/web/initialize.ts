import { SDK } from '@viewlink/web';

const backend = async (path: string, method: 'GET' | 'POST') => {
  const response = await fetch(path, { method });
  // A refused request (401: signed out) says so, instead of a JSON parse error of an empty body.
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.json();
};

const { sdk_key, base_url } = await backend('/api/viewlink/config', 'GET'); // SDK Key + Partner API URL
SDK.initialize(sdk_key, await backend('/api/viewlink/token', 'POST'), {
  baseUrl: base_url, // https only; http only on 127.0.0.1/localhost
  extensionId: 'abcdefghijklmnopabcdefghijklmnop', // optional: enables externally_connectable
  installUrl: 'https://chromewebstore.google.com/detail/…', // shown when the extension is missing
});
