/**
 * What a browser bundle of a posts-only site carries (docs/decisions/cms.md, "Browser bundle"):
 * `PostsClient` must leave out the code only `CmsClient` reaches. Each marker is a string of that
 * code; the `CmsClient` bundle must contain it, so a marker that no longer exists fails here too.
 */
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleSplitForBrowser, type SplitBundleSize } from '../../../bench/bundle.js';

const entry = new URL('../src/index.ts', import.meta.url).pathname;
/** The workspace packages from their sources, as the other tests read them (no build needed). */
const alias = {
  '@viewlink/schemas': new URL('../../schemas/src/index.ts', import.meta.url).pathname,
  '@viewlink/transport': new URL('../../transport/src/index.ts', import.meta.url).pathname,
};

/** A minified browser bundle of a site that lists and reads posts through `client`. */
async function site(client: 'PostsClient' | 'CmsClient'): Promise<string> {
  const posts = client === 'PostsClient' ? 'new PostsClient(options)' : 'new CmsClient(options).posts';
  const result = await build({
    stdin: {
      contents: `import { ${client} } from ${JSON.stringify(entry)};
        const options = { baseUrl: location.origin, compat: 'wordpress' };
        const posts = ${posts};
        const list = await posts.list();
        console.log(list, await posts.get(list.items[0].id));`,
      resolveDir: '.',
      loader: 'ts',
    },
    alias,
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
  });
  return result.outputFiles?.[0]?.text ?? '';
}

/** Code only `CmsClient` needs, each by a string of its own. */
const CMS_CLIENT_ONLY = {
  // RouteRequester#raw (requestRaw, discover)
  'untyped requests': 'expected { method, path }',
  // compat rules of other resources (media edit, media and menu-item meta, block pattern fields)
  "other resources' compat rules": 'image edit route does not take',
  'block pattern field renames': 'wp_pattern_sync_status',
  // resources/templates.ts hands it to its revisions and autosaves (a posts page has none)
  "a never-saved template's 403 hint": 'theme template that was never saved',
  // internal/route-groups.ts: a synchronous use of a route whose group is not loaded yet
  'the refusal of an unloaded group': 'loaded on first use: call it through a method',
} as const;

describe('browser bundle of a posts-only site', () => {
  let postsClient = '';
  let cmsClient = '';
  beforeAll(async () => {
    [postsClient, cmsClient] = await Promise.all([site('PostsClient'), site('CmsClient')]);
  }, 60_000);

  it.each(Object.entries(CMS_CLIENT_ONLY))('PostsClient leaves out %s, CmsClient has them', (_what, marker) => {
    expect(cmsClient).toContain(marker);
    expect(postsClient).not.toContain(marker);
  });

  it("PostsClient keeps compat: 'wordpress' for its own routes", () => {
    // The posts rules (SEO meta keys, parameters newer than WordPress 6.5.5) stay.
    expect(postsClient).toContain('stock WordPress registers no such meta key');
    expect(postsClient).toContain('ignore_sticky');
  });
});

/** Code a `CmsClient` loads on a first use only (an `import()`), each by a string of its own. */
const LOADED_ON_FIRST_USE = {
  // internal/batch-run.ts: a batch's checks, loading, sending and outcomes (the builder stays).
  'running a batch': 'the batch has no operations',
  // internal/media-steps.ts: media.edit()'s checks.
  'media upload and edit steps': 'must contain at least 1 modifier',
  // internal/oembed-xml.ts: the XML reader of oembed lookups.
  'the oEmbed XML reader': 'expected an oEmbed XML document',
  // the route groups (internal/groups/*): here seo/v1's routes.
  'seo/v1 routes': '/seo/v1/ai_generator/get_suggestions',
} as const;

describe('a CmsClient posts page bundled with code splitting (Rolldown, as bench/cms-web-size.bench.ts)', () => {
  let split: SplitBundleSize;
  beforeAll(async () => {
    const source = (path: string) => new URL(path, import.meta.url).pathname;
    split = await bundleSplitForBrowser(
      `import { CmsClient } from '@viewlink/cms';
        const cms = new CmsClient({ baseUrl: location.origin });
        const list = await cms.posts.list();
        console.log(list, await cms.posts.get(list.items[0].id), cms.batch().posts.create({ title: 'A' }).size);`,
      {
        resolveDir: source('.'),
        alias: {
          '@viewlink/cms': entry,
          '@viewlink/schemas': source('../../schemas/src/index.ts'),
          '@viewlink/transport': source('../../transport/src/index.ts'),
        },
      },
    );
  }, 60_000);

  it.each(Object.entries(LOADED_ON_FIRST_USE))(
    '%s: in a chunk of its own, not in what the page loads',
    (_what, marker) => {
      // Compared as booleans: a failure would print the whole bundle.
      expect(split.all.code.includes(marker)).toBe(true);
      expect(split.loaded.code.includes(marker)).toBe(false);
    },
  );
});
