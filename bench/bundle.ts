/**
 * Browser bundle sizes, shared by the bundle-size benches and the web size test: esbuild,
 * minified, tree-shaken, every dependency included, gzip -9, Node built-ins recorded (a browser
 * bundle must have none).
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Sizes of one bundle. */
export interface BundleSize {
  readonly minified: number;
  readonly gzipped: number;
  /** Imports left unresolved for the platform, e.g. `node:fs` (must be empty for the browser). */
  readonly nodeImports: string[];
  /** The minified code. */
  readonly code: string;
}

const NODE_BUILTIN = /^node:|^(fs|path|os|http|https|net|crypto|stream|url|util|zlib|child_process)$/;

/**
 * Bundles `code` (resolved from `resolveDir`) for the browser: packages resolve as installed
 * (their `browser` fields and export conditions apply) unless `alias` maps them elsewhere;
 * `external` packages (a peer the app has anyway, such as React) are left out.
 */
export async function bundleForBrowser(
  code: string,
  { resolveDir, alias, external }: { resolveDir: string; alias?: Record<string, string>; external?: string[] },
): Promise<BundleSize> {
  const nodeImports: string[] = [];
  const result = await build({
    stdin: { contents: code, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    ...(alias ? { alias } : {}),
    ...(external ? { external } : {}),
    plugins: [
      {
        name: 'record-node-builtins',
        setup(b) {
          b.onResolve({ filter: NODE_BUILTIN }, (args) => {
            nodeImports.push(args.path);
            return { path: args.path, external: true };
          });
        },
      },
    ],
    logLevel: 'silent',
  });
  const output = result.outputFiles[0]?.contents ?? new Uint8Array();
  return {
    minified: output.length,
    gzipped: gzipSync(output, { level: 9 }).length,
    nodeImports,
    code: new TextDecoder().decode(output),
  };
}
