import { errorResponse } from '@viewlink/partner';
import express, { type NextFunction, type Request, type Response } from 'express';
import { viewlink } from './create-client.js'; // the client of section 1

declare function currentUserId(req: Request): string; // your session lookup (401 when signed out)

const app = express();

// Public settings for the page: the SDK Key and the Partner API URL it calls (never the API Key).
app.get('/api/viewlink/config', (_req, res) => {
  res.json({ sdk_key: process.env.VIEWLINK_SDK_KEY, base_url: process.env.VIEWLINK_BASE_URL });
});

app.post('/api/viewlink/token', async (req, res, next) => {
  try {
    const pair = await viewlink.user(currentUserId(req)).tokenPair(); // issued on first use
    res.json(pair.toSdkTokens());
  } catch (error) {
    next(error);
  }
});

// The app's SDK fired onTokenExpired: renew, answer the new pair, the app re-initializes.
app.post('/api/viewlink/token/renew', async (req, res, next) => {
  try {
    res.json((await viewlink.user(currentUserId(req)).renewTokenPair()).toSdkTokens());
  } catch (error) {
    next(error);
  }
});

// Last: SDK errors become answers the app can act on (not the Partner API's own status: see section 7).
app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  console.error(error); // the details (status, code, request id) stay in your logs
  const { status, body, headers } = errorResponse(error);
  res.status(status).set(headers).json(body);
});
