import { defineConfig, type Options } from 'tsup';
import { packageConfig } from '../../tsup.config.base.ts';

// `query` is the TanStack Query subpath (`@viewlink/cms/query`: types only from @tanstack/query-core);
// `preview` the server-side draft reader, whose `browser` condition resolves to `preview-browser`
// (a module that throws), so a client bundle never holds the reader.
const entries = { index: 'src/index.ts', query: 'src/query.ts', preview: 'src/preview.ts' };
const [esm, cjs] = packageConfig({ entry: [...Object.values(entries), 'src/preview-browser.ts'] }) as Options[];

// ESM keeps one file per source module (as @viewlink/schemas does): each route group a `CmsClient`
// loads on first use through `import()` (src/internal/route-groups.ts) stays a module of its own,
// which an app's bundler splits into a chunk of its own and leaves out of a page that never calls
// it. CJS stays one file per entry (its `import()`s become `require`s inside it).
export default defineConfig([
  { ...esm, entry: ['src/**/*.ts'], bundle: false, dts: { entry: entries } } as Options,
  cjs as Options,
]);
