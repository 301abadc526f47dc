import { SDK } from '@viewlink/web';

const { sdk_key, tokens } = await (await fetch('/api/session', { method: 'POST' })).json();
SDK.initialize(sdk_key, tokens, {
  baseUrl: 'https://api.viewlink.example', // https only; http only on 127.0.0.1/localhost
  extensionId: 'abcdefghijklmnopabcdefghijklmnop', // optional: enables externally_connectable
  installUrl: 'https://chromewebstore.google.com/detail/…', // shown when the extension is missing
});
