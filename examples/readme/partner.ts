// Backend: issue a token pair for your user, then read their data.
import { PartnerClient } from '@viewlink/partner';

const viewlink = new PartnerClient({
  apiKey: process.env.VIEWLINK_API_KEY ?? '',
  baseUrl: 'https://api.viewlink.example',
});
const user = viewlink.user('user-123'); // issues and stores a pair on first use
const tokensForTheApp = (await user.tokenPair()).toSdkTokens();
const watchlist = await user.watchlist();
for await (const entry of user.history.entries({ limit: 500 })) console.log(entry.title.name);

export { tokensForTheApp, watchlist };
