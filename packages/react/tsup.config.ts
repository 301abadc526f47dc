import { defineConfig } from 'tsup';
import { packageBuilds } from '../../tsup.config.base.ts';

// React, TanStack Query and @viewlink/web stay external (peers and a dependency): one copy each in
// the app. Two entries, built apart:
// - the hooks (`@viewlink/react`): "use client" opens every built file, so Next.js App Router
//   server components may import the package (a client boundary) but never run its hooks.
//   esbuild writes the banner as is; tsup's extra rollup tree-shaking pass would drop it as a
//   module directive, so that pass is off (esbuild already drops unused code when it bundles).
// - the TanStack Query options (`@viewlink/react/query`): plain functions and keys, no banner, so
//   a server component gets the real `viewlinkKeys` (to prefetch or seed the cache under the same
//   keys), not client references.
// No build cleans `dist` (the build script empties it first): tsup's clean of a build with
// declarations deletes every .d.ts and .d.cts in the folder when its declarations start, those
// the other entry's builds already wrote included.
const hooks = packageBuilds({
  entry: ['src/index.ts'],
  platform: 'browser',
  treeshake: false,
  banner: { js: '"use client";' },
  clean: false,
});
const query = packageBuilds({ entry: ['src/query.ts'], platform: 'browser', clean: false });

export default defineConfig([...hooks, ...query]);
