// server.ts: a backend that serves the web app, hands it its settings and a token pair, and shows the user's watchlist.
import { PartnerClient } from '@viewlink/partner';
import express from 'express';

const baseUrl = process.env.VIEWLINK_BASE_URL ?? 'http://127.0.0.1:4010'; // the mock service by default
const viewlink = new PartnerClient({
  apiKey: process.env.VIEWLINK_API_KEY!, // from the partner portal; never sent to a browser
  baseUrl,
});

const app = express();
app.use(express.static('public')); // the web app's page and bundle (getting started: web app)
const userId = 'demo-user'; // in your app: the signed-in user

// The SDK Key is public: the page may have it. The API Key stays here.
app.get('/api/viewlink/config', (_req, res) => {
  res.json({ sdk_key: process.env.VIEWLINK_SDK_KEY, base_url: baseUrl });
});

app.post('/api/viewlink/token', async (_req, res) => {
  const pair = await viewlink.user(userId).tokenPair(); // issued on first use, then renewed as needed
  res.set('cache-control', 'no-store').json(pair.toSdkTokens());
});

// The app's SDK fired onTokenExpired.
app.post('/api/viewlink/token/renew', async (_req, res) => {
  const pair = await viewlink.user(userId).renewTokenPair();
  res.set('cache-control', 'no-store').json(pair.toSdkTokens());
});

app.get('/api/viewlink/watchlist', async (_req, res) => {
  res.json(await viewlink.user(userId).watchlist());
});

app.listen(3000, '127.0.0.1');
