/**
 * Issue 4 and 22: size of `import { SDK } from '@viewlink/web'` for the browser, next to zod/mini
 * and ky alone. Bundled as Vite, Next.js or esbuild with splitting do: the budget counts what a
 * page loads before anyone links (the entry chunk and its static imports); what the first
 * `connect()` loads (the extension bridge, by `import()`) and the total are reported beside it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILT_ENTRY, CONTENDERS, measure, WEB_BUDGET_BYTES } from '../packages/web/test/measure-size.js';
import { bundleForBrowser, splitSizeRow } from './bundle.js';
import { report } from './lib.js';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const rows: Array<Record<string, string | number>> = [];
let sdk = Number.NaN;
for (const [name, code] of Object.entries(CONTENDERS)) {
  const size = await measure(code);
  if (name === "import { SDK } from '@viewlink/web'") sdk = size.loaded.gzipped;
  rows.push(splitSizeRow(name, size));
}
// As npm consumers get it: the built dist (its chunks), its dependencies' dist files through node_modules.
if (existsSync(BUILT_ENTRY)) {
  const size = await measure(CONTENDERS["import { SDK } from '@viewlink/web'"], { fromSource: false });
  sdk = Math.max(sdk, size.loaded.gzipped);
  rows.splice(1, 0, splitSizeRow("import { SDK } from '@viewlink/web' (built package, as installed)", size));
  // A bundler that does not split inlines the link flow: one file, the lazy module wrapped.
  const one = await bundleForBrowser(CONTENDERS["import { SDK } from '@viewlink/web'"], {
    resolveDir: fileURLToPath(new URL('..', import.meta.url)),
    alias: { '@viewlink/web': BUILT_ENTRY },
  });
  rows.splice(2, 0, {
    bundle: "import { SDK } from '@viewlink/web' (built package, one file: a bundler that does not split)",
    'at start (min + gzip)': kB(one.gzipped),
    'first connect() adds': '- (in the file)',
    'in all': kB(one.gzipped),
    'minified at start': kB(one.minified),
    bytes: one.gzipped,
  });
} else console.log(`NOTE: ${BUILT_ENTRY} missing; run pnpm build to measure the built package too`);
report({
  title: 'Browser bundle size: @viewlink/web',
  goal: `import { SDK } from '@viewlink/web', bundled for the browser with esbuild as bundlers that split do (minified, all dependencies, each file gzip -9): what a page loads before anyone links (the entry chunk and its static imports) at most ${kB(WEB_BUDGET_BYTES)}; the extension bridge loads on the first connect()`,
  rows,
  verdict: `${kB(sdk)}: ${sdk <= WEB_BUDGET_BYTES ? 'goal met' : 'goal NOT met'}`,
});
if (!(sdk <= WEB_BUDGET_BYTES)) process.exitCode = 1;
