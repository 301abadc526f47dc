#!/usr/bin/env node
// publint and @arethetypeswrong/cli on every built package (run `pnpm build` first), each
// package's LICENSE (npm packs it whatever `files` says) is a copy of the repository's, its
// tarball carries its README (the npm page), and every package its built files import (code and
// .d.ts) is one it declares.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
/** Every problem found, repeated at the end (and in .tmp/check-packages.log) so a CI tail shows it. */
const problems = [];
const problem = (text) => {
  problems.push(text);
  console.error(text);
};
const license = readFileSync('LICENSE', 'utf8');
mkdirSync('.tmp', { recursive: true });
// attw reads a tarball packed here by pnpm (as publint packs), not through its own `npm pack`.
const packs = mkdtempSync(join(process.cwd(), '.tmp', 'check-packages-'));
for (const dir of packages) {
  if (!existsSync(`${dir}/LICENSE`) || readFileSync(`${dir}/LICENSE`, 'utf8') !== license) {
    problem(`${dir}/LICENSE is missing or differs from ./LICENSE: cp LICENSE ${dir}/`);
  }
  for (const missing of undeclaredImports(dir)) {
    problem(`${dir}: its built files import ${missing}, which its package.json does not declare`);
  }
  const destination = join(packs, dir.replace('packages/', ''));
  const pack = run(['pnpm', 'pack', '--pack-destination', destination], dir);
  const tarball = existsSync(destination) ? readdirSync(destination).find((f) => f.endsWith('.tgz')) : undefined;
  if (pack.status !== 0 || tarball === undefined) {
    problem(`pnpm pack failed for ${dir} (exit ${pack.status}):\n${tail(pack.output)}`);
    continue;
  }
  // npm shows the README of the tarball, not of the repository: without it the page is blank.
  const entries = run(['tar', '-tzf', join(destination, tarball)], undefined, false);
  if (!entries.output.split('\n').includes('package/README.md'))
    problem(`${dir}: its tarball ${tarball} has no README.md, so its npm page would be blank`);
  for (const [label, cmd] of [
    ['publint', ['pnpm', 'exec', 'publint', '--strict', dir]],
    // node16 profile: every supported Node resolves `exports`; node10 (no exports) is below engines.node.
    ['attw', ['pnpm', 'exec', 'attw', join(destination, tarball), '--profile', 'node16', '--format', 'table-flipped']],
  ]) {
    const result = run(cmd);
    if (result.status !== 0) problem(`${label} failed for ${dir} (exit ${result.status}):\n${tail(result.output)}`);
  }
}
rmSync(packs, { recursive: true, force: true });

/** Runs `cmd`, echoing its output unless `echo` is false, and returns its exit status and output. */
function run(cmd, cwd, echo = true) {
  const result = spawnSync(cmd[0], cmd.slice(1), { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  if (echo) process.stdout.write(output);
  return { status: result.status, output };
}

/** The last lines of a command's output. */
function tail(output) {
  return output.trimEnd().split('\n').slice(-25).join('\n');
}

writeFileSync('.tmp/check-packages.log', problems.join('\n\n'));
if (problems.length > 0) console.error(`\n=== ${problems.length} problem(s):\n${problems.join('\n\n')}`);
process.exit(problems.length > 0 ? 1 : 0);
