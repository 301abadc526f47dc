import { fileURLToPath } from 'node:url';
import { packageConfig } from '../../tsup.config.base.ts';

// @viewlink/schemas is bundled from source, so the facade's dist (ESM and CJS) carries only the
// bridge schemas it uses. (The schemas' own ESM build now tree-shakes as well: one module per file,
// every schema pure-marked; its CJS build is one file that does not.)
// @viewlink/transport/errors stays external so `instanceof ViewlinkError` holds across packages.
// The ESM build is split: `connect()`'s link flow (src/core/link.ts, loaded by `import()`) is a
// chunk of its own, which bundlers that split load on the first link only. The CJS build inlines
// it (one file per entry, no `import()` for `require()` users).
const schemas = fileURLToPath(new URL('../schemas/src/index.ts', import.meta.url));

export default packageConfig({
  entry: ['src/index.ts', 'src/consent.ts'],
  platform: 'browser',
  splitting: true,
  cjsSplitting: false,
  noExternal: ['@viewlink/schemas'],
  cjsNoExternal: ['@viewlink/schemas'],
  esbuildOptions(options) {
    options.alias = { ...options.alias, '@viewlink/schemas': schemas };
  },
});
