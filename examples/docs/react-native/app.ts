// In a React Native app: the same SDK as on the web, minus linking. Your backend issues the pair.
import { checkLinkingSupport, isViewlinkError, SDK, UnsupportedEnvironmentError } from '@viewlink/web';

// The routes of the web app's backend (getting started: web app): GET config, POST token and renew.
// They know the user by your app's own login (its cookie, or an Authorization header you add here).
const backend = async (path: string, method: 'GET' | 'POST' = 'POST') => {
  const response = await fetch(`https://partner.example.com${path}`, { method });
  // A refused route (401: signed out) says so, instead of a pair the SDK refuses as malformed.
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
};

const { sdk_key, base_url } = await backend('/api/viewlink/config', 'GET');
SDK.onTokenExpired(async () => SDK.initialize(sdk_key, await backend('/api/viewlink/token/renew')));
SDK.initialize(sdk_key, await backend('/api/viewlink/token'), { baseUrl: base_url });

export const watchlist = await SDK.watchlist(); // React Native's fetch
export const accounts = await SDK.accounts(); // `broken` ones: ask the user to re-link on the web
export const onRefreshPress = () => SDK.refresh(); // call it from onPress: no gesture check here

// Linking needs desktop Chrome or Edge with the extension: hide the button in the app.
export const canLink = checkLinkingSupport().supported; // false, error.reason === 'app'
try {
  await SDK.connect({ service: 'streamflix' });
} catch (error) {
  // Not `instanceof`: Hermes ignores Symbol.hasInstance, so it misses errors from another copy.
  if (isViewlinkError(error, UnsupportedEnvironmentError)) console.info(error.reason); // 'app'
}
