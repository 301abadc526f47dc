#!/usr/bin/env node
// publint and @arethetypeswrong/cli on every built package (run `pnpm build` first), and each
// package's LICENSE (npm packs it whatever `files` says) is a copy of the repository's.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { implementedPackages } from './packages.mjs';

const packages = implementedPackages().map((name) => `packages/${name}`);
let failed = 0;
const license = readFileSync('LICENSE', 'utf8');
for (const dir of packages) {
  if (!existsSync(`${dir}/LICENSE`) || readFileSync(`${dir}/LICENSE`, 'utf8') !== license) {
    failed++;
    console.error(`${dir}/LICENSE is missing or differs from ./LICENSE: cp LICENSE ${dir}/`);
  }
  for (const [label, cmd] of [
    ['publint', ['pnpm', 'exec', 'publint', '--strict', dir]],
    // node16 profile: every supported Node resolves `exports`; node10 (no exports) is below engines.node.
    ['attw', ['pnpm', 'exec', 'attw', '--pack', dir, '--profile', 'node16', '--format', 'table-flipped']],
  ]) {
    const run = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit' });
    if (run.status !== 0) {
      failed++;
      console.error(`${label} failed for ${dir}`);
    }
  }
}
process.exit(failed ? 1 : 0);
