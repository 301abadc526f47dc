#!/usr/bin/env node
// Code samples in README.md, the guides (docs/**/*.md) and the package READMEs (the npm pages) are
// copies of type-checked files under examples/: each ```ts/```tsx/```js block follows a
// `<!-- snippet: path -->` line and holds that file verbatim. Without arguments the copies are
// rewritten from the files. `--check` fails when a copy is stale, when a guide holds a ts/js block
// without a marker (it would not be compiled), when a file under examples/docs is used by no
// guide, or when a published package has no README with an install line, a sample and a guide named.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { implementedPackages } from './packages.mjs';
import { userDocs } from './user-docs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
const codeLanguages = new Set(['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'typescript', 'javascript']);
const marker = /^<!-- snippet: (\S+) -->$/;
const fence = /^(\s*)```(\S*)\s*$/;
/** Every published package's README (its npm page), relative to the repository root. */
const packageReadmes = implementedPackages().map((name) => `packages/${name}/README.md`);

/** Every markdown file that may hold samples, relative to the repository root. */
const markdownFiles = () => userDocs(implementedPackages());

/** Every sample file a guide may include, relative to the repository root. */
function exampleFiles(dir) {
  if (!existsSync(join(root, dir))) return [];
  return (
    readdirSync(join(root, dir), { recursive: true })
      .map((name) => `${dir}/${name}`)
      // A tsconfig.json sets how tsc checks samples (examples/docs/tsconfig.json: the Next.js ones): not a sample.
      .filter((path) => statSync(join(root, path)).isFile() && !path.endsWith('/tsconfig.json'))
      .sort()
  );
}

const problems = [];
const used = new Set();
let samples = 0;
let rewritten = 0;

for (const file of markdownFiles()) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const out = [];
  let pendingSnippet; // the path named by the marker just above, if any
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const open = fence.exec(line);
    if (!open) {
      const named = marker.exec(line);
      if (named) pendingSnippet = named[1];
      else if (line.trim() !== '') pendingSnippet = undefined;
      out.push(line);
      continue;
    }
    // A fenced block: find its end.
    const [, indent, lang] = open;
    let end = i + 1;
    while (end < lines.length && lines[end].trim() !== '```') end++;
    const body = lines.slice(i + 1, end);
    const where = `${file}:${i + 1}`;
    if (pendingSnippet !== undefined) {
      samples++;
      const path = pendingSnippet;
      used.add(path);
      if (indent !== '') problems.push(`${where}: a snippet block must not be indented`);
      if (!existsSync(join(root, path))) {
        problems.push(`${where}: the snippet file ${path} does not exist`);
        out.push(...lines.slice(i, end + 1));
      } else {
        // Only .ts/.tsx files under examples/ are type-checked (root tsconfig.json, no allowJs).
        if (!path.startsWith('examples/') || !/\.tsx?$/.test(path)) {
          problems.push(`${where}: snippets come from .ts/.tsx files under examples/, not ${path}`);
        }
        const source = readFileSync(join(root, path), 'utf8').replace(/\n$/, '');
        if (source !== body.join('\n')) {
          rewritten++;
          if (check) problems.push(`${where}: the copy of ${path} is stale (run \`node scripts/doc-snippets.mjs\`)`);
        }
        out.push(line, source, '```');
      }
    } else {
      if (codeLanguages.has(lang)) {
        problems.push(
          `${where}: a \`\`\`${lang} block that is not a snippet: move it to a file under examples/ and put \`<!-- snippet: path -->\` above it`,
        );
      }
      out.push(...lines.slice(i, end + 1));
    }
    pendingSnippet = undefined;
    i = end;
  }
  // Write only what changed: other files may be open in someone's editor.
  const updated = out.join('\n');
  if (!check && updated !== lines.join('\n')) writeFileSync(join(root, file), updated);
}

for (const path of exampleFiles('examples/docs')) {
  if (!used.has(path))
    problems.push(`${path} is included by no guide: remove it or add a \`<!-- snippet: ${path} -->\` block`);
}
for (const path of exampleFiles('examples/readme')) {
  if (!used.has(path)) problems.push(`${path} is included by no README sample`);
}

// The npm page of each published package: what it is, how to install it, a sample, the guides.
for (const path of packageReadmes) {
  if (!existsSync(join(root, path))) {
    problems.push(`${path} is missing: every published package needs a README (its npm page)`);
    continue;
  }
  const text = readFileSync(join(root, path), 'utf8');
  // Named as `docs/....md`, not linked: a relative link is dead on the npm page (scripts/package-readmes.test.ts).
  const namesGuide = /`docs\/[^`\s]+\.md`/.test(text);
  if (!/^npm install (--save-dev )?@viewlink\//m.test(text))
    problems.push(`${path}: no \`npm install @viewlink/...\` line`);
  if (!/^<!-- snippet: /m.test(text))
    problems.push(`${path}: no type-checked sample (a \`<!-- snippet: path -->\` block)`);
  if (!namesGuide) problems.push(`${path}: names no guide under docs/ (as \`docs/....md\`)`);
}

if (samples === 0) problems.push('no `<!-- snippet: ... -->` samples found');
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log(
  check
    ? `${samples} code samples in README.md and docs/ are up to date copies of type-checked files`
    : `${samples} code samples checked, ${rewritten} rewritten from their files`,
);
