// A connection that fails says why and where (the errno code, the address and port: what a user
// needs to see that nothing listens there), not just "fetch failed"; and never a secret.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConnectionError, createTransport } from '../src/index.js';

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable(),
    (error: unknown) => error,
  );

describe('connection failures name their cause', () => {
  it('a refused connection on a real socket: ECONNREFUSED and the address, with the real fetch', async () => {
    const port = await closedPort();
    const transport = createTransport({ baseUrl: `http://127.0.0.1:${port}`, retry: false });
    const error = await failureOf(
      transport.request({ method: 'GET', path: '/v1/user/watchlist', headers: { authorization: 'Bearer tok_SECRET' } }),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe(
      `Connection failed for GET http://127.0.0.1:${port}/v1/user/watchlist: ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(JSON.stringify(error)).not.toContain('tok_SECRET');
  });

  it('an unknown host: ENOTFOUND and the host name', async () => {
    const fetch = async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('getaddrinfo ENOTFOUND api.nowhere.invalid'), {
          code: 'ENOTFOUND',
          hostname: 'api.nowhere.invalid',
        }),
      });
    };
    const transport = createTransport({ baseUrl: 'https://api.nowhere.invalid', fetch, retry: false });
    const error = await failureOf(transport.request({ method: 'GET', path: '/x' }));
    expect((error as Error).message).toMatch(/: ENOTFOUND api\.nowhere\.invalid$/);
  });

  it('happy eyeballs (an AggregateError per address): the first failure, IPv6 in brackets', async () => {
    const refused = (address: string) =>
      Object.assign(new Error('connect'), { code: 'ECONNREFUSED', address, port: 8080 });
    const fetch = async () => {
      throw new TypeError('fetch failed', { cause: new AggregateError([refused('::1'), refused('127.0.0.1')]) });
    };
    const transport = createTransport({ baseUrl: 'http://localhost:8080', fetch, retry: false });
    const error = await failureOf(transport.request({ method: 'GET', path: '/x' }));
    expect((error as Error).message).toMatch(/: ECONNREFUSED \[::1\]:8080$/);
  });

  it('without a code: the innermost message instead of "fetch failed", secrets redacted', async () => {
    const fetch = async () => {
      throw new TypeError('fetch failed', { cause: new Error('bad port in https://x.test/?api_key=vl_live_SECRET') });
    };
    const transport = createTransport({
      baseUrl: 'https://x.test',
      fetch,
      retry: false,
      secrets: () => ['vl_live_SECRET'],
    });
    const error = await failureOf(transport.request({ method: 'GET', path: '/x' }));
    expect((error as Error).message).toContain('bad port in');
    expect((error as Error).message).not.toContain('fetch failed');
    expect((error as Error).message).not.toContain('vl_live_SECRET');
  });

  it('a server that closes the connection, before the headers or in the body: what undici said, where, and which (real sockets)', async () => {
    let inBody = false;
    const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
      if (!inBody) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"items":');
      setTimeout(() => req.socket.destroy(), 30);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const base = `http://127.0.0.1:${port}`;
      const transport = createTransport({ baseUrl: base, retry: false });
      const send = () =>
        failureOf(
          transport.request({ method: 'GET', path: '/x', headers: { authorization: 'Bearer tok_SECRET' } }),
        ) as Promise<ConnectionError>;
      // It said `UND_ERR_SOCKET`: neither what happened nor where.
      const before = await send();
      expect(before).toBeInstanceOf(ConnectionError);
      expect(before.message).toBe(
        `Connection failed for GET ${base}/x: UND_ERR_SOCKET (other side closed) 127.0.0.1:${port}`,
      );
      // After the headers the request reached the server: said, as a streamed body's fault says it.
      inBody = true;
      const during = await send();
      expect(during.message).toBe(
        `Connection failed for GET ${base}/x: the body broke off: UND_ERR_SOCKET (other side closed) 127.0.0.1:${port}`,
      );
      expect(JSON.stringify([before, during])).not.toContain('tok_SECRET');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
