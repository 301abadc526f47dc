import { defineConfig, type Options } from 'tsup';
import { packageConfig } from '../../tsup.config.base.ts';

// `query` is the TanStack Query subpath (`@viewlink/cms/query`: types only from @tanstack/query-core);
// `preview` the server-side draft reader, whose `browser` condition resolves to `preview-browser`
// (a module that throws), so a client bundle never holds the reader.
const entries = { index: 'src/index.ts', query: 'src/query.ts', preview: 'src/preview.ts' };
const [esm, cjs] = packageConfig({ entry: [...Object.values(entries), 'src/preview-browser.ts'] }) as Options[];

// ESM is bundled with splitting: each route group a `CmsClient` loads on first use through
// `import()` (src/internal/route-groups.ts) becomes a chunk of its own, which an app's bundler
// leaves out of a page that never calls it. Not one file per source module: Node loaded 20 more
// modules on `import('@viewlink/cms')` that way (cold import 0.87x openai against 0.80x bundled,
// bench/startup.bench.ts), for the same browser bundle within 0.2 kB. CJS stays one file per
// entry (its `import()`s become `require`s inside it).
export default defineConfig([{ ...esm, splitting: true } as Options, cjs as Options]);
