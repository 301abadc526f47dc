/**
 * A small partner backend on node:http, the way a partner would write one:
 * - `GET /`, `GET /app.js`: the web app (examples/web-app), bundled at start-up.
 * - `GET /react/`, `GET /react/app.js`: the same app written with `@viewlink/react` (examples/react-app).
 * - `GET /api/viewlink/config` → `{ sdk_key, base_url }`: the SDK key and the Partner API's URL
 *   for `SDK.initialize` (the page calls the Partner API directly; the API Key never leaves here).
 * - `POST /api/viewlink/token`: the token pair for the signed-in user, for `SDK.initialize`.
 * - `POST /api/viewlink/token/renew`: a renewed pair, called by the app's `onTokenExpired`.
 * - `GET /api/viewlink/watchlist`, `GET /api/viewlink/accounts`, `GET /api/viewlink/history?since=`.
 * - `POST /api/viewlink/refresh` `{ service? }`: the handler of the app's refresh button.
 * - `POST /webhooks/viewlink`: verified webhooks (UserDataRefreshCompleted and friends).
 * - `GET /api/viewlink/events`: the webhooks received so far (for the demo page).
 *
 * "Signed in" is faked with an `x-demo-user` header (default `demo-user`): use your session.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createNodeWebhookHandler,
  errorResponse,
  PartnerClient,
  type RefreshLedger,
  type TokenStore,
  type WebhookEvent,
  type WebhookEventStore,
} from '@viewlink/partner';
import { buildReactApp, REACT_APP_PATHS } from '../react-app/build.js';
import { buildWebApp, WEB_APP_PATHS, type WebAppFile } from '../web-app/build.js';

/** Options of {@link startPartnerBackend}. */
export interface PartnerBackendOptions {
  /** API Key from the partner portal. */
  readonly apiKey: string;
  /** Partner API base URL. */
  readonly baseUrl: string;
  /** SDK key from the partner portal: public, handed to the page (default `vl_sdk_demo_key`, for the mock). */
  readonly sdkKey?: string;
  /** Partner API URL as the browser reaches it (default `baseUrl`). */
  readonly browserBaseUrl?: string;
  /** Serve examples/web-app at `/` and examples/react-app at `/react/` (each bundled on its first request; default true). */
  readonly serveWebApp?: boolean;
  /** Where the backend logs what it receives (default: console.log with a `[backend]` prefix). */
  readonly log?: (line: string) => void;
  /** Webhook signature secret configured in the partner portal. */
  readonly webhookSecret: string;
  /** Port on 127.0.0.1; 0 picks a free one. */
  readonly port?: number;
  /** Token store shared by your instances (default: in memory). */
  readonly tokenStore?: TokenStore;
  /** Refresh cooldown ledger shared by your instances (default: in memory). */
  readonly refreshLedger?: RefreshLedger;
  /** Webhook event ids shared by your receivers (default: in memory). */
  readonly eventStore?: WebhookEventStore;
  /**
   * Accept webhooks over plain http. Only for this local demo: in production the receiver sits
   * behind https (or a TLS proxy with `trustProxy`).
   */
  readonly insecureLocalWebhooks?: boolean;
}

/** A running backend. */
export interface PartnerBackend {
  readonly url: string;
  readonly server: Server;
  readonly client: PartnerClient;
  /** Webhooks received, newest last. */
  readonly events: WebhookEvent[];
  /** Token pairs handed out: first pairs (`POST /api/viewlink/token`) and renewals. */
  readonly tokens: { issued: number; renewed: number };
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  if (text.length > 10_000) throw new Error('body too large');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/**
 * Maps SDK errors to answers for the app with errorResponse: never the Partner API's own status
 * (a wrong API Key is a 502 here, not a 401 the app would take for "signed out") or its message.
 */
function sendError(res: ServerResponse, error: unknown): void {
  const { status, body, headers } = errorResponse(error);
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Starts the backend on 127.0.0.1. */
export async function startPartnerBackend(options: PartnerBackendOptions): Promise<PartnerBackend> {
  const client = new PartnerClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    ...(options.tokenStore ? { tokenStore: options.tokenStore } : {}),
    ...(options.refreshLedger ? { refresh: { ledger: options.refreshLedger } } : {}),
  });
  const events: WebhookEvent[] = [];
  const tokens = { issued: 0, renewed: 0 };
  const log = options.log ?? ((line: string) => console.log(`[backend] ${line}`));
  // Bundled on the first request for it, once: a backend that never serves the page never pays for esbuild.
  let app: Promise<ReadonlyMap<string, WebAppFile>> | undefined;
  let reactApp: Promise<ReadonlyMap<string, WebAppFile>> | undefined;
  const webAppFile = async (req: IncomingMessage, path: string) => {
    if (req.method !== 'GET' || options.serveWebApp === false) return undefined;
    if (REACT_APP_PATHS.has(path)) {
      reactApp ??= buildReactApp();
      return (await reactApp).get(path);
    }
    if (!WEB_APP_PATHS.has(path)) return undefined;
    app ??= buildWebApp();
    return (await app).get(path);
  };
  const browserConfig = {
    sdk_key: options.sdkKey ?? 'vl_sdk_demo_key',
    base_url: options.browserBaseUrl ?? options.baseUrl,
  };
  const remember = (event: WebhookEvent) => {
    log(`webhook verified and logged: ${event.type}${'user_id' in event ? ` for ${event.user_id}` : ''}`);
    events.push(event);
    if (events.length > 100) events.shift();
  };
  const webhooks = createNodeWebhookHandler({
    secret: options.webhookSecret,
    allowInsecureHttp: options.insecureLocalWebhooks === true,
    ...(options.eventStore ? { store: options.eventStore } : {}),
    on: {
      // Completion of a user's refresh: tell the user's app (push, websocket...) to reload.
      UserDataRefreshCompleted: remember,
      InitialFilePosted: remember,
      DeltaFilePosted: remember,
      UserFilePosted: remember,
      // A linked account broke: prompt the user to reconnect (SDK.connect re-links the same account).
      LinkedAccountBroken: remember,
      LinkedAccountRepaired: remember,
      // Disconnected: stop syncing it; with keep_data false, delete what you hold for that account.
      LinkedAccountDisconnected: (event) => {
        remember(event);
        log(
          `${event.service} of ${event.user_id}: ${event.keep_data ? 'records kept (the user chose so)' : 'records to delete'}`,
        );
      },
    },
    onUnknown: remember,
  });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = `${req.method} ${url.pathname}`;
    const userId = String(req.headers['x-demo-user'] ?? 'demo-user');
    try {
      const file = await webAppFile(req, url.pathname);
      if (file) {
        res.writeHead(200, { 'content-type': file.type, 'content-length': Buffer.byteLength(file.body) });
        return res.end(file.body);
      }
      switch (route) {
        case 'POST /webhooks/viewlink':
          return await webhooks(req, res);
        case 'GET /api/viewlink/config':
          return sendJson(res, 200, browserConfig);
        case 'POST /api/viewlink/token': {
          const pair = await client.user(userId).tokenPair();
          tokens.issued++;
          return sendJson(res, 200, pair.toSdkTokens());
        }
        case 'POST /api/viewlink/token/renew': {
          const pair = await client.user(userId).renewTokenPair();
          tokens.renewed++;
          return sendJson(res, 200, pair.toSdkTokens());
        }
        case 'GET /api/viewlink/watchlist':
          return sendJson(res, 200, await client.user(userId).watchlist());
        case 'GET /api/viewlink/accounts':
          return sendJson(res, 200, await client.user(userId).accounts());
        case 'GET /api/viewlink/history': {
          const since = url.searchParams.get('since') ?? undefined;
          const entries = [];
          // Bounded: the demo page shows the latest 200 at most.
          for await (const entry of client.user(userId).history.entries(since ? { since } : {})) {
            entries.push(entry);
            if (entries.length > 200) entries.shift();
          }
          return sendJson(res, 200, { entries });
        }
        case 'POST /api/viewlink/refresh': {
          const body = await readJson(req);
          const service = typeof body.service === 'string' ? body.service : undefined;
          // This route is the refresh button's handler: a user action, by construction.
          const accepted = await client.user(userId).refresh({ trigger: 'user-action', service });
          return sendJson(res, 202, accepted);
        }
        case 'GET /api/viewlink/events':
          return sendJson(res, 200, { events });
        default:
          return sendJson(res, 404, { error: 'not_found' });
      }
    } catch (error) {
      sendError(res, error);
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    client,
    events,
    tokens,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
