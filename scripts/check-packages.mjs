#!/usr/bin/env node
// publint and @arethetypeswrong/cli on every built package (run `pnpm build` first), each
// package's LICENSE (npm packs it whatever `files` says) is a copy of the repository's, and every
// package its built files import (code and .d.ts) is one it declares.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { implementedPackages } from './packages.mjs';

const builtins = new Set(builtinModules);
/**
 * Bare specifiers (`from 'x'`, `import('x')`, `require('x')`) in a built file, reduced to package
 * names. Lines of doc comments (` * ...`) are left out: a TSDoc example may import a peer the user
 * brings (ioredis).
 */
function importedPackages(source) {
  const names = new Set();
  const code = source.replace(/^\s*\*.*$/gm, '');
  for (const [, spec] of code.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]([^'"./][^'"]*)['"]/g)) {
    if (spec.startsWith('node:') || builtins.has(spec)) continue;
    const parts = spec.split('/');
    names.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
  return names;
}

/** Packages the dist of `dir` imports without declaring them (dependencies or peerDependencies). */
function undeclaredImports(dir) {
  const manifest = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  const missing = new Set();
  for (const file of readdirSync(`${dir}/dist`, { recursive: true })) {
    if (!/\.(c|m)?js$|\.d\.(c|m)?ts$/.test(file)) continue;
    for (const name of importedPackages(readFileSync(join(dir, 'dist', file), 'utf8')))
      if (!declared.has(name)) missing.add(`${name} (dist/${file})`);
  }
  return [...missing];
}

const packages = implementedPackages().map((name) => `packages/${name}`);
let failed = 0;
const license = readFileSync('LICENSE', 'utf8');
for (const dir of packages) {
  if (!existsSync(`${dir}/LICENSE`) || readFileSync(`${dir}/LICENSE`, 'utf8') !== license) {
    failed++;
    console.error(`${dir}/LICENSE is missing or differs from ./LICENSE: cp LICENSE ${dir}/`);
  }
  for (const missing of undeclaredImports(dir)) {
    failed++;
    console.error(`${dir}: its built files import ${missing}, which its package.json does not declare`);
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
