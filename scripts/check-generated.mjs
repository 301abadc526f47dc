#!/usr/bin/env node
// Fails when a generated, committed file no longer matches its source.
import { spawnSync } from 'node:child_process';

const checks = [
  ['pnpm', 'exec', 'tsx', 'scripts/build-openapi.ts', '--check'],
  ['pnpm', 'exec', 'tsx', 'scripts/build-types.ts', '--check'],
  ['node', 'scripts/doc-snippets.mjs', '--check'],
  // Not generated, but facts the docs state about the code (Node version, bin, errors): checked alike.
  ['node', 'scripts/doc-facts.mjs'],
];
let failed = 0;
for (const [cmd, ...args] of checks) {
  const run = spawnSync(cmd, args, { stdio: 'inherit' });
  // A command that could not start (pnpm not on PATH) says so instead of failing in silence.
  if (run.error) console.error(`could not run ${cmd}: ${run.error.message} (run through \`npx -y pnpm@10.34.9\`)`);
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
