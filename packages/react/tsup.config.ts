import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { packageConfig } from '../../tsup.config.base.ts';

/**
 * "use client" as the first statement of every built file: Next.js App Router server components
 * may import the package (a client boundary) but never run its hooks. The bundler drops module
 * directives, so it is added after the build, and the source maps shifted by that one line.
 */
function markClient(): void {
  for (const file of ['index.js', 'index.cjs', 'query.js', 'query.cjs']) {
    const path = `dist/${file}`;
    if (!existsSync(path)) continue;
    const code = readFileSync(path, 'utf8');
    if (code.startsWith('"use client";')) continue;
    writeFileSync(path, `"use client";\n${code}`);
    const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { mappings: string };
    map.mappings = `;${map.mappings}`;
    writeFileSync(`${path}.map`, JSON.stringify(map));
  }
}

// React, TanStack Query and @viewlink/web stay external (peers and a dependency): one copy each in
// the app. Two entries: the hooks, and the TanStack Query options (`@viewlink/react/query`).
export default packageConfig({
  entry: ['src/index.ts', 'src/query.ts'],
  platform: 'browser',
  onSuccess: async () => markClient(),
});
