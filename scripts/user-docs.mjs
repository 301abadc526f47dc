// The markdown a user reads: README.md, every guide under docs/ and the package READMEs (their npm pages).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allPackages } from './packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Generated, not written by hand: typedoc's output, the OpenAPI documents, the benchmark tables. */
const generated = ['docs/api', 'docs/benchmarks.md', 'docs/openapi'];

/** Their paths relative to the repository root; package READMEs of `packages` (default: every package) that exist. */
export function userDocs(packages = allPackages) {
  const found = ['README.md'];
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = `${dir}/${name}`;
      if (generated.includes(path)) continue;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  for (const name of packages)
    if (existsSync(join(root, `packages/${name}/README.md`))) found.push(`packages/${name}/README.md`);
  return found;
}
