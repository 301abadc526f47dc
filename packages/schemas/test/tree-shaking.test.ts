import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = new URL('../src/index.ts', import.meta.url).pathname;

/** Gzipped size of a browser bundle that imports `names` from the schemas' entry. */
async function gzippedBytes(names: string[]): Promise<number> {
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
  return gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array()).length;
}

// The ESM build keeps one file per module (packages/schemas/tsup.config.ts) so that, with
// `sideEffects: false`, an app pays only for the schemas it imports.
describe('tree shaking', () => {
  it('one partner schema costs a fraction of the whole package', async () => {
    const one = await gzippedBytes(['TokenPair']);
    const all = await gzippedBytes(['cmsRoutes', 'partnerRoutes']);
    expect(one).toBeLessThan(8_000);
    expect(all).toBeGreaterThan(one * 2);
  });
});
