#!/usr/bin/env node
// Empties the current package's dist/ before its tsup builds run (every package's `build` script).
// No tsup build cleans: tsup runs a package's builds side by side, and the clean of one (its
// declaration step deletes every .d.ts/.d.cts under its outDir) could delete the declarations
// another build had already written (a CJS build's .d.cts, seen lost in a parallel `pnpm build`).
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
