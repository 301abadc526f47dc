/** Serves a fake over real HTTP on 127.0.0.1, for curl, browsers and other languages. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { checkFakeOptions } from '../core/internal/fake-options.js';
import type { Handle } from '../core/router.js';

/** Options of {@link serve}. */
export interface ServeOptions {
  /** Port; 0 picks a free one. Default 0. */
  readonly port?: number;
  /** Host; default `127.0.0.1`. */
  readonly host?: string;
  /** The fake's handle. */
  readonly handle: Handle;
  /**
   * Answers methods a `Request` cannot carry (`TRACE`, `TRACK`, `CONNECT`), e.g. the mock
   * service's `refuseMethod`. Default: 405 with an empty `Allow`.
   */
  readonly refuseMethod?: (method: string, url: URL) => Response | Promise<Response>;
}

/** The names of {@link ServeOptions} (the compiler keeps the list complete). */
const SERVE_OPTION_NAMES = /* @__PURE__ */ Object.keys({
  port: true,
  host: true,
  handle: true,
  refuseMethod: true,
} satisfies { readonly [Name in keyof Required<ServeOptions>]: true });

/** Methods the Fetch standard forbids in a `Request`: answered without calling `handle`. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A running server. */
export interface RunningServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** The port it listens on: the one asked for, or the free one picked for port 0. */
  readonly port: number;
  /** The underlying Node HTTP server (for events or custom timeouts); stop it with `close()`. */
  readonly server: Server;
  /** Stops accepting and closes open connections. */
  close(): Promise<void>;
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Starts an HTTP server answering every request with `handle`.
 * @throws ConfigurationError (of `@viewlink/transport`) for an option name it does not take
 *   (`serve(): hostname is an unknown option (known: port, host, handle, refuseMethod)`).
 */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  checkFakeOptions(options, SERVE_OPTION_NAMES, 'serve()');
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const refuse = async (method: string, url: URL): Promise<Response> =>
    options.refuseMethod
      ? options.refuseMethod(method, url)
      : new Response(JSON.stringify({ code: 'method_not_allowed', message: `${method} is not supported` }), {
          status: 405,
          headers: { 'content-type': 'application/json', allow: '' },
        });
  const server = createServer(async (req, res) => {
    try {
      const method = (req.method ?? 'GET').toUpperCase();
      const response = FORBIDDEN_METHODS.has(method)
        ? await refuse(method, new URL(req.url ?? '/', origin))
        : await options.handle(toRequest(req, origin));
      const headers: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
      });
      res.writeHead(response.status, headers);
      if (response.body && req.method !== 'HEAD') {
        for await (const chunk of response.body) res.write(chunk);
      }
      res.end();
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ code: 'mock_failure', message: error instanceof Error ? error.message : String(error) }),
      );
    }
  });
  // A busy port or an unknown host rejects (the CLI prints one line) instead of an unhandled 'error' event.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: origin,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
