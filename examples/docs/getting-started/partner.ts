// server.ts: a backend that hands the app a token pair and shows the user's watchlist.
import { PartnerClient } from '@viewlink/partner';
import express from 'express';

const viewlink = new PartnerClient({
  apiKey: process.env.VIEWLINK_API_KEY!, // from the partner portal; never sent to a browser
  baseUrl: process.env.VIEWLINK_BASE_URL ?? 'http://127.0.0.1:4010', // the mock service by default
});

const app = express();
const userId = 'demo-user'; // in your app: the signed-in user

app.post('/api/viewlink/session', async (_req, res) => {
  const pair = await viewlink.user(userId).tokenPair(); // issued on first use, then renewed as needed
  res.set('cache-control', 'no-store').json({ sdk_key: process.env.VIEWLINK_SDK_KEY, tokens: pair.toSdkTokens() });
});

app.get('/api/watchlist', async (_req, res) => {
  res.json(await viewlink.user(userId).watchlist());
});

app.listen(3000, '127.0.0.1');
