// Packs every package and installs the tarballs into a scratch project outside the workspace:
// what a partner gets from npm. Shared by the consumer test, the release check and the runtime matrix.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { implementedPackages } from './packages.mjs';

export const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * Packs the built packages into `packs` (default .tmp/packs; a check that may run beside another
 * passes its own folder); returns the package names and tarball paths.
 */
export function packAll(packs = join(root, '.tmp', 'packs')) {
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(packs, { recursive: true });
  const names = implementedPackages();
  for (const name of names) {
    execFileSync('pnpm', ['pack', '--pack-destination', packs], { cwd: join(root, 'packages', name), stdio: 'ignore' });
  }
  return { names, tarballs: readdirSync(packs).map((file) => join(packs, file)) };
}

/**
 * A fresh project in the system temp folder with the given tarballs installed by npm (plus
 * `extra` registry packages, e.g. `['typescript@6.0.3']`). Returns its path.
 */
export function installTarballs(tarballs, { prefix = 'viewlink-consumer-', extra = [] } = {}) {
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
  return project;
}

/** {@link packAll} then {@link installTarballs}. Returns the project path and the package names. */
export function installIntoScratchProject({ prefix = 'viewlink-consumer-', extra = [], packs } = {}) {
  const { names, tarballs } = packAll(packs);
  return { project: installTarballs(tarballs, { prefix, extra }), names };
}

/** The installed manifests of the @viewlink packages in `project` (what the tarballs carried). */
export function installedManifests(project) {
  const scope = join(project, 'node_modules', '@viewlink');
  return readdirSync(scope).map((dir) => JSON.parse(readFileSync(join(scope, dir, 'package.json'), 'utf8')));
}

/**
 * In `project`, `import`s and `require`s every entry point the installed manifests export, and
 * runs every declared bin with `--help`. Returns the number of failures (each printed).
 */
export function checkEntries(project) {
  const manifests = installedManifests(project);
  const specifiers = manifests.flatMap((pkg) =>
    Object.keys(pkg.exports)
      .filter((key) => key !== './package.json')
      .map((entry) => (entry === '.' ? pkg.name : `${pkg.name}/${entry.slice(2)}`)),
  );
  const esm = specifiers
    .map(
      (s, i) =>
        `import * as m${i} from '${s}'; if (Object.keys(m${i}).length === 0) throw new Error('${s}: no exports');`,
    )
    .join('\n');
  const cjs = specifiers
    .map((s) => `if (Object.keys(require('${s}')).length === 0) throw new Error('${s}: no exports');`)
    .join('\n');
  writeFileSync(join(project, 'esm.mjs'), `${esm}\nconsole.log('import ok: ${specifiers.length} entry points');\n`);
  writeFileSync(join(project, 'cjs.cjs'), `${cjs}\nconsole.log('require ok: ${specifiers.length} entry points');\n`);
  let failed = 0;
  for (const file of ['esm.mjs', 'cjs.cjs']) {
    const run = spawnSync(process.execPath, [file], { cwd: project, stdio: 'inherit' });
    if (run.status !== 0) failed++;
  }
  // Every declared bin runs from the install (shebang, ESM output, no workspace paths).
  for (const bin of manifests.flatMap((pkg) => Object.keys(pkg.bin ?? {}))) {
    const run = spawnSync(join(project, 'node_modules', '.bin', bin), ['--help'], { cwd: project, encoding: 'utf8' });
    if (run.status === 0 && run.stdout.includes(`Usage: ${bin}`)) console.log(`bin ok: ${bin} --help`);
    else {
      failed++;
      console.error(`bin ${bin} --help failed (${run.status}): ${run.stderr}`);
    }
  }
  return failed;
}
