// server.ts: a backend that serves the web app, hands it its settings and a token pair, shows the
// user's watchlist, syncs their history, refreshes on a button press and receives webhooks.
import {
  ConflictError,
  createNodeWebhookHandler,
  errorResponse,
  PartnerClient,
  RefreshRefusedError,
  type WatchHistoryEntry,
} from '@viewlink/partner';
import express, { type NextFunction, type Request, type Response } from 'express';

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

// History sync. The first sync reads everything, oldest first, one page in memory at a time;
// later syncs read only what is new. In your app, `held` is a table in your database.
const held = new Map<string, { entries: WatchHistoryEntry[]; seen: Set<string>; newest?: string }>();
async function syncHistory(user: string): Promise<number> {
  const mine = held.get(user) ?? { entries: [], seen: new Set<string>() };
  held.set(user, mine);
  const history = viewlink.user(user).history;
  let added = 0;
  for await (const entry of mine.newest ? history.since(mine.newest) : history.entries({ limit: 500 })) {
    const key = `${entry.title.id} ${entry.watched_at}`;
    if (mine.seen.has(key)) continue; // since() includes the newest entry you already hold
    mine.seen.add(key);
    mine.entries.push(entry);
    mine.newest = entry.watched_at; // entries come oldest first
    added += 1;
  }
  return added;
}

app.post('/api/viewlink/history/sync', async (_req, res) => {
  const added = await syncHistory(userId);
  res.json({ added, total: held.get(userId)?.entries.length ?? 0 });
});

// The page's refresh button. Only on a user's press: never on a schedule.
app.post('/api/viewlink/refresh', express.json(), async (req, res) => {
  try {
    const { service } = req.body ?? {}; // one service, or none: every linked account
    const accepted = await viewlink.user(userId).refresh({ trigger: 'user-action', ...(service && { service }) });
    res.status(202).json(accepted); // the UserDataRefreshCompleted webhook follows
  } catch (error) {
    if (error instanceof RefreshRefusedError) {
      res.status(429).json({ message: 'Refreshed a moment ago', retry_after_ms: error.retryAfterMs });
    } else if (error instanceof ConflictError && error.code === 'account_broken') {
      // The user must sign in to that service again: the web app calls SDK.connect({ service }).
      res.status(409).json({ code: error.code, message: 'Sign in to this streaming service again to refresh it' });
    } else if (error instanceof ConflictError) {
      res.status(409).json({ code: error.code, message: 'Nothing to refresh: link a streaming account first' });
    } else throw error; // to the error handler below
  }
});

// Webhooks: the service says a refresh finished (and when data files are ready). Raw body: the
// signature is checked over the bytes as sent, so no express.json() on this route.
app.post(
  '/webhooks/viewlink',
  express.raw({ type: 'application/json' }),
  createNodeWebhookHandler({
    secret: process.env.VIEWLINK_WEBHOOK_SECRET!, // from the partner portal
    allowInsecureHttp: baseUrl.startsWith('http://127.0.0.1'), // plain http only against the local mock
    on: {
      UserDataRefreshCompleted: async (event) => {
        const added = await syncHistory(event.user_id);
        console.log(`refresh ${event.refresh_id} of ${event.user_id} completed; history entries added: ${added}`);
      },
    },
  }),
);

// Last: any other SDK error. Express's own handler would answer the Partner API's status (a wrong
// API Key as 401, which the page takes for "signed out"); errorResponse answers 502/503/500.
app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  console.error(error);
  const { status, body, headers } = errorResponse(error);
  res.status(status).set(headers).json(body);
});

app.listen(3000, '127.0.0.1');
