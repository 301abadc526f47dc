#!/usr/bin/env node
// Packs every package, installs the tarballs into a scratch project outside the workspace,
// and there `import`s and `require`s each one: what a partner gets from npm.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { implementedPackages } from './packages.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const packs = join(root, '.tmp', 'packs');
rmSync(packs, { recursive: true, force: true });
mkdirSync(packs, { recursive: true });
const names = implementedPackages();
for (const name of names) {
  execFileSync('pnpm', ['pack', '--pack-destination', packs], { cwd: join(root, 'packages', name), stdio: 'ignore' });
}
const tarballs = readdirSync(packs).map((file) => join(packs, file));

const project = mkdtempSync(join(tmpdir(), 'viewlink-consumer-'));
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, version: '1.0.0' }));
console.log(`installing ${tarballs.length} tarballs into ${project}`);
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], {
  cwd: project,
  stdio: 'inherit',
});

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
