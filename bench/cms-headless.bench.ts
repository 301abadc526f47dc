/**
 * Issue 24: the headless-site paths. 1,000 posts (10 pages of 100) listed through the
 * `@viewlink/cms/query` factories with a real TanStack QueryClient, three consumers asking for
 * each page at once, with the CMS client's in-flight deduplication on vs `dedupe: false`; then
 * the posts page of examples/nextjs-site rendered to HTML on the server, its data read through
 * `PostsClient` vs `@wordpress/api-fetch`.
 *
 * The server is the CMS fake of @viewlink/mock served by `serve`, with `wp/v2` mapped onto the
 * fake's `cms/v2` (as bench/cms-get.bench.ts), seeded with 1,000 posts; it counts the requests it sees.
 */
import { QueryClient } from '@tanstack/query-core';
import { CmsClient, PostsClient } from '@viewlink/cms';
import { cmsQueries } from '@viewlink/cms/query';
import { createMockService } from '@viewlink/mock';
import { serve } from '@viewlink/mock/server';
// Its declarations are CommonJS-flavoured (TS sees `default.default`); at run time tsx loads the ESM build.
import apiFetchModule from '@wordpress/api-fetch';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { compare, report, us } from './lib.js';

const TOTAL = 1_000;
const PAGES = 10;
const CONSUMERS = 3;
const ADMIN = { username: 'admin', applicationPassword: 'fake admin appl pass word xxxx' };

const service = createMockService();
let requests = 0;
// Per-request server latency (0 = as fast as the fake answers).
let latencyMs = 0;
const running = await serve({
  handle: async (request) => {
    requests++;
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const url = new URL(request.url);
    // Map the WordPress namespace onto the fake's neutral one.
    if (url.pathname.startsWith('/wp-json/wp/v2')) url.pathname = url.pathname.replace('/wp/v2', '/cms/v2');
    return service.handle(new Request(url, request));
  },
});
const origin = running.url;
const root = `${origin}/wp-json`;
const wordpress = { baseUrl: origin, restRoot: `${root}/`, namespaces: { cms: 'wp/v2' } } as const;

const seeder = new CmsClient({ ...wordpress, auth: ADMIN });
for (let i = 1; i <= TOTAL; i++) await seeder.posts.create({ title: `Post ${i}`, status: 'publish' });

// 1. Three consumers per page through the query factories, the client deduplicating or not.
// `shared`: one QueryClient for all (TanStack shares the query); `own`: a QueryClient per
// consumer (separate roots or server requests over one CMS client), where only the CMS client
// can share the request.
const listAll = (dedupe: boolean, shared: boolean) => async () => {
  const queries = cmsQueries(new CmsClient({ ...wordpress, dedupe }));
  const one = new QueryClient();
  const clients = Array.from({ length: CONSUMERS }, () => (shared ? one : new QueryClient()));
  const before = requests;
  const pages = await Promise.all(
    Array.from({ length: PAGES }, (_, p) =>
      Promise.all(clients.map((qc) => qc.fetchQuery(queries.posts.list({ per_page: 100, page: p + 1 })))),
    ),
  );
  const seen = pages.reduce((n, consumers) => n + (consumers[0]?.items.length ?? 0), 0);
  if (seen !== TOTAL) throw new Error(`listed ${seen} posts, expected ${TOTAL}`);
  return requests - before;
};
const cases = [
  { name: 'one QueryClient, dedupe on (default)', run: listAll(true, true) },
  { name: 'one QueryClient, dedupe: false', run: listAll(false, true) },
  { name: 'a QueryClient per consumer, dedupe on (default)', run: listAll(true, false) },
  { name: 'a QueryClient per consumer, dedupe: false', run: listAll(false, false) },
];
const counted = new Map<string, number>();
for (const c of cases) counted.set(c.name, await c.run());
const listRows: Array<Record<string, string | number>> = [];
for (const delay of [0, 15]) {
  latencyMs = delay;
  const figures = await compare(
    cases,
    delay === 0 ? { rounds: 8, perRound: 2, warmup: 2 } : { rounds: 4, perRound: 2, warmup: 1 },
  );
  for (const f of figures)
    listRows.push({
      contender: `${f.name}, ${delay} ms server latency`,
      median: `${(f.medianUs / 1000).toFixed(1)} ms`,
      p95: `${(f.p95Us / 1000).toFixed(1)} ms`,
      'HTTP requests': counted.get(f.name) ?? Number.NaN,
      runs: f.ops,
    });
}
latencyMs = 0;
const perConsumerOn = counted.get(cases[2]?.name ?? '');
const perConsumerOff = counted.get(cases[3]?.name ?? '');
report({
  title: `CMS: 1,000 posts through @viewlink/cms/query, ${CONSUMERS} consumers per page, dedupe on vs off`,
  rows: listRows,
  verdict: `${PAGES} pages of 100, each asked for by ${CONSUMERS} consumers at once through \`fetchQuery\`. One QueryClient shares the query itself, so the server sees ${counted.get(cases[0]?.name ?? '')} requests either way; with a QueryClient per consumer the CMS client's deduplication keeps it at ${perConsumerOn} requests, \`dedupe: false\` sends ${perConsumerOff}. Served by the CMS fake (@viewlink/mock).`,
});

// 2. The posts page of examples/nextjs-site (app/posts/page.tsx), rendered to HTML on the server.
interface ListedPage {
  readonly items: ReadonlyArray<{ id: number; title: { rendered?: string | undefined } }>;
  readonly page: number;
  readonly totalPages: number | undefined;
  readonly prevPage: number | undefined;
  readonly nextPage: number | undefined;
}
const PostsPage = ({ list }: { list: ListedPage }) =>
  h(
    'main',
    null,
    h('h1', null, 'Posts'),
    h(
      'ul',
      null,
      list.items.map((post) => h('li', { key: post.id }, h('a', { href: `/posts/${post.id}` }, post.title.rendered))),
    ),
    h(
      'nav',
      null,
      list.prevPage !== undefined && h('a', { href: `/posts?page=${list.prevPage}` }, 'Newer'),
      list.nextPage !== undefined && h('a', { href: `/posts?page=${list.nextPage}` }, 'Older'),
      h('span', null, 'Page ', list.page, ' of ', list.totalPages ?? 1),
    ),
  );

const PER_PAGE = 10;
const PAGE = 2;
const posts = new PostsClient({ baseUrl: origin, compat: 'wordpress' });
const published = { fetchOptions: { next: { revalidate: 60, tags: ['posts'] } } };
const viaViewlink = async () => {
  const list = await posts.list({ per_page: PER_PAGE, page: PAGE, _fields: ['id', 'title', 'excerpt'] }, published);
  return renderToString(h(PostsPage, { list }));
};

const apiFetch = ((apiFetchModule as { default?: unknown }).default ?? apiFetchModule) as typeof apiFetchModule.default;
apiFetch.use(apiFetch.createRootURLMiddleware(`${root}/`));
// api-fetch parses the body only; the page needs WordPress's pagination headers, so read the Response.
const viaApiFetch = async () => {
  const response = (await apiFetch({
    path: `/wp/v2/posts?per_page=${PER_PAGE}&page=${PAGE}&_fields=id,title,excerpt`,
    parse: false,
  })) as Response;
  const items = (await response.json()) as ListedPage['items'];
  const totalPages = Number(response.headers.get('x-wp-totalpages')) || undefined;
  const list: ListedPage = {
    items,
    page: PAGE,
    totalPages,
    prevPage: PAGE > 1 ? PAGE - 1 : undefined,
    nextPage: totalPages !== undefined && PAGE < totalPages ? PAGE + 1 : undefined,
  };
  return renderToString(h(PostsPage, { list }));
};
const rawUrl = `${root}/wp/v2/posts?per_page=${PER_PAGE}&page=${PAGE}&_fields=id,title,excerpt`;
const [ours, theirs] = [await viaViewlink(), await viaApiFetch()];
if (ours !== theirs) throw new Error(`the two renders differ:\n${ours}\n${theirs}`);

const renders = await compare(
  [
    { name: '@viewlink/cms PostsClient + renderToString', run: viaViewlink },
    // What the server takes for the page's request alone: the floor under both renders.
    { name: 'raw fetch + JSON.parse, no render', run: async () => (await fetch(rawUrl)).json() },
    { name: '@wordpress/api-fetch + renderToString', run: viaApiFetch },
  ],
  { rounds: 80, perRound: 10, warmup: 100 },
);
await running.close();
const base = renders[0]?.medianUs ?? Number.NaN;
report({
  title: 'CMS: the Next.js example posts page rendered on the server, @viewlink/cms vs @wordpress/api-fetch',
  rows: renders.map((f) => ({
    contender: f.name,
    median: us(f.medianUs),
    p95: us(f.p95Us),
    'x @viewlink/cms': (f.medianUs / base).toFixed(2),
    renders: f.ops,
  })),
  verdict: `page ${PAGE} at ${PER_PAGE} posts a page (\`_fields\` id, title, excerpt), read and rendered with react-dom/server \`renderToString\` as examples/nextjs-site/app/posts/page.tsx does; both give the same HTML. api-fetch takes ${((renders[2]?.medianUs ?? 0) / base).toFixed(2)}x the time; the request alone (raw fetch, no render) takes ${((renders[1]?.medianUs ?? 0) / base).toFixed(2)}x, so the fake answering from 1,000 stored posts is most of each render. Served by the CMS fake (@viewlink/mock).`,
});
