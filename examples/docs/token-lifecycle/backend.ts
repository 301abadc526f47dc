// The backend: hands the signed-in user's pair to the app, and renews it when the app asks.
import { PartnerClient, type TokenPair, TokenRenewalError } from '@viewlink/partner';
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

// The app's SDK fired onTokenExpired: renew. A spent or expired refresh token cannot be renewed:
// issue a new pair instead (the user stays signed in to your app, so nothing is lost).
app.post('/api/viewlink/token/renew', async (req, res, next) => {
  try {
    const pair = await renewOrIssue(currentUserId(req));
    res.set('cache-control', 'no-store').json(pair.toSdkTokens());
  } catch (error) {
    next(error);
  }
});

async function renewOrIssue(userId: string): Promise<TokenPair> {
  try {
    return await viewlink.user(userId).renewTokenPair();
  } catch (error) {
    if (!(error instanceof TokenRenewalError)) throw error;
    const issued = await viewlink.tokens.issue({ userId });
    return viewlink.user(issued).tokenPair(); // adopts the new pair into the token store
  }
}
