/** Issue 4: size of `import { SDK } from '@viewlink/web'` for the browser, next to zod/mini and ky alone. */
import { existsSync } from 'node:fs';
import { BUILT_ENTRY, CONTENDERS, measure, WEB_BUDGET_BYTES } from '../packages/web/test/measure-size.js';
import { report } from './lib.js';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const rows: Array<Record<string, string | number>> = [];
let sdk = Number.NaN;
for (const [name, code] of Object.entries(CONTENDERS)) {
  const size = await measure(code);
  if (name === "import { SDK } from '@viewlink/web'") sdk = size.gzipped;
  rows.push({
    bundle: name,
    'minified + gzipped': kB(size.gzipped),
    minified: kB(size.minified),
    bytes: size.gzipped,
  });
}
// As npm consumers get it: the built dist, its dependencies' dist files through node_modules.
if (existsSync(BUILT_ENTRY)) {
  const size = await measure(CONTENDERS["import { SDK } from '@viewlink/web'"], { fromSource: false });
  sdk = Math.max(sdk, size.gzipped);
  rows.splice(1, 0, {
    bundle: "import { SDK } from '@viewlink/web' (built package, as installed)",
    'minified + gzipped': kB(size.gzipped),
    minified: kB(size.minified),
    bytes: size.gzipped,
  });
} else console.log(`NOTE: ${BUILT_ENTRY} missing; run pnpm build to measure the built package too`);
report({
  title: 'Browser bundle size: @viewlink/web',
  goal: `import { SDK } from '@viewlink/web', bundled for the browser with esbuild (minified, all dependencies, gzip -9), at most ${kB(WEB_BUDGET_BYTES)}`,
  rows,
  verdict: `${kB(sdk)}: ${sdk <= WEB_BUDGET_BYTES ? 'goal met' : 'goal NOT met'}`,
});
if (!(sdk <= WEB_BUDGET_BYTES)) process.exitCode = 1;
