/**
 * Browser bundle sizes, shared by the bundle-size benches and the web size test: esbuild,
 * minified, tree-shaken, every dependency included, gzip -9, Node built-ins recorded (a browser
 * bundle must have none). With `splitting`, as Vite, Next.js or esbuild with splitting emit it:
 * what a page loads at start (the entry chunk and its static imports) apart from what a dynamic
 * `import()` loads on demand, each file gzipped on its own as it travels.
 */
import { resolve } from 'node:path';
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

/** Sizes of a split bundle: what loads at start (the {@link BundleSize} fields), on demand, and in all. */
export interface SplitBundleSize extends BundleSize {
  /** Files only a dynamic `import()` reaches (with their static imports not loaded at start). */
  readonly onDemand: Omit<BundleSize, 'nodeImports'>;
  /** Every file. */
  readonly total: Omit<BundleSize, 'nodeImports'>;
  /** How many files load at start. */
  readonly startFiles: number;
}

const NODE_BUILTIN = /^node:|^(fs|path|os|http|https|net|crypto|stream|url|util|zlib|child_process)$/;

/**
 * Bundles `code` (resolved from `resolveDir`) for the browser: packages resolve as installed
 * (their `browser` fields and export conditions apply) unless `alias` maps them elsewhere;
 * `external` packages (a peer the app has anyway, such as React) are left out.
 */
export async function bundleForBrowser(
  code: string,
  settings: { resolveDir: string; alias?: Record<string, string>; external?: string[] },
): Promise<BundleSize> {
  const { outputs, nodeImports } = await bundle(code, settings, false);
  return { ...sizeOf(outputs.map((o) => o.contents)), nodeImports };
}

/**
 * Bundles `code` as {@link bundleForBrowser} does, split into chunks (ESM, as bundlers that split
 * emit it), and measures the start load (the entry chunk and every chunk it imports statically,
 * transitively) apart from the chunks only a dynamic `import()` loads.
 */
export async function bundleForBrowserSplit(
  code: string,
  settings: { resolveDir: string; alias?: Record<string, string>; external?: string[] },
): Promise<SplitBundleSize> {
  const { outputs, nodeImports, metafile, outdir } = await bundle(code, settings, true);
  const byPath = new Map(outputs.map((o) => [o.path, o.contents]));
  const meta = Object.entries(metafile.outputs).filter(([path]) => !path.endsWith('.map'));
  const entry = meta.find(([, output]) => output.entryPoint !== undefined);
  if (!entry) throw new Error('bundleForBrowserSplit: esbuild reported no entry chunk');
  const start = new Set<string>();
  const visit = (path: string) => {
    if (start.has(path)) return;
    start.add(path);
    for (const imported of metafile.outputs[path]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry[0]);
  const contents = (paths: string[]) =>
    paths.map((path) => {
      const file = byPath.get(resolve(outdir, '..', path)) ?? byPath.get(resolve(path));
      if (!file) throw new Error(`bundleForBrowserSplit: no output for ${path}`);
      return file;
    });
  const all = meta.map(([path]) => path);
  return {
    ...sizeOf(contents([...start])),
    nodeImports,
    onDemand: sizeOf(contents(all.filter((path) => !start.has(path)))),
    total: sizeOf(contents(all)),
    startFiles: start.size,
  };
}

/** Minified and gzipped bytes of some files, each gzipped on its own (as each travels). */
function sizeOf(files: Uint8Array[]): Omit<BundleSize, 'nodeImports'> {
  const decoder = new TextDecoder();
  return {
    minified: files.reduce((sum, file) => sum + file.length, 0),
    gzipped: files.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0),
    code: files.map((file) => decoder.decode(file)).join('\n'),
  };
}

async function bundle(
  code: string,
  { resolveDir, alias, external }: { resolveDir: string; alias?: Record<string, string>; external?: string[] },
  splitting: boolean,
) {
  const nodeImports: string[] = [];
  // Split output needs a directory; nothing is written (`write: false`), the path names the chunks.
  const outdir = resolve(resolveDir, '.size-bundle');
  const result = await build({
    stdin: { contents: code, resolveDir, loader: 'ts' },
    ...(splitting ? { splitting: true, outdir, metafile: true } : {}),
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
  return {
    outputs: result.outputFiles,
    nodeImports,
    metafile: result.metafile ?? { inputs: {}, outputs: {} },
    outdir,
  };
}
