#!/usr/bin/env node
// Installs the packed packages into a scratch project outside the workspace (pack-install.mjs),
// and there `import`s and `require`s each one: what a partner gets from npm.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installIntoScratchProject, root } from './pack-install.mjs';

const { project, names } = installIntoScratchProject();

const checks = [];
for (const name of names) {
  const pkg = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
  for (const entry of Object.keys(pkg.exports).filter((key) => key !== './package.json')) {
    const specifier = entry === '.' ? pkg.name : `${pkg.name}/${entry.slice(2)}`;
    checks.push(specifier);
  }
}
const esm = checks
  .map(
    (s, i) =>
      `import * as m${i} from '${s}'; if (Object.keys(m${i}).length === 0) throw new Error('${s}: no exports');`,
  )
  .join('\n');
const cjs = checks
  .map((s) => `if (Object.keys(require('${s}')).length === 0) throw new Error('${s}: no exports');`)
  .join('\n');
writeFileSync(join(project, 'esm.mjs'), `${esm}\nconsole.log('import ok: ${checks.length} entry points');\n`);
writeFileSync(join(project, 'cjs.cjs'), `${cjs}\nconsole.log('require ok: ${checks.length} entry points');\n`);
let failed = 0;
for (const file of ['esm.mjs', 'cjs.cjs']) {
  const run = spawnSync(process.execPath, [file], { cwd: project, stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
// Every declared bin runs from the install (shebang, ESM output, no workspace paths).
for (const name of names) {
  const pkg = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
  for (const bin of Object.keys(pkg.bin ?? {})) {
    const run = spawnSync(join(project, 'node_modules', '.bin', bin), ['--help'], { cwd: project, encoding: 'utf8' });
    if (run.status === 0 && run.stdout.includes(`Usage: ${bin}`)) console.log(`bin ok: ${bin} --help`);
    else {
      failed++;
      console.error(`bin ${bin} --help failed (${run.status}): ${run.stderr}`);
    }
  }
}
if (!failed) rmSync(project, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
