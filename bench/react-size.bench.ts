/**
 * Issue 20: `@viewlink/react` + `@viewlink/web` for the browser without React, beside
 * react-plaid-link (the most used account-linking binding, which loads Plaid's own script from
 * its CDN at run time, not measured here).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  measureReact,
  REACT_BUDGET_BYTES,
  REACT_HOOKS,
  REACT_PLAID_LINK,
  REACT_WITH_QUERY,
  type SplitBundleSize,
} from '../packages/react/test/measure-size.js';
import { splitSizeRow } from './bundle.js';
import { report } from './lib.js';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const rows: Array<Record<string, string | number>> = [];
const add = (bundle: string, size: SplitBundleSize) => rows.push(splitSizeRow(bundle, size));

const fromSource = await measureReact(REACT_HOOKS);
let ours = fromSource.loaded.gzipped;
add('@viewlink/react (every hook) + @viewlink/web, from source', fromSource);
add('the same + @viewlink/react/query', await measureReact(REACT_WITH_QUERY));
const built = fileURLToPath(new URL('../packages/react/dist/index.js', import.meta.url));
if (existsSync(built)) {
  const size = await measureReact(REACT_HOOKS, { fromSource: false });
  ours = Math.max(ours, size.loaded.gzipped);
  add('@viewlink/react + @viewlink/web (built packages, as installed)', size);
} else console.log(`NOTE: ${built} missing; run pnpm build to measure the built packages too`);
add(
  'react-plaid-link (usePlaidLink + PlaidLink; Plaid loads its own script at run time)',
  await measureReact(REACT_PLAID_LINK),
);
report({
  title: 'Browser bundle size: @viewlink/react',
  goal: `@viewlink/react with @viewlink/web, React and TanStack Query left out, bundled for the browser with esbuild as bundlers that split do (minified, each file gzip -9): what a page loads before anyone links at most ${kB(REACT_BUDGET_BYTES)}; the extension bridge loads on the first connect()`,
  rows,
  verdict: `${kB(ours)}: ${ours <= REACT_BUDGET_BYTES ? 'goal met' : 'goal NOT met'}`,
});
if (!(ours <= REACT_BUDGET_BYTES)) process.exitCode = 1;
