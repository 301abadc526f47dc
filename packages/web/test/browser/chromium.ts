/**
 * Debian's Chromium with the test extension, for the browser tests and the demo
 * (examples/demo): installed on demand through scripts/chromium/install.sh, never downloaded.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium: the only browser the tests and the demo use. */
export const CHROMIUM = '/usr/bin/chromium';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));

/** Chromium flags that work headless here (docs: /work/shared/notes/toolchain.md). */
export const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Makes sure /usr/bin/chromium exists: installs it through scripts/chromium/install.sh or throws. */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  execFileSync('sh', [join(repo, 'scripts/chromium/install.sh')], { stdio: 'inherit' });
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing and could not be installed`);
  return CHROMIUM;
}

/** A headless Chromium profile with an unpacked extension loaded. */
export interface ExtensionBrowser {
  readonly context: BrowserContext;
  /** The extension's id, read from its service worker's URL. */
  readonly extensionId: string;
  readonly executablePath: string;
}

/** Launches headless Chromium (a fresh temporary profile) with the extension built in `extensionDir`. */
export async function launchWithExtension(extensionDir: string): Promise<ExtensionBrowser> {
  const executablePath = ensureChromium();
  const context = await chromium.launchPersistentContext('', {
    executablePath,
    headless: true,
    args: [...FLAGS, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    return { context, extensionId: new URL(worker.url()).host, executablePath };
  } catch (error) {
    await context.close();
    throw error;
  }
}
