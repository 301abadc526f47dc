/**
 * A fault-injecting HTTP proxy on 127.0.0.1 for the hostile-server suites: it sits between a
 * client and a real upstream (the mock service served by `@viewlink/mock/server`), forwards
 * every request, and misbehaves on the requests a test scripted (reset, stall, truncation,
 * rate limits, storms, silence, oversized or undecodable bodies, wrong content types).
 * Every request is counted as it arrives, so tests assert attempts and that no POST repeats.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One way to misbehave. */
export type FaultKind =
  /** Forward the request (the server does the work), then reset the connection: no status line. */
  | { readonly kind: 'reset-before-headers' }
  /** Send the upstream's headers and half its body (content-length of the whole), then reset. */
  | { readonly kind: 'reset-mid-body' }
  /** Send the upstream's headers and half its body, then nothing until the proxy closes. */
  | { readonly kind: 'stall-after-headers' }
  /** Send half the upstream's JSON with chunked framing, cleanly ended: a complete but cut body. */
  | { readonly kind: 'truncated-json' }
  /** Answer with this status, headers and body (429 + Retry-After, 503 storms, HTML error pages). */
  | {
      readonly kind: 'status';
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: string;
    }
  /** Read the request and never answer. */
  | { readonly kind: 'no-answer' }
  /** Answer 200 with a JSON body of `bytes` bytes (a long string field). */
  | { readonly kind: 'oversized'; readonly bytes: number }
  /** Answer 200 with the upstream's JSON in which one string holds bytes that are not UTF-8. */
  | { readonly kind: 'invalid-utf8' }
  /** Answer 200 with an HTML page (a captive portal or a misrouted proxy). */
  | { readonly kind: 'wrong-content-type' }
  /**
   * Send the upstream's status and headers and the first `at` (a fraction) of its body, then:
   * `reset` the connection (what is still in flight is lost, so the client may get less); `stall` (hold it open, silent); `length-close`: close cleanly short
   * of the Content-Length; `chunked-end`: chunked framing ended cleanly (a complete-looking short
   * body); `close-end`: no length, `Connection: close`, closed cleanly (complete-looking too).
   */
  | {
      readonly kind: 'cut-body';
      readonly at: number;
      readonly how: 'reset' | 'stall' | 'length-close' | 'chunked-end' | 'close-end';
    }
  /** Forward the upstream's answer with one body byte at `at` (a fraction) flipped. */
  | { readonly kind: 'corrupt-body'; readonly at: number }
  /** Forward the upstream's answer whole, with `Connection: close` (and close the connection after it). */
  | { readonly kind: 'connection-close' };

/** A scripted fault: which requests it hits and how many times. */
export type Fault = FaultKind & {
  /** `METHOD /path` prefix the request must match (`GET /v1/user/watchlist`); every request when omitted. */
  readonly match?: string;
  /** How many matching requests it hits. Default 1. */
  readonly times?: number;
};

/** One request as the proxy saw it. */
export interface SeenRequest {
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  /** The fault applied, or undefined when it was forwarded untouched. */
  readonly fault: FaultKind['kind'] | undefined;
  /** `Date.now()` at arrival. */
  readonly at: number;
  /** The request's `Range` header, when it had one (a continued download). */
  readonly range?: string | undefined;
}

/** A running proxy. */
export interface FaultProxy {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** Every request received, in order. */
  readonly seen: readonly SeenRequest[];
  /** Queues a fault; faults apply in the order queued. */
  inject(fault: Fault): void;
  /** Requests received for `METHOD /path` (exact path), or all when omitted. */
  count(route?: string): number;
  /** Forgets queued faults and seen requests. */
  reset(): void;
  /** Stops the proxy and drops held connections. */
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'host',
  'upgrade',
]);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) out[name] = value;
  });
  return out;
}

/** Starts a proxy in front of `upstream` (an origin such as `http://127.0.0.1:1234`). */
export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const faults: Array<Fault & { left: number }> = [];
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const take = (method: string, path: string): FaultKind | undefined => {
    const index = faults.findIndex((f) => f.match === undefined || `${method} ${path}`.startsWith(f.match));
    const fault = faults[index];
    if (!fault) return undefined;
    fault.left -= 1;
    if (fault.left <= 0) faults.splice(index, 1);
    return fault;
  };

  const forward = async (req: IncomingMessage, body: Buffer): Promise<Response> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const method = req.method ?? 'GET';
    return fetch(new URL(req.url ?? '/', upstream), {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
      redirect: 'manual',
    });
  };

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://proxy').pathname;
    const fault = take(method, path);
    seen.push({ method, path, fault: fault?.kind, at: Date.now(), range: req.headers.range });
    const body = await readBody(req);
    if (!fault) {
      const upstreamResponse = await forward(req, body);
      const bytes = Buffer.from(await upstreamResponse.arrayBuffer());
      res.writeHead(upstreamResponse.status, { ...headersOf(upstreamResponse), 'content-length': bytes.length });
      res.end(bytes);
      return;
    }
    switch (fault.kind) {
      case 'reset-before-headers': {
        await (await forward(req, body)).arrayBuffer();
        req.socket.resetAndDestroy();
        return;
      }
      case 'reset-mid-body':
      case 'stall-after-headers': {
        const upstreamResponse = await forward(req, body);
        const bytes = Buffer.from(await upstreamResponse.arrayBuffer());
        res.writeHead(upstreamResponse.status, { ...headersOf(upstreamResponse), 'content-length': bytes.length });
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
        // Let the headers and the first half reach the client before the connection dies.
        if (fault.kind === 'reset-mid-body') later(30, () => req.socket.resetAndDestroy());
        return;
      }
      case 'truncated-json': {
        const upstreamResponse = await forward(req, body);
        const text = await upstreamResponse.text();
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(text.slice(0, Math.max(1, Math.floor(text.length / 2))));
        return;
      }
      case 'status': {
        const payload =
          fault.body ?? JSON.stringify({ error: { code: 'proxy_fault', message: `HTTP ${fault.status}` } });
        res.writeHead(fault.status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...fault.headers,
        });
        res.end(payload);
        return;
      }
      case 'no-answer':
        return;
      case 'oversized': {
        const head = '{"filler":"';
        const tail = '"}';
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': fault.bytes });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let left = fault.bytes - head.length - tail.length;
        res.write(head);
        const pump = () => {
          while (left > 0) {
            const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
            left -= piece.length;
            if (!res.write(piece)) return void res.once('drain', pump);
          }
          res.end(tail);
        };
        res.on('error', () => undefined);
        pump();
        return;
      }
      case 'invalid-utf8': {
        const upstreamResponse = await forward(req, body);
        const text = await upstreamResponse.text();
        // Replace the first string value's opening quote contents with an invalid byte sequence.
        const at = text.indexOf('":"') + 3;
        const bytes = Buffer.concat([
          Buffer.from(text.slice(0, at)),
          Buffer.from([0xc3, 0x28, 0xff]),
          Buffer.from(text.slice(at)),
        ]);
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': bytes.length });
        res.end(bytes);
        return;
      }
      case 'cut-body':
      case 'corrupt-body':
      case 'connection-close': {
        const upstreamResponse = await forward(req, body);
        const bytes = Buffer.from(await upstreamResponse.arrayBuffer());
        const headers = headersOf(upstreamResponse);
        if (fault.kind === 'connection-close') {
          res.writeHead(upstreamResponse.status, { ...headers, 'content-length': bytes.length, connection: 'close' });
          res.end(bytes);
          return;
        }
        if (fault.kind === 'corrupt-body') {
          const at = Math.min(bytes.length - 1, Math.floor(bytes.length * fault.at));
          bytes[at] = (bytes[at] ?? 0) ^ 0x5a;
          res.writeHead(upstreamResponse.status, { ...headers, 'content-length': bytes.length });
          res.end(bytes);
          return;
        }
        const part = bytes.subarray(0, Math.floor(bytes.length * fault.at));
        if (fault.how === 'chunked-end') {
          res.writeHead(upstreamResponse.status, headers);
          res.end(part);
          return;
        }
        if (fault.how === 'close-end') {
          // No length and no chunking: the body ends where the connection does.
          res.useChunkedEncodingByDefault = false;
          res.writeHead(upstreamResponse.status, { ...headers, connection: 'close' });
          res.end(part);
          return;
        }
        res.writeHead(upstreamResponse.status, { ...headers, 'content-length': bytes.length });
        // Reset or close a while after the part has left: sooner, a reset drops what is still in the
        // kernel's send buffer (cutting the body earlier than `at`), and on a loaded machine may come
        // before the client read the headers (a fault before the headers, retried as such).
        res.write(part, () => {
          if (fault.how === 'reset') later(250, () => req.socket.resetAndDestroy());
          else if (fault.how === 'length-close') later(250, () => req.socket.end());
        });
        return;
      }
      case 'wrong-content-type': {
        const page = '<!doctype html><html><body><h1>Welcome to the hotel Wi-Fi</h1></body></html>';
        res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'content-length': Buffer.byteLength(page) });
        res.end(page);
        return;
      }
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy failure: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    inject: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    count: (route) =>
      route === undefined ? seen.length : seen.filter((r) => `${r.method} ${r.path}` === route).length,
    reset: () => {
      faults.length = 0;
      seen.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
