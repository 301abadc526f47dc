/**
 * Issue 15, lean in the browser: a headless site that lists and reads posts through
 * `@viewlink/cms`, bundled for the browser with esbuild (minified, tree-shaken, every dependency
 * included, gzip -9), next to the same two reads through wpapi and @wordpress/api-fetch, and next
 * to code that also uses the other parts (seo, forms, batch). Goal: the posts site at most 12 kB.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { report } from './lib.js';

const BUDGET_BYTES = 12_000;
const repo = fileURLToPath(new URL('../', import.meta.url));
const src = (path: string) => `${repo}packages/${path}`;

/** Minified and gzipped size of `code` bundled for the browser; workspace packages from source. */
async function measure(code: string): Promise<{ minified: number; gzipped: number }> {
  const result = await build({
    stdin: { contents: code, resolveDir: repo, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    alias: {
      '@viewlink/cms': src('cms/src/index.ts'),
      '@viewlink/schemas': src('schemas/src/index.ts'),
      '@viewlink/transport/errors': src('transport/src/errors.ts'),
      '@viewlink/transport': src('transport/src/index.ts'),
    },
    // A site bundle must not need Node: a Node built-in left in fails the measurement.
    plugins: [
      {
        name: 'no-node-builtins',
        setup(b) {
          b.onResolve({ filter: /^node:/ }, (args) => ({
            errors: [{ text: `Node built-in ${args.path} in a browser bundle` }],
          }));
        },
      },
    ],
    logLevel: 'silent',
  });
  const output = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { minified: output.length, gzipped: gzipSync(output, { level: 9 }).length };
}

const POSTS_SITE = "import { CmsClient } from '@viewlink/cms';";
const contenders: Record<string, string> = {
  '@viewlink/cms: posts.list() + posts.get(id) (the headless site)': `${POSTS_SITE}
    const cms = new CmsClient({ baseUrl: location.origin });
    const list = await cms.posts.list();
    console.log(list, await cms.posts.get(list[0].id));`,
  '@viewlink/cms: the site + seo, forms and a batch': `${POSTS_SITE}
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

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const rows: Array<Record<string, string | number>> = [];
let site = Number.NaN;
for (const [name, code] of Object.entries(contenders)) {
  let size: { minified: number; gzipped: number } | undefined;
  try {
    size = await measure(code);
  } catch (error) {
    rows.push({
      bundle: name,
      'minified + gzipped': `does not build: ${String(error).split('\n')[0]}`,
      minified: '-',
      bytes: '-',
    });
    continue;
  }
  if (name.includes('(the headless site)')) site = size.gzipped;
  rows.push({ bundle: name, 'minified + gzipped': kB(size.gzipped), minified: kB(size.minified), bytes: size.gzipped });
}
report({
  title: 'Browser bundle size: a headless site reading posts through @viewlink/cms',
  goal: `import { CmsClient } from '@viewlink/cms' with posts.list() and posts.get(id), bundled for the browser with esbuild (minified, all dependencies, gzip -9), at most ${kB(BUDGET_BYTES)}`,
  rows,
  verdict: `${kB(site)}: ${site <= BUDGET_BYTES ? 'goal met' : 'goal NOT met'}`,
});
