// Writes the `exports` map of a package from its entry names: `node scripts/set-entries.mjs transport index errors`.
import { readFileSync, writeFileSync } from 'node:fs';

const [pkg, ...entries] = process.argv.slice(2);
const file = `packages/${pkg}/package.json`;
const json = JSON.parse(readFileSync(file, 'utf8'));
json.exports = {};
for (const entry of entries) {
  const key = entry === 'index' ? '.' : `./${entry}`;
  json.exports[key] = {
    import: { types: `./dist/${entry}.d.ts`, default: `./dist/${entry}.js` },
    require: { types: `./dist/${entry}.d.cts`, default: `./dist/${entry}.cjs` },
  };
}
json.exports['./package.json'] = './package.json';
writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
