/**
 * Issue 15, lean in the browser: a headless site that lists and reads posts through
 * `@viewlink/cms`, bundled for the browser as npm consumers get it (the built packages, their
 * `browser` fields applied; esbuild, minified, every dependency included, gzip -9), next to the
 * same two reads through wpapi and @wordpress/api-fetch, and next to code that uses the rest.
 * Bundled with code splitting, as an app's production build bundles it (Rolldown, Vite 8's
 * bundler; bench/bundle.ts): what counts is what the page loads, the entry chunk and the chunks it
 * imports statically (each gzipped as served). The chunks `CmsClient` loads only on a first call of
 * another route group (an `import()` this site never runs: packages/cms/test/route-groups.test.ts)
 * are in the total of all chunks, shown beside it; a site that calls those groups counts them all.
 * One row shows the posts site bundled by esbuild's splitting, which keeps every module the page
 * reaches through static imports (barrel files included) in the page's chunks, so it loads all.
 * Two `bound:` rows bundle the same sites with the transport left out, a lower bound for any
 * transport. Goal (issue 22): the posts site at most 20 kB through `PostsClient`, at most 30 kB through
 * `CmsClient` (the earlier 12 kB goal is retired: zod/mini with the post schemas alone is 9.4 kB).
 */
import { fileURLToPath } from 'node:url';
import { bundleSplitForBrowser } from './bundle.js';
import { buildIfStale, report } from './lib.js';

const BUDGET_BYTES = 20_000;
const CMS_CLIENT_BUDGET_BYTES = 30_000;
const repo = fileURLToPath(new URL('../', import.meta.url));
buildIfStale(['schemas', 'transport', 'cms']);

const SITE = '(the headless site, PostsClient)';
const CMS_SITE = 'CmsClient posts.list() + posts.get(id)';
const contenders: Record<string, string> = {
  [`@viewlink/cms: PostsClient list() + get(id) ${SITE}`]: `import { PostsClient } from '@viewlink/cms';
    const posts = new PostsClient({ baseUrl: location.origin });
    const list = await posts.list();
    console.log(list, await posts.get(list.items[0].id));`,
  [`@viewlink/cms: ${CMS_SITE}`]: `import { CmsClient } from '@viewlink/cms';
    const cms = new CmsClient({ baseUrl: location.origin });
    const list = await cms.posts.list();
    console.log(list, await cms.posts.get(list.items[0].id));`,
  '@viewlink/cms: CmsClient + seo, forms and a batch': `import { CmsClient } from '@viewlink/cms';
    const cms = new CmsClient({ baseUrl: location.origin, auth: { username: 'u', applicationPassword: 'p' } });
    console.log(await cms.posts.list(), cms.seo, cms.forms, await cms.batch().posts.create({ title: 'A' }).run());`,
  'wpapi: posts() + posts().id(id)': `import WPAPI from 'wpapi';
    const wp = new WPAPI({ endpoint: location.origin + '/wp-json' });
    const list = await wp.posts();
    console.log(list, await wp.posts().id(list[0].id));`,
  '@wordpress/api-fetch: /wp/v2/posts + /wp/v2/posts/{id}': `import apiFetch from '@wordpress/api-fetch';
    const list = await apiFetch({ path: '/wp/v2/posts' });
    console.log(list, await apiFetch({ path: '/wp/v2/posts/' + list[0].id }));`,
};

// What any client of these routes carries before its own code (resolved as @viewlink/cms resolves them).
const floors: Record<string, string> = {
  'floor: zod/mini + the posts routes schemas (validators as the browser build makes them)': `import { compiledValidator, postRoutes } from '@viewlink/schemas';
    for (const r of Object.values(postRoutes)) console.log(compiledValidator(r.response), r.query, r.body, r.params);`,
  'floor: @viewlink/transport (route client, transport, defineMethods)': `import { createRouteClient, createTransport, defineMethods } from '@viewlink/transport';
    console.log(createTransport({ baseUrl: location.origin }), createRouteClient, defineMethods);`,
  'floor: both (what PostsClient carries before any CMS code)': `import { compiledValidator, postRoutes } from '@viewlink/schemas';
    import { createRouteClient, createTransport, defineMethods } from '@viewlink/transport';
    for (const r of Object.values(postRoutes)) console.log(compiledValidator(r.response), r.query, r.body, r.params);
    console.log(createTransport({ baseUrl: location.origin }), createRouteClient, defineMethods);`,
  'floor: every CMS route schema + transport (what CmsClient carries before any CMS code)': `import { cmsRoutes, compiledValidator } from '@viewlink/schemas';
    import { createRouteClient, createTransport, defineMethods } from '@viewlink/transport';
    for (const r of Object.values(cmsRoutes)) console.log(compiledValidator(r.response), r.query, r.body, r.params);
    console.log(createTransport({ baseUrl: location.origin }), createRouteClient, defineMethods);`,
};

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
// Sites that call other route groups load their chunks too: every chunk counts.
const CALLS_OTHER_GROUPS = 'seo, forms and a batch';
const ESBUILD_SPLIT = `@viewlink/cms: ${CMS_SITE}, esbuild splitting (loads every module it reaches)`;
contenders[ESBUILD_SPLIT] = contenders[`@viewlink/cms: ${CMS_SITE}`] ?? '';
// The built package, resolved as installed (its dependencies through pnpm's symlinks).
const alias = { '@viewlink/cms': `${repo}packages/cms/dist/index.js` };
const rows: Array<Record<string, string | number>> = [];
let site = Number.NaN;
let cmsSite = Number.NaN;
for (const [name, code] of Object.entries(contenders)) {
  const size = await bundleSplitForBrowser(code, { resolveDir: repo, alias, esbuild: name === ESBUILD_SPLIT });
  if (size.nodeImports.length > 0) throw new Error(`${name}: Node built-ins in a browser bundle: ${size.nodeImports}`);
  const counted = name.includes(CALLS_OTHER_GROUPS) ? size.all : size.loaded;
  if (name.includes(SITE)) site = counted.gzipped;
  if (name === `@viewlink/cms: ${CMS_SITE}`) cmsSite = counted.gzipped;
  rows.push({
    bundle: name,
    'minified + gzipped': kB(counted.gzipped),
    minified: kB(counted.minified),
    'chunks counted': counted.chunks,
    'all chunks: gzipped, minified (count)': `${kB(size.all.gzipped)}, ${kB(size.all.minified)} (${size.all.chunks})`,
    bytes: counted.gzipped,
  });
}
// The same two sites with no transport at all (its modules left out of the bundle, as if free):
// what the CMS's own code and the schemas weigh, a lower bound no transport can go under.
const TRANSPORT = ['@viewlink/transport', '@viewlink/transport/errors', '@viewlink/transport/engine'];
const bounds: Record<string, string> = {
  'bound: PostsClient site with no transport at all (CMS code + schemas + zod/mini)':
    contenders[`@viewlink/cms: PostsClient list() + get(id) ${SITE}`] ?? '',
  'bound: CmsClient site with no transport at all (CMS code + schemas + zod/mini)':
    contenders[`@viewlink/cms: ${CMS_SITE}`] ?? '',
};
let siteBound = Number.NaN;
for (const [name, code] of Object.entries(bounds)) {
  const size = await bundleSplitForBrowser(code, { resolveDir: repo, alias, external: TRANSPORT });
  if (name.includes('PostsClient')) siteBound = size.loaded.gzipped;
  rows.push({
    bundle: name,
    'minified + gzipped': kB(size.loaded.gzipped),
    minified: kB(size.loaded.minified),
    'chunks counted': size.loaded.chunks,
    bytes: size.loaded.gzipped,
  });
}
for (const [name, code] of Object.entries(floors)) {
  const size = await bundleSplitForBrowser(code, { resolveDir: `${repo}packages/cms` });
  rows.push({
    bundle: name,
    'minified + gzipped': kB(size.loaded.gzipped),
    minified: kB(size.loaded.minified),
    bytes: size.loaded.gzipped,
  });
}
report({
  title: 'Browser bundle size: a headless site reading posts through @viewlink/cms',
  goal: `a site that lists and reads posts through @viewlink/cms, bundled for the browser as a production build splits it (Rolldown, Vite 8's bundler: code splitting, minified, all dependencies, gzip -9 per chunk; counted: the entry chunk and the chunks it imports statically, i.e. what the page loads; the chunks of route groups it never calls are in the total of all chunks): at most ${kB(BUDGET_BYTES)} through PostsClient, at most ${kB(CMS_CLIENT_BUDGET_BYTES)} through CmsClient`,
  rows,
  verdict:
    `PostsClient ${kB(site)}: ${site <= BUDGET_BYTES ? 'goal met' : 'goal NOT met'}; ` +
    `CmsClient ${kB(cmsSite)}: ${cmsSite <= CMS_CLIENT_BUDGET_BYTES ? 'goal met' : 'goal NOT met'}` +
    (site <= BUDGET_BYTES && cmsSite <= CMS_CLIENT_BUDGET_BYTES
      ? ''
      : ` (docs/decisions/cms.md, "Browser bundle", says what the rest is; with no transport at all PostsClient would be ${kB(siteBound)})`),
});
