#!/usr/bin/env node
// Run after a package's build (`node ../../scripts/cjs-types-esm-only.mjs msw` in packages/mock):
// in its CommonJS declarations (dist/*.d.cts), every import of an ESM-only package becomes a
// type-only import resolved as an import: `import type { X } from 'msw' with { 'resolution-mode': 'import' };`.
// Why: a plain import in a .d.cts is a `require` to TypeScript, and of an ESM-only package that
// is TS1479 for a CJS consumer under `module: node16` (or nodenext before TypeScript 5.8) with
// skipLibCheck off, while at run time `require(esm)` loads it (Node >= 22.12, the package's
// engines). The declaration bundler drops the attribute when it is in the source, so it is
// written here. Fails when an import of the package is left in a form it cannot rewrite.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const packages = process.argv.slice(2);
if (packages.length === 0) {
  console.error('usage: node cjs-types-esm-only.mjs <esm-only package>...');
  process.exit(2);
}
const dist = join(process.cwd(), 'dist');
const quoted = (name) => `['"]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"]`;
let rewritten = 0;
const left = [];
for (const file of readdirSync(dist).filter((name) => name.endsWith('.d.cts'))) {
  const path = join(dist, file);
  let text = readFileSync(path, 'utf8');
  for (const name of packages) {
    // Named imports, `type` or not: declarations only ever use them as types.
    const named = new RegExp(`^import (?:type )?(\\{[^}]*\\}) from (${quoted(name)});$`, 'gm');
    text = text.replace(named, (_line, names, from) => {
      rewritten++;
      return `import type ${names} from ${from} with { 'resolution-mode': 'import' };`;
    });
    const other = new RegExp(
      `^import (?!type \\{[^}]*\\} from ${quoted(name)} with \\{ 'resolution-mode': 'import' \\};).*from ${quoted(name)}.*$`,
      'gm',
    );
    for (const match of text.matchAll(other)) left.push(`${file}: ${match[0]}`);
  }
  writeFileSync(path, text);
}
if (left.length > 0) {
  console.error(`cjs-types-esm-only: imports left as require() in the CJS declarations:\n${left.join('\n')}`);
  process.exit(1);
}
console.log(`cjs-types-esm-only: ${rewritten} import(s) of ${packages.join(', ')} in dist/*.d.cts resolved as imports`);
