// Debian's Chromium for every headless use (browser tests, demo, runtime matrix): where it is,
// the flags that work here (/work/shared/notes/toolchain.md), and installing it on demand
// through install.sh. Never a browser downloaded by a tool.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium: the only browser the tests, the demo and the runtime matrix use. */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless flags that work here; without the network ones Chromium keeps calling home. */
export const FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/** Where the installer's output goes: apt prints hundreds of lines that would bury the demo's. */
export const INSTALL_LOG = fileURLToPath(new URL('../../.tmp/chromium-install.log', import.meta.url));

/**
 * Makes sure /usr/bin/chromium exists: installs it through scripts/chromium/install.sh or throws.
 * The installer's output goes to {@link INSTALL_LOG}; one line says so, and its last lines are
 * printed (and in the error) only when the install fails. `options` serve the tests.
 */
export function ensureChromium(options = {}) {
  const chromium = options.chromium ?? CHROMIUM;
  const installer = options.installer ?? fileURLToPath(new URL('./install.sh', import.meta.url));
  const log = options.log ?? INSTALL_LOG;
  if (existsSync(chromium)) return chromium;
  mkdirSync(dirname(log), { recursive: true });
  console.log(`Installing Debian's Chromium through apt (log: ${log})`);
  const fd = openSync(log, 'w');
  let run;
  try {
    run = spawnSync('sh', [installer], { stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
  if (run.status === 0 && existsSync(chromium)) return chromium;
  const tail = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-20).join('\n');
  console.error(tail);
  throw new Error(
    run.status === 0
      ? `${chromium} is missing and ${installer} did not install it (log: ${log}):\n${tail}`
      : `${installer} failed (exit ${run.status ?? run.signal}; log: ${log}):\n${tail}`,
  );
}
