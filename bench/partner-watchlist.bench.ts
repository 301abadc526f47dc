/**
 * Issue 3: per-request overhead of a watchlist read through PartnerClient (token pair from the
 * store, expiry check, Authorization header, transport, validation by the shared Watchlist
 * schema, compiled by zod through compiledValidator) vs raw fetch + JSON.parse of the same body from the
 * same 127.0.0.1 server.
 * Goal (issue 22): at most 1.20x raw fetch (median).
 * The "timeout + check" row is what a client that validates and can time out does with fetch's own
 * `json()`: a per-attempt timeout (an AbortController and a timer, as the transport arms) plus the
 * same compiled check, and nothing else (no retries, headers, errors or token handling). It was the
 * floor until the transport read bodies itself: it stops at the announced length instead of
 * waiting for the stream's end (docs/decisions.md, "A body is read ..."), so it can beat the row.
 */
import { createPartnerFake, mergedWatchlist } from '@viewlink/mock';
import { PartnerClient } from '@viewlink/partner';
import { compiledValidator, Watchlist } from '@viewlink/schemas';
import { createTransport } from '@viewlink/transport';
import { compare, localServer, report, vsRawFetch } from './lib.js';

// The demo user's real merged watchlist (three categories, overlapping services deduplicated).
const demo = createPartnerFake().users.get('demo-user');
if (!demo) throw new Error('the Partner fake has no demo-user');
const body = JSON.stringify(mergedWatchlist(demo));
const titles = (JSON.parse(body) as Watchlist).categories.reduce((n, c) => n + c.titles.length, 0);

const server = await localServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
const url = `${server.url}/v1/user/watchlist`;
const accessToken = 'vl_at_bench_0123456789';
const client = new PartnerClient({ apiKey: 'vl_bench_api_key', baseUrl: server.url });
const user = client.user({
  user_id: 'bench-user',
  access_token: accessToken,
  refresh_token: 'vl_rt_bench_0123456789',
  expires_at: Date.now() + 24 * 3600_000,
});
const unvalidated = new PartnerClient({
  apiKey: 'vl_bench_api_key',
  baseUrl: server.url,
  validation: 'off',
}).user({
  user_id: 'bench-user',
  access_token: accessToken,
  refresh_token: 'vl_rt_bench_0123456789',
  expires_at: Date.now() + 24 * 3600_000,
});
const transport = createTransport({ baseUrl: server.url });
const compiledWatchlist = compiledValidator(Watchlist);

const figures = await compare([
  {
    name: 'raw fetch + JSON.parse',
    run: async () => (await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } })).json(),
  },
  {
    name: 'raw fetch + timeout signal + compiled check (json())',
    run: async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 30_000);
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: controller.signal,
      });
      const data = await response.json();
      clearTimeout(timer);
      return compiledWatchlist['~standard'].validate(data);
    },
  },
  {
    name: '@viewlink/transport + Watchlist, zod alone (for contrast)',
    run: () =>
      transport.request({
        method: 'GET',
        path: '/v1/user/watchlist',
        headers: { authorization: `Bearer ${accessToken}` },
        schema: Watchlist,
      }),
  },
  {
    // What the client validates with: zod's compiled check first, zod's interpreter only when it fails.
    name: '@viewlink/transport + compiledValidator(Watchlist)',
    run: () =>
      transport.request({
        method: 'GET',
        path: '/v1/user/watchlist',
        headers: { authorization: `Bearer ${accessToken}` },
        schema: compiledWatchlist,
      }),
  },
  { name: 'PartnerClient user.watchlist()', run: () => user.watchlist() },
  { name: "PartnerClient, validation: 'off' (for contrast)", run: () => unvalidated.watchlist() },
]);
await server.close();

const base = figures[0]?.medianUs ?? 1;
const ratio = (name: string) => (figures.find((f) => f.name === name)?.medianUs ?? Number.NaN) / base;
const timeoutAndCheck = ratio('raw fetch + timeout signal + compiled check (json())');
const ours = ratio('PartnerClient user.watchlist()');
report({
  title: `Partner watchlist read on 127.0.0.1 (${titles} titles, ${(Buffer.byteLength(body) / 1024).toFixed(1)} kB)`,
  goal: 'PartnerClient median at most 1.20x raw fetch',
  rows: vsRawFetch(figures),
  verdict: `${ours.toFixed(2)}x raw fetch (raw fetch + timeout + check: ${timeoutAndCheck.toFixed(2)}x): ${ours <= 1.2 ? 'goal met' : 'goal NOT met'}`,
});
