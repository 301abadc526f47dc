// Installs one pinned runtime package (node, deno, bun, wrangler) into its own folder under
// .cache/runtimes/, once: a later run finds the marker file and starts at once.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../pack-install.mjs';

export const cacheDir = join(root, '.cache', 'runtimes');

/** The folder and binary of `pkg@version`, whether installed or not. */
export function locate({ pkg, version, bin }) {
  const dir = join(cacheDir, `${pkg}-${version}`);
  return { dir, bin: join(dir, 'node_modules', '.bin', bin), marker: join(dir, '.installed') };
}

/**
 * Resolves with the binary path once `pkg@version` is installed; rejects with npm's own output
 * when the install fails. `cached` says whether the install was skipped.
 */
export function ensureInstalled(spec) {
  const { dir, bin, marker } = locate(spec);
  const wanted = `${spec.pkg}@${spec.version}`;
  if (existsSync(marker) && existsSync(bin) && readFileSync(marker, 'utf8').trim() === wanted)
    return Promise.resolve({ bin, cached: true, seconds: 0 });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `runtime-${spec.pkg}`, private: true }));
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const npm = spawn('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--save-exact', wanted], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk) => (output += chunk));
    npm.stderr.on('data', (chunk) => (output += chunk));
    npm.on('error', (error) => reject(new Error(`npm install ${wanted} could not start: ${error.message}`)));
    npm.on('close', (code) => {
      if (code !== 0 || !existsSync(bin))
        return reject(
          new Error(`npm install ${wanted} failed (exit ${code}; ${bin} present: ${existsSync(bin)}):\n${output}`),
        );
      writeFileSync(marker, `${wanted}\n`);
      resolve({ bin, cached: false, seconds: (Date.now() - started) / 1000 });
    });
  });
}
