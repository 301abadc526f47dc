// Every package builds the same way: its `build` script empties dist/ (scripts/empty-dist.mjs),
// then tsup runs its builds side by side, none of which cleans. A build that cleans deletes every
// .d.ts/.d.cts under its folder when its declaration step starts, so the declarations another
// build had written could go missing (seen: @viewlink/web without its .d.cts after `pnpm build`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from 'tsup';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const packages = readdirSync(join(root, 'packages')).sort();

describe.each(packages)('@viewlink/%s', (name) => {
  it('empties dist in its build script, and no tsup build of it cleans', async () => {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
    // Steps after tsup may rewrite its output (mock: scripts/cjs-types-esm-only.mjs), never clean it.
    expect(manifest.scripts.build).toMatch(
      /^node \.\.\/\.\.\/scripts\/empty-dist\.mjs && tsup(?: && node \.\.\/\.\.\/scripts\/[\w-]+\.mjs[ \w-]*)?$/,
    );
    const config = (await import(join(root, 'packages', name, 'tsup.config.ts'))).default as Options | Options[];
    const builds = [config].flat();
    expect(builds.length).toBeGreaterThan(0);
    for (const build of builds) expect(build.clean ?? false).toBe(false);
  });
});
