// The backend: hands the signed-in user's pair to the app, and renews it when the app asks.
import { PartnerClient } from '@viewlink/partner';
import express, { type Request } from 'express';

declare function currentUserId(req: Request): string; // your session lookup (401 when signed out)

const BASE_URL = 'https://api.viewlink.example';
const viewlink = new PartnerClient({
  apiKey: process.env.VIEWLINK_API_KEY!, // secret: backend only
  baseUrl: BASE_URL,
});
const SDK_KEY = process.env.VIEWLINK_SDK_KEY!; // public: identifies your app to the service

const app = express();

// What the page needs besides the pair: the SDK Key and the Partner API URL it calls.
app.get('/api/viewlink/config', (_req, res) => {
  res.json({ sdk_key: SDK_KEY, base_url: BASE_URL });
});

// The app starts: the user's current pair (issued on first use, renewed if it is about to expire).
app.post('/api/viewlink/token', async (req, res, next) => {
  try {
    const pair = await viewlink.user(currentUserId(req)).tokenPair();
    res.set('cache-control', 'no-store').json(pair.toSdkTokens());
  } catch (error) {
    next(error);
  }
});

// The app's SDK fired onTokenExpired: renew. A refresh token the server refuses (spent by a
// renewal whose answer was lost, revoked, expired) heals: the client issues a new pair with the
// API Key once and stores it (`renewal: { reissue: false }` to handle TokenRenewalError yourself).
app.post('/api/viewlink/token/renew', async (req, res, next) => {
  try {
    const pair = await viewlink.user(currentUserId(req)).renewTokenPair();
    res.set('cache-control', 'no-store').json(pair.toSdkTokens());
  } catch (error) {
    next(error);
  }
});
