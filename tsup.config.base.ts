import { defineConfig, type Options } from 'tsup';

/**
 * The one build recipe every package uses: ESM + CJS + .d.ts, not minified (consumers'
 * bundlers minify). `cjsNoExternal` lists ESM-only dependencies (ky 2) that the CJS build
 * must bundle so `require()` works on every Node >= 22; the ESM build keeps them external.
 * `cjsSplitting: false` keeps the CJS build in one file per entry while the ESM build splits: a
 * dynamic `import()` then stays a chunk for ESM bundlers and is inlined for `require()` users
 * (no `import()` in CJS, which Jest and older tools without VM modules cannot run).
 */
export function packageConfig(overrides: BuildOverrides = {}) {
  return defineConfig(packageBuilds(overrides));
}

/** What {@link packageConfig} takes: tsup's options plus the CJS build's two. */
export type BuildOverrides = Partial<Options> & { cjsNoExternal?: string[]; cjsSplitting?: boolean };

/**
 * The ESM and the CJS build of {@link packageConfig} as a list, for a package that builds its
 * entries apart (`@viewlink/react`). No build cleans `dist`: tsup runs the builds side by side,
 * and one's clean could delete the declarations another already wrote; every package's `build`
 * script empties `dist` first (scripts/empty-dist.mjs).
 */
export function packageBuilds(overrides: BuildOverrides = {}): Options[] {
  const { cjsNoExternal = [], cjsSplitting, ...rest } = overrides;
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
  return [
    { ...shared, format: ['esm'], clean: false },
    {
      ...shared,
      format: ['cjs'],
      clean: false,
      noExternal: cjsNoExternal,
      splitting: cjsSplitting ?? shared.splitting ?? false,
    },
  ];
}
