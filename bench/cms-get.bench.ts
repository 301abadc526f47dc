/**
 * Issue 5: a single-post GET with @viewlink/cms vs raw fetch, wpapi (node-wpapi) and
 * @wordpress/api-fetch on one 127.0.0.1 server; then 1,000 posts (10 pages of 100) fetched
 * sequentially vs with bounded concurrency.
 *
 * The server is the CMS fake of @viewlink/mock served by `serve`, with `wp/v2` mapped onto the
 * fake's `cms/v2` so the WordPress clients find their routes. While the fake cannot store posts
 * yet, posts routes are answered from a store of fixture-shaped posts with WordPress's
 * pagination headers (the run says which served them).
 */
import { readFileSync } from 'node:fs';
import { CmsClient } from '@viewlink/cms';
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
// Its declarations are CommonJS-flavoured (TS sees `default.default`); at run time tsx loads the ESM build.
import apiFetchModule from '@wordpress/api-fetch';
// @ts-expect-error wpapi ships no type declarations
import WPAPI from 'wpapi';
import { compare, report, vsRawFetch } from './lib.js';

const TOTAL = 1_000;
const template = JSON.parse(
  readFileSync(new URL('../packages/cms/test/fixtures/wordpress-6.5.5/posts-list-anon.json', import.meta.url), 'utf8'),
)[0] as Record<string, unknown>;

/** Fixture-shaped posts, answered the way WordPress pages them. */
function fallbackStore(origin: () => string) {
  const posts = Array.from({ length: TOTAL }, (_, i) => ({
    ...template,
    id: i + 1,
    slug: `post-${i + 1}`,
    title: { rendered: `Post ${i + 1}` },
  }));
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
    });
  return (url: URL): Response | undefined => {
    const one = /^\/wp-json\/(?:wp|cms)\/v2\/posts\/(\d+)$/.exec(url.pathname);
    if (one) return json(posts[Number(one[1]) - 1]);
    if (!/^\/wp-json\/(?:wp|cms)\/v2\/posts$/.test(url.pathname)) return undefined;
    const perPage = Number(url.searchParams.get('per_page') ?? 10);
    const page = Number(url.searchParams.get('page') ?? 1);
    const pages = Math.ceil(TOTAL / perPage);
    const link = (n: number, rel: string) => `<${origin()}${url.pathname}?per_page=${perPage}&page=${n}>; rel="${rel}"`;
    const links = [...(page > 1 ? [link(page - 1, 'prev')] : []), ...(page < pages ? [link(page + 1, 'next')] : [])];
    return json(posts.slice((page - 1) * perPage, page * perPage), {
      'x-wp-total': String(TOTAL),
      'x-wp-totalpages': String(pages),
      ...(links.length > 0 ? { link: links.join(', ') } : {}),
    });
  };
}

const service = createMockService();
let origin = '';
const store = fallbackStore(() => origin);
let useFallback = false;
// Per-request server latency for the 1,000-post runs (0 = as fast as the fake answers).
let latencyMs = 0;
const running = await serve({
  handle: async (request) => {
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const url = new URL(request.url);
    // Map the WordPress namespace onto the fake's neutral one.
    if (url.pathname.startsWith('/wp-json/wp/v2')) url.pathname = url.pathname.replace('/wp/v2', '/cms/v2');
    if (useFallback) {
      const answer = store(url);
      if (answer) return answer;
    }
    return service.handle(new Request(url, request));
  },
});
origin = running.url;

const root = `${origin}/wp-json`;
const cms = new CmsClient({ baseUrl: origin, restRoot: `${root}/`, namespaces: { cms: 'wp/v2' } });
// Same client without response validation: shows what checking the record against its schema costs.
const unchecked = new CmsClient({
  baseUrl: origin,
  restRoot: `${root}/`,
  namespaces: { cms: 'wp/v2' },
  validation: 'off',
});

// Seed the fake when it stores posts; otherwise fall back to the fixture-shaped store.
let servedBy = 'the CMS fake (@viewlink/mock)';
const probe = await fetch(`${root}/wp/v2/posts`, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    authorization: `Basic ${btoa('admin:fake admin appl pass word xxxx')}`,
  },
  body: JSON.stringify({ title: 'Post 1', status: 'publish' }),
});
if (probe.ok) {
  const seeder = new CmsClient({
    baseUrl: origin,
    restRoot: `${root}/`,
    namespaces: { cms: 'wp/v2' },
    auth: { username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' },
  });
  for (let i = 2; i <= TOTAL; i++) await seeder.posts.create({ title: `Post ${i}`, status: 'publish' });
} else {
  await probe.body?.cancel();
  useFallback = true;
  servedBy = `fixture-shaped posts (the CMS fake answered ${probe.status} to a post create)`;
}
const first = (await cms.posts.list({ per_page: 1 })).items[0];
if (!first) throw new Error('no post to fetch');
const id = first.id;

const apiFetch = ((apiFetchModule as { default?: unknown }).default ?? apiFetchModule) as typeof apiFetchModule.default;
const wp = new WPAPI({ endpoint: root });
apiFetch.use(apiFetch.createRootURLMiddleware(`${root}/`));
const rawUrl = `${root}/wp/v2/posts/${id}`;

const figures = await compare([
  { name: 'raw fetch + JSON.parse', run: async () => (await fetch(rawUrl)).json() },
  { name: '@viewlink/cms posts.get (validated)', run: () => cms.posts.get(id) },
  { name: "@viewlink/cms posts.get (validation: 'off')", run: () => unchecked.posts.get(id) },
  { name: 'wpapi (node-wpapi) posts().id()', run: () => wp.posts().id(id).get() },
  { name: '@wordpress/api-fetch', run: () => apiFetch({ path: `/wp/v2/posts/${id}` }) },
]);

const base = figures[0]?.medianUs ?? 1;
const ours = figures[1]?.medianUs ?? Number.NaN;
const peers = figures.slice(3).map((f) => f.medianUs);
const ahead = peers.every((p) => ours < p);
report({
  title: 'CMS: single-post GET on 127.0.0.1',
  goal: '@viewlink/cms median at most 1.15x raw fetch, and ahead of wpapi and @wordpress/api-fetch',
  rows: vsRawFetch(figures),
  verdict: `${(ours / base).toFixed(2)}x raw fetch (${ours / base <= 1.15 ? 'goal met' : 'goal NOT met'}); ${
    ahead ? 'ahead of both peers' : 'NOT ahead of both peers'
  }. Served by ${servedBy}.`,
});

// 1,000 posts: 10 pages of 100, walked page by page vs fetched with bounded concurrency.
const walk = async () => {
  let n = 0;
  for await (const _ of cms.posts.list({ per_page: 100 })) n++;
  if (n !== TOTAL) throw new Error(`walked ${n} posts, expected ${TOTAL}`);
};
const pooled = (concurrency: number) => async () => {
  const all = await cms.posts.list({ per_page: 100 }).all({ concurrency });
  if (all.length !== TOTAL) throw new Error(`fetched ${all.length} posts, expected ${TOTAL}`);
};
const contenders = (label: string) => [
  { name: `sequential (for await, 10 requests), ${label}`, run: walk },
  { name: `all({ concurrency: 4 }), ${label}`, run: pooled(4) },
  { name: `all({ concurrency: 8 }), ${label}`, run: pooled(8) },
];
const bulk = await compare(contenders('0 ms server latency'), { rounds: 10, perRound: 3, warmup: 3 });
// WordPress bootstraps on every request (13-20 ms per simple request, notes/real-wordpress.md):
// with that latency the pages overlap; without it the single-threaded local server is the limit.
latencyMs = 15;
const slow = await compare(contenders('15 ms server latency'), { rounds: 5, perRound: 2, warmup: 1 });
await running.close();

const ratio = (rows: typeof bulk, i: number) => ((rows[i]?.medianUs ?? 0) / (rows[0]?.medianUs ?? 1)).toFixed(2);
report({
  title: 'CMS: fetching 1,000 posts (10 pages of 100) on 127.0.0.1',
  rows: [bulk, slow].flatMap((rows) =>
    rows.map((f, i) => ({
      contender: f.name,
      median: `${(f.medianUs / 1000).toFixed(1)} ms`,
      p95: `${(f.p95Us / 1000).toFixed(1)} ms`,
      'x sequential': ratio(rows, i),
      runs: f.ops,
    })),
  ),
  verdict: `concurrency 4 takes ${ratio(bulk, 1)}x the sequential time with no server latency and ${ratio(slow, 1)}x with 15 ms per request. Served by ${servedBy}.`,
});
