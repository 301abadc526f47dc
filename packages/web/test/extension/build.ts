/** Builds the test extension into `outDir` (esbuild bundles the scripts; the schemas come from source). */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const schemas = fileURLToPath(new URL('../../../schemas/src/index.ts', import.meta.url));

/** Options of {@link buildExtension}. */
export interface ExtensionBuildOptions {
  /**
   * Where the simulated service answers `/__test/whoami` and `/__mock/` (see ./service.ts).
   * Default: the origin of the page that asks to connect (the browser tests serve both there).
   */
  readonly serviceUrl?: string;
}

/** Writes manifest.json, login.html and the three bundled scripts to `outDir`. */
export async function buildExtension(outDir: string, options: ExtensionBuildOptions = {}): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  copyFileSync(join(here, 'manifest.json'), join(outDir, 'manifest.json'));
  copyFileSync(join(here, 'login.html'), join(outDir, 'login.html'));
  await build({
    entryPoints: ['background', 'content', 'login'].map((name) => join(here, 'src', `${name}.ts`)),
    outdir: outDir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    alias: { '@viewlink/schemas': schemas },
    define: { SERVICE_URL: JSON.stringify(options.serviceUrl ?? '') },
    logLevel: 'warning',
  });
  return outDir;
}
