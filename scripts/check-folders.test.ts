// The folder check (scripts/check-folders.mjs) on a tiny fixture repository: each kind of
// violation is found, a clean package and a private one pass, and this repository passes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFolders, PENDING } from './check-folders.mjs';

const fixture = mkdtempSync(join(tmpdir(), 'check-folders-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function write(path: string, text: string) {
  const file = join(fixture, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const manifest = (name: string, extra: object = {}) =>
  JSON.stringify({
    name: `@fixture/${name}`,
    type: 'module',
    exports: {
      '.': { import: { types: './dist/index.d.ts', default: './dist/index.js' } },
      './extra': { import: { types: './dist/extra.d.ts', default: './dist/extra.js' } },
    },
    ...extra,
  });

// A package that breaks every rule once.
write('packages/broken/package.json', manifest('broken'));
write(
  'packages/broken/src/index.ts',
  "export { used } from './public/used.js';\nexport { hidden } from './public/passes-on.js';\nexport const inline = 1;\n",
);
write('packages/broken/src/extra.ts', "export { used } from './public/used.js';\n");
write('packages/broken/src/public/used.ts', 'export const used = 1;\nexport const forgotten = 2;\n');
write('packages/broken/src/public/passes-on.ts', "export { hidden } from '../internal/hidden.js';\n");
write('packages/broken/src/public/helper.ts', 'export const helper = 3;\n');
write(
  'packages/broken/src/internal/hidden.ts',
  "import { helper } from '../public/helper.js';\nexport const hidden = helper;\n",
);
write('packages/broken/src/internal/unused.ts', 'export const unused = 4;\n');
// A clean package: public modules reached from its entries, private ones imported; its own test
// may import its internal/ modules, its bin may run code.
write('packages/clean/package.json', manifest('clean', { bin: { clean: './dist/cli.js' } }));
// A bin is a program, not an entry point: it may run code, and what it imports counts as used.
write('packages/clean/src/cli.ts', "import { loud } from './internal/loud.js';\nconsole.log(loud('hi'));\n");
write('packages/clean/src/internal/loud.ts', "export const loud = (text: string) => text + '!';\n");
write('packages/clean/src/index.ts', "export { greet, type Greeting } from './greet.js';\n");
write('packages/clean/src/extra.ts', "export * from './greet.js';\n");
write(
  'packages/clean/src/greet.ts',
  "import { shout } from './internal/shout.js';\nexport type Greeting = string;\nexport const greet = (name: string): Greeting => shout(name);\n",
);
write('packages/clean/src/internal/shout.ts', 'export const shout = (text: string) => text.toUpperCase();\n');
write('packages/clean/test/shout.test.ts', "import { shout } from '../src/internal/shout.js';\nshout('a');\n");
// Another package reaching into the broken one's internal/; a private package is not checked.
write(
  'packages/private/package.json',
  JSON.stringify({ name: '@fixture/private', private: true, exports: { '.': './dist/index.js' } }),
);
write(
  'packages/private/src/index.ts',
  "import { unused } from '../../broken/src/internal/unused.js';\nexport const dead = unused;\n",
);

describe('checkFolders', () => {
  it('reports each broken rule with the file and the export, and nothing in a clean package', () => {
    const violations = checkFolders(fixture);
    expect(violations.map((v) => v.key).sort()).toEqual(
      [
        'packages/broken/src/index.ts:(entry-code)',
        'packages/broken/src/index.ts:hidden',
        'packages/broken/src/public/used.ts:forgotten',
        'packages/broken/src/public/helper.ts:(module)',
        'packages/broken/src/internal/unused.ts:unused',
        'packages/private/src/index.ts:(imports:packages/broken/src/internal/unused.ts)',
      ].sort(),
    );
    const byKey = new Map(violations.map((v) => [v.key, v.message]));
    expect(byKey.get('packages/broken/src/index.ts:hidden')).toContain('packages/broken/src/internal/hidden.ts');
    expect(byKey.get('packages/broken/src/public/used.ts:forgotten')).toContain("export 'forgotten' is dead");
    expect(byKey.get('packages/broken/src/index.ts:(entry-code)')).toContain('line(s) 3');
  });

  it('holds in this repository, apart from the PENDING entries', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const pending = new Set(PENDING);
    expect(checkFolders(root).filter((v) => !pending.has(v.key))).toEqual([]);
  });
});
