/**
 * Node `http` / Express receiver. Takes `req`/`res` structurally (no node: imports), so the
 * package bundle stays free of Node built-ins for Workers and browsers.
 */
import { RAW_BODY_HELP, WebhookBodyError } from '../errors.js';
import { join, tooLarge } from '../internal/body.js';
import { createReceiver, type Outcome, type Receiver, type WebhookHandlerOptions } from './shared.js';

/**
 * The parts of Node's `IncomingMessage` (or Express's `Request`, Fastify's `FastifyRequest`,
 * NestJS's `@Req()`) the receiver reads.
 */
export interface NodeWebhookRequest {
  /**
   * The body stream, read when no parser ran (Node's `IncomingMessage` is one). Optional: a
   * Fastify request is not iterable, and its parser's Buffer in `body` is used instead.
   */
  readonly [Symbol.asyncIterator]?: (() => AsyncIterator<unknown>) | undefined;
  /** The request method; anything but POST is answered 405. */
  readonly method?: string | undefined;
  /** Headers with lower-case names, as Node gives them; the signature headers and `x-forwarded-proto` are read. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The connection; `socket.encrypted` is true on a TLS socket (`https.createServer`). */
  readonly socket?: unknown;
  /** Set by body parsers: a Buffer/string from `express.raw`/`express.text` is used as-is. */
  readonly body?: unknown;
  /**
   * The bytes a JSON parser kept beside its result: NestJS with `rawBody: true`, or
   * `express.json({ verify: (req, _res, buf) => { req.rawBody = buf } })`. Used before `body`.
   */
  readonly rawBody?: unknown;
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

/**
 * Fastify's reply (`FastifyReply`, also NestJS's `@Res()` on the Fastify platform): the receiver
 * calls `hijack()`, so Fastify sends nothing of its own, and answers on `raw`.
 */
export interface NodeWebhookReply {
  /** The Node response underneath, which the receiver writes. */
  readonly raw: NodeWebhookResponse;
  /** Tells Fastify the answer is written on `raw` by someone else. */
  hijack(): unknown;
}

// A Fastify reply has no setHeader()/end(): writing on it threw, and the request hung unanswered.
function nodeResponse(res: NodeWebhookResponse | NodeWebhookReply): NodeWebhookResponse {
  if (!('raw' in res) || typeof (res as Partial<NodeWebhookReply>).hijack !== 'function')
    return res as NodeWebhookResponse;
  res.hijack();
  return res.raw;
}

// What to change in each Node framework, named in the 500 (the service retries once it is fixed).
const NODE_FRAMEWORK_FIXES =
  " In Fastify register, in the webhook route's plugin, " +
  "addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body)) " +
  'and pass the Fastify request (not request.raw) with reply.hijack(). ' +
  'In NestJS create the app with NestFactory.create(AppModule, { rawBody: true }) ' +
  '(on the Fastify platform NestFactory.create(AppModule, new FastifyAdapter(), { rawBody: true })); ' +
  'req.rawBody is then used.';

const PARSED = RAW_BODY_HELP + NODE_FRAMEWORK_FIXES;

const CONSUMED =
  'The webhook request body was already consumed by another middleware before verification. ' +
  RAW_BODY_HELP.slice(RAW_BODY_HELP.indexOf('In Express')) +
  NODE_FRAMEWORK_FIXES;

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
  for await (const chunk of req as AsyncIterable<unknown>) {
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
  // A parser's kept bytes win over its parsed result: they are what the service signed.
  const kept = req.rawBody;
  if (typeof kept === 'string' || kept instanceof Uint8Array) return kept as string | Uint8Array<ArrayBuffer>;
  const parsed = req.body;
  if (typeof parsed === 'string' || parsed instanceof Uint8Array) return parsed as string | Uint8Array<ArrayBuffer>;
  if (parsed !== undefined && parsed !== null) throw new WebhookBodyError('not_raw', PARSED);
  // Not a stream (a Fastify request whose JSON parser was not replaced): nothing left to read.
  if (req.readableEnded === true || typeof req[Symbol.asyncIterator] !== 'function')
    throw new WebhookBodyError('not_raw', CONSUMED);
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
 * Creates a webhook receiver for Node `http`, Express, Fastify and NestJS: `(req, res) => Promise<void>`.
 * `res` is Node's response (Express's, `reply.raw`) or Fastify's reply itself (NestJS's `@Res()`
 * on either platform), which it hijacks to answer on `reply.raw`. It reads the raw body itself,
 * or takes the bytes a parser kept (`req.rawBody`, as NestJS's `rawBody: true` sets it) or left
 * in `req.body` (`express.raw()`, a Fastify buffer parser); a body only available parsed
 * (`express.json()`) is refused with 500 and the fix for Express, Fastify and NestJS (the service
 * retries). Statuses as for `createWebhookHandler`. Never rejects.
 *
 * @example
 * ```ts
 * app.post('/webhooks/viewlink', express.raw({ type: 'application/json' }), createNodeWebhookHandler({ secret, on }));
 * ```
 * @throws ConfigurationError at creation when no secret is configured (and no `secret: false`).
 */
export function createNodeWebhookHandler(
  options: WebhookHandlerOptions,
): (req: NodeWebhookRequest, res: NodeWebhookResponse | NodeWebhookReply) => Promise<void> {
  const receiver = createReceiver(options, 'createNodeWebhookHandler()');
  return async (req, reply) => {
    let res: NodeWebhookResponse | undefined;
    try {
      res = nodeResponse(reply);
      await serve(receiver, req, res);
    } catch (error) {
      // A stream error (client gone): answer if still possible, never reject.
      try {
        if (res) send(res, receiver.fail(error));
      } catch {
        // Nothing left to answer on.
      }
    }
  };
}
