// Packs every package and installs the tarballs into a scratch project outside the workspace:
// what a partner gets from npm. Shared by the consumer test and the runtime matrix.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { implementedPackages } from './packages.mjs';

export const root = resolve(new URL('..', import.meta.url).pathname);

/** Packs the built packages into .tmp/packs; returns the package names and tarball paths. */
export function packAll() {
  const packs = join(root, '.tmp', 'packs');
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(packs, { recursive: true });
  const names = implementedPackages();
  for (const name of names) {
    execFileSync('pnpm', ['pack', '--pack-destination', packs], { cwd: join(root, 'packages', name), stdio: 'ignore' });
  }
  return { names, tarballs: readdirSync(packs).map((file) => join(packs, file)) };
}

/**
 * A fresh project in the system temp folder with every tarball installed by npm (plus `extra`
 * registry packages, e.g. `['typescript@6.0.3']`). Returns its path and the package names.
 */
export function installIntoScratchProject({ prefix = 'viewlink-consumer-', extra = [] } = {}) {
  const { names, tarballs } = packAll();
  const project = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, version: '1.0.0', type: 'commonjs' }),
  );
  console.log(
    `installing ${tarballs.length} tarballs${extra.length ? ` and ${extra.join(', ')}` : ''} into ${project}`,
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs, ...extra], {
    cwd: project,
    stdio: 'inherit',
  });
  return { project, names };
}
