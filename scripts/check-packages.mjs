#!/usr/bin/env node
// publint and @arethetypeswrong/cli on every built package (run `pnpm build` first).
import { spawnSync } from 'node:child_process';
import { implementedPackages } from './packages.mjs';

const packages = implementedPackages().map((name) => `packages/${name}`);
let failed = 0;
for (const dir of packages) {
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
