import { defineConfig, type Options } from 'tsup';

/**
 * The one build recipe every package uses: ESM + CJS + .d.ts, not minified (consumers'
 * bundlers minify). `cjsNoExternal` lists ESM-only dependencies (ky 2) that the CJS build
 * must bundle so `require()` works on every Node >= 22; the ESM build keeps them external.
 */
export function packageConfig(overrides: Partial<Options> & { cjsNoExternal?: string[] } = {}) {
  const { cjsNoExternal = [], ...rest } = overrides;
  const shared: Options = {
    entry: ['src/index.ts'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
    splitting: false,
    treeshake: true,
    ...rest,
  };
  return defineConfig([
    { ...shared, format: ['esm'], clean: true },
    { ...shared, format: ['cjs'], clean: false, noExternal: cjsNoExternal },
  ]);
}
