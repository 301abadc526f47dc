/**
 * Node `http` / Express receiver. Takes `req`/`res` structurally (no node: imports), so the
 * package bundle stays free of Node built-ins for Workers and browsers.
 */
import { RAW_BODY_HELP, WebhookBodyError } from '../errors.js';
import { join, tooLarge } from '../internal/body.js';
import { createReceiver, type Outcome, type Receiver, type WebhookHandlerOptions } from './shared.js';

/** The parts of Node's `IncomingMessage` (or Express's `Request`) the receiver reads. */
export interface NodeWebhookRequest extends AsyncIterable<unknown> {
  /** The request method; anything but POST is answered 405. */
  readonly method?: string | undefined;
  /** Headers with lower-case names, as Node gives them; the signature headers and `x-forwarded-proto` are read. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The connection; `socket.encrypted` is true on a TLS socket (`https.createServer`). */
  readonly socket?: unknown;
  /** Set by body parsers: a Buffer/string from `express.raw`/`express.text` is used as-is. */
  readonly body?: unknown;
  /** True when something already read the stream. */
  readonly readableEnded?: boolean;
}

/** The parts of Node's `ServerResponse` (or Express's `Response`) the receiver writes. */
export interface NodeWebhookResponse {
  /** Set to the answer's HTTP status: 200 when handled, otherwise as `createWebhookHandler` documents. */
  statusCode: number;
  setHeader(name: string, value: string | number): unknown;
  end(body?: string): unknown;
  /** True when something else already answered; the receiver then writes nothing. */
  readonly headersSent?: boolean;
}

const CONSUMED =
  'The webhook request body was already consumed by another middleware before verification. ' +
  RAW_BODY_HELP.slice(RAW_BODY_HELP.indexOf('In Express'));

function header(req: NodeWebhookRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : undefined;
}

async function readBody(req: NodeWebhookRequest, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(header(req, 'content-length') ?? Number.NaN);
  if (declared > max) throw tooLarge(max);
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  const encoder = new TextEncoder();
  for await (const chunk of req) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : (chunk as Uint8Array);
    total += bytes.byteLength;
    // Past the limit keep draining without storing, so the 413 reaches the client.
    if (total > max) over = true;
    if (!over) chunks.push(bytes);
  }
  if (over) throw tooLarge(max);
  return join(chunks, total);
}

async function rawBody(req: NodeWebhookRequest, max: number): Promise<Uint8Array<ArrayBuffer> | string> {
  const parsed = req.body;
  if (typeof parsed === 'string' || parsed instanceof Uint8Array) return parsed as string | Uint8Array<ArrayBuffer>;
  if (parsed !== undefined && parsed !== null) throw new WebhookBodyError('not_raw', RAW_BODY_HELP);
  if (req.readableEnded === true) throw new WebhookBodyError('not_raw', CONSUMED);
  return readBody(req, max);
}

function send(res: NodeWebhookResponse, outcome: Outcome): void {
  if (res.headersSent) return;
  res.statusCode = outcome.status;
  res.setHeader('content-type', 'application/json');
  for (const [name, value] of Object.entries(outcome.headers ?? {})) res.setHeader(name, value);
  res.end(JSON.stringify(outcome.body));
}

async function serve(receiver: Receiver, req: NodeWebhookRequest, res: NodeWebhookResponse): Promise<void> {
  const early = receiver.precheck(
    req.method,
    (req.socket as { encrypted?: unknown } | null | undefined)?.encrypted === true,
    header(req, 'x-forwarded-proto'),
  );
  if (early) return send(res, early);
  let body: Uint8Array<ArrayBuffer> | string;
  try {
    body = await rawBody(req, receiver.maxBodyBytes);
  } catch (error) {
    return send(res, receiver.fail(error));
  }
  send(res, await receiver.handle({ body, headers: req.headers }));
}

/**
 * Creates a webhook receiver for Node `http` and Express: `(req, res) => Promise<void>`. It reads
 * the raw body itself, or takes the Buffer `express.raw()` left in `req.body`; a body already
 * parsed by `express.json()` is refused with 500 and an explanation (fix the middleware order;
 * the service retries). Statuses as for `createWebhookHandler`. Never rejects.
 *
 * @example
 * ```ts
 * app.post('/webhooks/viewlink', express.raw({ type: 'application/json' }), createNodeWebhookHandler({ secret, on }));
 * ```
 * @throws ConfigurationError at creation when no secret is configured (and no `secret: false`).
 */
export function createNodeWebhookHandler(
  options: WebhookHandlerOptions,
): (req: NodeWebhookRequest, res: NodeWebhookResponse) => Promise<void> {
  const receiver = createReceiver(options, 'createNodeWebhookHandler()');
  return async (req, res) => {
    try {
      await serve(receiver, req, res);
    } catch (error) {
      // A stream error (client gone): answer if still possible, never reject.
      try {
        send(res, receiver.fail(error));
      } catch {
        // Nothing left to answer on.
      }
    }
  };
}
