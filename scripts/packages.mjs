// The workspace's publishable packages, and which of them have source to build yet.
import { existsSync, readdirSync } from 'node:fs';

/** Every package directory under packages/. */
export const allPackages = readdirSync(new URL('../packages', import.meta.url)).sort();

/** Packages with an entry point; the others are announced, not silently passed over. */
export function implementedPackages() {
  const ready = allPackages.filter((name) => existsSync(new URL(`../packages/${name}/src/index.ts`, import.meta.url)));
  const missing = allPackages.filter((name) => !ready.includes(name));
  if (missing.length > 0) {
    console.warn(
      `NOTE: not implemented yet (no src/index.ts), so not built, packed or published: ${missing.join(', ')}`,
    );
  }
  return ready;
}
