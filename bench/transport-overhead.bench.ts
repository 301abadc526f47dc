/** Issue 2: per-request overhead of the transport on a small JSON GET, vs raw fetch and plain ky. */
import { createTransport } from '@viewlink/transport';
import ky from 'ky';
import * as z from 'zod/mini';
import { compare, localServer, report, vsRawFetch } from './lib.js';

const body = JSON.stringify({ id: 42, title: 'Small JSON', tags: ['a', 'b'], updated_at: '2026-11-22T10:00:00Z' });
const server = await localServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
const url = `${server.url}/item`;
const Item = z.looseObject({ id: z.int(), title: z.string(), tags: z.array(z.string()), updated_at: z.string() });
const transport = createTransport({ baseUrl: server.url });
const plainKy = ky.create({});

const figures = await compare([
  { name: 'raw fetch + JSON.parse', run: async () => (await fetch(url)).json() },
  { name: 'plain ky .json()', run: () => plainKy.get(url).json() },
  {
    name: '@viewlink/transport (validated)',
    run: () => transport.request({ method: 'GET', path: '/item', schema: Item }),
  },
]);
await server.close();

const base = figures[0]?.medianUs ?? 1;
const ours = figures[2]?.medianUs ?? Number.NaN;
report({
  title: 'Transport overhead: small JSON GET on 127.0.0.1',
  goal: '@viewlink/transport median at most 1.15x raw fetch',
  rows: vsRawFetch(figures),
  verdict: `${(ours / base).toFixed(2)}x raw fetch: ${ours / base <= 1.15 ? 'goal met' : 'goal NOT met'}`,
});
