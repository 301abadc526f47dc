// Which built files open with "use client" (tsup.config.ts): the hooks entry does, so a Next.js
// server component treats `@viewlink/react` as a client boundary; `@viewlink/react/query` does
// not, so a server component gets the real `viewlinkKeys` and query options instead of client
// references (with the directive, `viewlinkKeys.watchlist` there is a reference, not the key).
import { readFileSync } from 'node:fs';
import type { Options } from 'tsup';
import { describe, expect, it } from 'vitest';
import configs from '../tsup.config.ts';

const builds = (configs as Options[]).map((options) => ({
  entries: Object.values(options.entry ?? {}).map(String),
  banner: typeof options.banner === 'object' ? options.banner.js : undefined,
  formats: [options.format].flat(),
  clean: options.clean,
}));

const of = (entry: string) => builds.filter((build) => build.entries.includes(entry));

describe('"use client" in the built files', () => {
  it('no build cleans dist (one would delete the declarations another already wrote); the build script empties it first', () => {
    expect(builds.map((build) => build.clean)).toEqual([false, false, false, false]);
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.scripts.build).toBe('node ../../scripts/empty-dist.mjs && tsup');
  });

  it('opens the hooks entry (ESM and CJS)', () => {
    expect(
      of('src/index.ts')
        .flatMap((build) => build.formats)
        .sort(),
    ).toEqual(['cjs', 'esm']);
    for (const build of of('src/index.ts')) expect(build.banner).toBe('"use client";');
  });

  it('leaves out @viewlink/react/query (ESM and CJS), built apart from the hooks', () => {
    expect(
      of('src/query.ts')
        .flatMap((build) => build.formats)
        .sort(),
    ).toEqual(['cjs', 'esm']);
    for (const build of of('src/query.ts')) {
      expect(build.banner ?? '').not.toContain('use client');
      expect(build.entries).toEqual(['src/query.ts']);
    }
  });
});
