import { packageConfig } from '../../tsup.config.base.ts';

// React, TanStack Query and @viewlink/web stay external (peers and a dependency): one copy each in
// the app. Two entries: the hooks, and the TanStack Query options (`@viewlink/react/query`).
// "use client" opens every built file: Next.js App Router server components may import the
// package (a client boundary) but never run its hooks. esbuild writes the banner as is; tsup's
// extra rollup tree-shaking pass would drop it as a module directive, so that pass is off
// (esbuild already drops unused code when it bundles).
export default packageConfig({
  entry: ['src/index.ts', 'src/query.ts'],
  platform: 'browser',
  treeshake: false,
  banner: { js: '"use client";' },
});
