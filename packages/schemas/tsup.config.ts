import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';
import { packageConfig } from '../../tsup.config.base.ts';
import { stripDescriptionsPlugin } from './build/strip-descriptions.ts';

// The Node ESM build is one bundled file: Node then loads one module on `import()` instead of
// ~75 (each a file read, parse and link: bench/startup.bench.ts). Browsers get the browser build
// below, one file per source module: with `sideEffects: false`, a bundler drops every module a
// browser app does not import (one bundled file would keep all ~200 schemas).
const [esm, cjs] = packageConfig() as Options[];

// The browser build (the `browser` export condition): the same modules without field descriptions
// and route summaries (build/strip-descriptions.ts), with the browser compiled-validator in place
// of zod's compiler. No source maps: they would show the transformed text as the source file.
const src = fileURLToPath(new URL('src', import.meta.url));
const modules = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.startsWith('compiled-validator'))
  .map((file) => [file.replace(/\.ts$/, ''), `src/${file}`]);
const browser: Options = {
  ...esm,
  entry: { ...Object.fromEntries(modules), 'compiled-validator': 'src/compiled-validator.browser.ts' },
  outDir: 'dist/browser',
  bundle: false,
  dts: false,
  sourcemap: false,
  clean: false,
  esbuildPlugins: [stripDescriptionsPlugin()],
};

export default defineConfig([esm as Options, cjs as Options, browser]);
