// Types of launch.mjs (the workspace type-checks TypeScript only).
/** Debian's Chromium: the only browser the tests, the demo and the runtime matrix use. */
export declare const CHROMIUM: '/usr/bin/chromium';
/** Headless flags that work here; without the network ones Chromium keeps calling home. */
export declare const FLAGS: readonly string[];
/** Where the installer's output goes (.tmp/chromium-install.log): apt's lines would bury the demo's. */
export declare const INSTALL_LOG: string;
/** Where to look for Chromium, what installs it and where its output goes (the tests set them). */
export interface EnsureChromiumOptions {
  readonly chromium?: string;
  readonly installer?: string;
  readonly log?: string;
}
/**
 * Makes sure /usr/bin/chromium exists: installs it through scripts/chromium/install.sh or throws.
 * The installer's output goes to a log file, printed (and put in the error) only on failure.
 */
export declare function ensureChromium(options?: EnsureChromiumOptions): string;
