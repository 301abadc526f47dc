import { fileURLToPath } from 'node:url';
import { packageConfig } from '../../tsup.config.base.ts';

// @viewlink/schemas is bundled from source: its published dist is one module whose top-level zod
// calls bundlers cannot drop, so importing it would carry every schema (26 kB instead of 11.6 kB).
// The bridge schemas are PURE-annotated; bundling here keeps only those the facade uses.
// @viewlink/transport/errors stays external so `instanceof ViewlinkError` holds across packages.
const schemas = fileURLToPath(new URL('../schemas/src/index.ts', import.meta.url));

export default packageConfig({
  entry: ['src/index.ts', 'src/consent.ts'],
  platform: 'browser',
  noExternal: ['@viewlink/schemas'],
  cjsNoExternal: ['@viewlink/schemas'],
  esbuildOptions(options) {
    options.alias = { ...options.alias, '@viewlink/schemas': schemas };
  },
});
