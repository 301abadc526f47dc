/**
 * Debian's Chromium with the test extension, for the browser tests and the demo
 * (examples/demo): installed on demand through scripts/chromium/install.sh, never downloaded.
 */
import { type BrowserContext, chromium } from 'playwright-core';
import { ensureChromium, FLAGS } from '../../../../scripts/chromium/launch.mjs';

export { CHROMIUM, ensureChromium, FLAGS } from '../../../../scripts/chromium/launch.mjs';

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
