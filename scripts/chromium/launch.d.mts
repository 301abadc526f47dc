// Types of launch.mjs (the workspace type-checks TypeScript only).
/** Debian's Chromium: the only browser the tests, the demo and the runtime matrix use. */
export declare const CHROMIUM: '/usr/bin/chromium';
/** Headless flags that work here; without the network ones Chromium keeps calling home. */
export declare const FLAGS: readonly string[];
/** Makes sure /usr/bin/chromium exists: installs it through scripts/chromium/install.sh or throws. */
export declare function ensureChromium(): string;
