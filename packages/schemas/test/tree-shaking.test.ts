import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

const entry = new URL('../src/index.ts', import.meta.url).pathname;

/** A minified browser bundle that imports `names` from the schemas' entry: its code and gzipped size. */
async function bundle(names: string[]): Promise<{ code: string; gzipped: number }> {
  const result = await build({
    stdin: {
      contents: `import { ${names.join(', ')} } from ${JSON.stringify(entry)}; console.log(${names.join(', ')});`,
      resolveDir: '.',
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
  });
  const output = result.outputFiles?.[0];
  return { code: output?.text ?? '', gzipped: gzipSync(output?.contents ?? new Uint8Array()).length };
}

/** Gzipped size of a browser bundle that imports `names` from the schemas' entry. */
async function gzippedBytes(names: string[]): Promise<number> {
  return (await bundle(names)).gzipped;
}

// The browser build keeps one file per module (packages/schemas/tsup.config.ts) so that, with
// `sideEffects: false`, an app pays only for the schemas it imports.
describe('tree shaking', () => {
  it('one partner schema costs a fraction of the whole package', async () => {
    const one = await gzippedBytes(['TokenPair']);
    const all = await gzippedBytes(['cmsRoutes', 'partnerRoutes']);
    expect(one).toBeLessThan(8_000);
    expect(all).toBeGreaterThan(one * 2);
  });
});

describe('route slices and the browser build', () => {
  it('the posts routes carry no seo, forms or other content type', async () => {
    const { code, gzipped: posts } = await bundle(['postRoutes']);
    const all = await gzippedBytes(['cmsRoutes']);
    expect(posts).toBeLessThan(all * 0.6);
    // Unused lazy schemas are dropped only when each call is marked pure.
    expect(code).toContain('/cms/v2/posts');
    expect(code).not.toMatch(/\/(seo|forms)\/v1|\/cms\/v2\/(pages|media|menu-items|blocks|templates)/);
  });

  it('a posts read with `_embed` carries no record class (objects of any keys are catchall objects)', async () => {
    // What PostsClient bundles: the posts routes and the `_embedded` schemas of a read with `_embed`.
    const { code } = await bundle(['postRoutes', 'shapedResponseSchema']);
    expect(code).toContain('avatar_urls');
    expect(code).not.toContain('$ZodRecord');
  });

  it('an object of any keys accepts what a string-keyed record accepts, and names the bad key', async () => {
    const { stringMap } = await import('../src/internal/string-map.js');
    const map = stringMap(z.string());
    const record = z.record(z.string(), z.string());
    for (const value of [{}, { 24: 'a', 48: 'b' }, { a: 1 }, [], ['a'], null, 'a', { a: 'x', b: null }]) {
      expect(z.safeParse(map, value).success).toBe(z.safeParse(record, value).success);
    }
    expect(z.safeParse(map, { a: 'x', b: 2 }).error?.issues[0]?.path).toEqual(['b']);
  });

  it('maps the bundled Node build to the browser build, whose compiled-validator has the same exports', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      browser: Record<string, string>;
    };
    // Bundlers that read the `browser` field but not the export conditions get the browser build too.
    expect(pkg.browser).toEqual({ './dist/index.js': './dist/browser/index.js' });
    const [nodeModule, browserModule] = await Promise.all([
      import('../src/compiled-validator.js'),
      import('../src/compiled-validator.browser.js'),
    ]);
    expect(Object.keys(browserModule).sort()).toEqual(Object.keys(nodeModule).sort());
    const { compiledValidator } = await import('../src/compiled-validator.browser.js');
    const schema = z.object({ a: z.string() });
    expect(compiledValidator(schema)).toBe(schema);
  });
});
