import { defineConfig, type Options } from 'tsup';

/**
 * The one build recipe every package uses: ESM + CJS + .d.ts, no minification (consumers' bundlers
 * minify), ky bundled into CJS because ky 2 is ESM-only (see docs/decisions.md).
 */
export function packageConfig(overrides: Partial<Options> = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
    splitting: false,
    treeshake: true,
    ...overrides,
  });
}
