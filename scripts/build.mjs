#!/usr/bin/env node
// `pnpm build`: builds every implemented package, dependencies first (pnpm's topological order).
import { spawnSync } from 'node:child_process';
import { implementedPackages } from './packages.mjs';

const filters = implementedPackages().flatMap((name) => ['--filter', `./packages/${name}`]);
const run = spawnSync('pnpm', ['-r', ...filters, 'run', 'build'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
