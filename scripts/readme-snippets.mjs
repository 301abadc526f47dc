#!/usr/bin/env node
// README code samples are copies of type-checked files under examples/readme/: each block
// follows a `<!-- snippet: path -->` line. `--check` fails when a copy is stale; without it,
// the copies are rewritten from the files.
import { readFileSync, writeFileSync } from 'node:fs';

const check = process.argv.includes('--check');
const readme = readFileSync('README.md', 'utf8');
let stale = 0;
let count = 0;
const updated = readme.replace(/<!-- snippet: (\S+) -->\n```(\w+)\n([\s\S]*?)```/g, (_whole, path, lang, current) => {
  count++;
  const source = readFileSync(path, 'utf8');
  if (source !== current) {
    stale++;
    if (check) console.error(`README.md: the sample from ${path} is stale: run \`node scripts/readme-snippets.mjs\``);
  }
  return `<!-- snippet: ${path} -->\n\`\`\`${lang}\n${source}\`\`\``;
});
if (count === 0) {
  console.error('README.md: no `<!-- snippet: ... -->` samples found');
  process.exit(1);
}
if (check) {
  if (stale === 0) console.log(`README.md samples are up to date (${count} from examples/readme)`);
  process.exit(stale ? 1 : 0);
}
writeFileSync('README.md', updated);
console.log(`README.md: ${count} samples written from examples/readme`);
