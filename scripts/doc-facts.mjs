#!/usr/bin/env node
// Facts the user-facing docs (README.md, docs/**, every package README) state, checked against the
// repository: the Node version they promise is one the packages run on, the mock's bin is named
// the way npx finds it, install lines use one package manager, and every error class a package
// exports has its row in docs/errors.md. Prints each problem and exits non-zero on any.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allPackages } from './packages.mjs';
import { userDocs } from './user-docs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');

const problems = [];
const docs = userDocs();

// 1. The Node version the README promises is one every package's `engines.node` accepts.
const lowestNode = Math.max(
  ...allPackages.map((name) =>
    Number(/>=\s*(\d+)/.exec(JSON.parse(read(`packages/${name}/package.json`)).engines?.node ?? '')?.[1] ?? 0),
  ),
);
for (const path of docs) {
  for (const [, major] of read(path).matchAll(/Node(?:\.js)? \(?(\d+) or newer/g)) {
    if (Number(major) < lowestNode)
      problems.push(`${path}: says Node ${major} or newer, but the packages need Node ${lowestNode}`);
  }
}

// 2. `npx viewlink-mock` finds the bin only where @viewlink/mock is installed; elsewhere it needs `-p`.
for (const path of docs) {
  const text = read(path);
  const install = text.search(/npm install (--save-dev |-D )?[^\n]*@viewlink\/mock/);
  for (const match of text.matchAll(/npx (?:-y )?viewlink-mock/g)) {
    if (install === -1 || install > match.index) {
      const line = text.slice(0, match.index).split('\n').length;
      problems.push(
        `${path}:${line}: \`npx viewlink-mock\` before any install of @viewlink/mock: write \`npx -p @viewlink/mock viewlink-mock\``,
      );
    }
  }
}

// 3. One package manager for users: install lines say `npm install`.
for (const path of docs) {
  read(path)
    .split('\n')
    .forEach((line, index) => {
      const other = /\b(pnpm add|yarn add|bun add|npm i|npm add)\s+(-\S+\s+)*@viewlink\//.exec(line);
      if (other) problems.push(`${path}:${index + 1}: \`${other[1]}\`: the docs install with \`npm install\``);
    });
}

// 4. Every exported error class is in the errors guide (its tree, and a table row saying what to do).
const errorsGuide = read('docs/errors.md');
for (const name of allPackages) {
  const src = `packages/${name}/src`;
  if (!existsSync(join(root, src))) continue;
  for (const file of readdirSync(join(root, src), { recursive: true })) {
    if (!String(file).endsWith('.ts')) continue;
    for (const [, error] of read(`${src}/${file}`).matchAll(/^export class (\w+Error)\b/gm)) {
      if (!new RegExp(`\\b${error}\\b`).test(errorsGuide))
        problems.push(`docs/errors.md does not name ${error} (${src}/${file})`);
    }
  }
}

// 5. Every source or test file docs/architecture.md names exists (`transport/src/pipeline/run.ts`, or a
// path inside a package such as `internal/send.ts`, matched by its ending), so a moved file cannot
// leave the walk through the code pointing nowhere.
const sources = allPackages.flatMap((name) =>
  ['src', 'test'].flatMap((folder) => {
    const dir = `packages/${name}/${folder}`;
    return existsSync(join(root, dir))
      ? readdirSync(join(root, dir), { recursive: true }).map((file) => `${dir}/${String(file)}`)
      : [];
  }),
);
for (const [, named] of read('docs/architecture.md').matchAll(/`?([\w./-]+\.tsx?)\b/g)) {
  const tail = named.replace(/^(\w+)\/(src|test)\//, 'packages/$1/$2/');
  if (!sources.some((file) => file === tail || file.endsWith(`/${tail}`)))
    problems.push(`docs/architecture.md names ${named}, which is no source or test file of a package`);
}

for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log(
  `${docs.length} docs checked: Node version, npx names, install lines, the errors table, the files docs/architecture.md names`,
);
