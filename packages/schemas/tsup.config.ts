import { defineConfig, type Options } from 'tsup';
import { packageConfig } from '../../tsup.config.base.ts';

// ESM keeps one file per source module: with `sideEffects: false`, a bundler then drops every
// module a browser app does not import (one bundled file would keep all ~200 schemas).
const [esm, cjs] = packageConfig() as Options[];
export default defineConfig([
  { ...esm, entry: ['src/**/*.ts'], bundle: false, dts: { entry: { index: 'src/index.ts' } } },
  cjs as Options,
]);
