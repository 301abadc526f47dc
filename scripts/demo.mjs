#!/usr/bin/env node
// `pnpm demo`: the whole story on the embedded mock service on 127.0.0.1 (examples/demo/main.ts,
// described in docs/demo.md). Flags pass through: `pnpm demo --wordpress` (or `pnpm demo -- --wordpress`).
// Exits with the demo's status: 0 only when every step did what it says.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
const run = spawnSync('pnpm', ['exec', 'tsx', 'examples/demo/main.ts', ...args], { stdio: 'inherit' });
if (run.error) console.error(`demo: could not start: ${run.error.message}`);
process.exit(run.status ?? 1);
