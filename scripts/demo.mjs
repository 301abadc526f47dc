#!/usr/bin/env node
// `pnpm demo`: the story so far, on the embedded mock service on 127.0.0.1. It grows with each
// package; today it shows the foundation: a route table served by the mock router over real HTTP,
// and the transport's retries, validation and redaction against it. Exits non-zero on any miss.
import { spawnSync } from 'node:child_process';

const run = spawnSync('pnpm', ['exec', 'tsx', 'examples/foundation-demo/main.ts'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
