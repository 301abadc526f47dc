// Debian's Chromium for every headless use (browser tests, demo, runtime matrix): where it is,
// the flags that work here (/work/shared/notes/toolchain.md), and installing it on demand
// through install.sh. Never a browser downloaded by a tool.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/** Makes sure /usr/bin/chromium exists: installs it through scripts/chromium/install.sh or throws. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  execFileSync('sh', [fileURLToPath(new URL('./install.sh', import.meta.url))], { stdio: 'inherit' });
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing and scripts/chromium/install.sh did not install it`);
  return CHROMIUM;
}
