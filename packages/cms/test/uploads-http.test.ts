/** Uploads over a real HTTP connection (not msw): stream bodies need `duplex: 'half'` in undici. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CmsClient } from '../src/index.js';

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base = '';
const received: Received[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 77, source_url: 'http://x/y' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('uploads over real HTTP', () => {
  it('streams a Node Readable and a Web stream with auth and Content-Disposition', async () => {
    const cms = new CmsClient({
      baseUrl: base,
      restRoot: `${base}/wp-json/`,
      namespaces: { cms: 'wp/v2' },
      auth: { username: 'admin', applicationPassword: 'abcd efgh ijkl mnop' },
    });
    const big = 'x'.repeat(256 * 1024);
    const fromNode = await cms.media.upload(Readable.from([Buffer.from(big), Buffer.from('end')]), {
      filename: 'big.txt',
    });
    const fromWeb = await cms.media.upload(new Blob(['web-bytes']).stream(), { filename: 'café.png' });
    expect([fromNode.id, fromWeb.id]).toEqual([77, 77]);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/wp-json/wp/v2/media', body: `${big}end` });
    expect(received[0]?.headers['content-disposition']).toBe('attachment; filename="big.txt"');
    expect(received[0]?.headers['content-type']).toBe('text/plain');
    expect(received[0]?.headers.authorization).toMatch(/^Basic /);
    expect(received[1]?.body).toBe('web-bytes');
    // The name's UTF-8 bytes in `filename` (WordPress reads only it, as UTF-8), and `filename*`.
    const disposition = Buffer.from(received[1]?.headers['content-disposition'] ?? '', 'latin1').toString('utf8');
    expect(disposition).toBe(`attachment; filename="café.png"; filename*=UTF-8''caf%C3%A9.png`);
  });
});
