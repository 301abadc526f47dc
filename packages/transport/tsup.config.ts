import { defineConfig, type Options } from 'tsup';
import { packageConfig } from '../../tsup.config.base.ts';

const entry = ['src/index.ts', 'src/errors.ts', 'src/engine.ts'];
const [esm, cjs] = packageConfig({ entry, splitting: true }) as Options[];

// The browser build (the `browser` export condition, dist/browser): the same entries with
// `VIEWLINK_BROWSER_BUILD` defined, so the code behind `!BROWSER_BUILD` (src/internal/browser-build.ts:
// tracing on node:diagnostics_channel, socket errno details) is folded away. Types are the ESM build's.
const browser: Options = {
  ...esm,
  outDir: 'dist/browser',
  dts: false,
  sourcemap: false,
  clean: false,
  define: { VIEWLINK_BROWSER_BUILD: 'true' },
  // Folds `BROWSER_BUILD` where it is read (across modules), so the code it guards is dropped here.
  minifySyntax: true,
};

export default defineConfig([esm as Options, cjs as Options, browser]);
