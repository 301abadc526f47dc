/**
 * Browser bundle sizes, shared by the bundle-size benches and the web size test: esbuild,
 * minified, tree-shaken, every dependency included, gzip -9, Node built-ins recorded (a browser
 * bundle must have none). Split bundles (`bundleSplitForBrowser`) as an app's build emits them:
 * what a page loads at start (the entry chunk and its static imports) apart from what an
 * `import()` loads on demand, each chunk gzipped on its own as it is served.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type PluginBuild } from 'esbuild';
import { rolldown } from 'rolldown';

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

/** How both bundlers below run esbuild for the browser; Node built-ins are left out and recorded in `nodeImports`. */
function esbuildOptions(
  code: string,
  {
    resolveDir,
    alias,
    external,
  }: { resolveDir: string; alias?: Record<string, string> | undefined; external?: string[] | undefined },
  nodeImports: string[],
) {
  return {
    stdin: { contents: code, resolveDir, loader: 'ts' as const },
    bundle: true,
    minify: true,
    format: 'esm' as const,
    platform: 'browser' as const,
    target: 'es2022',
    write: false as const,
    ...(alias ? { alias } : {}),
    ...(external ? { external } : {}),
    plugins: [
      {
        name: 'record-node-builtins',
        setup(b: PluginBuild) {
          b.onResolve({ filter: NODE_BUILTIN }, (args) => {
            nodeImports.push(args.path);
            return { path: args.path, external: true };
          });
        },
      },
    ],
    logLevel: 'silent' as const,
  };
}

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
  const result = await build(esbuildOptions(code, { resolveDir, alias, external }, nodeImports));
  const output = result.outputFiles[0]?.contents ?? new Uint8Array();
  return {
    minified: output.length,
    gzipped: gzipSync(output, { level: 9 }).length,
    nodeImports,
    code: new TextDecoder().decode(output),
  };
}

/** Sizes of a bundle split into chunks: what a page loads at start, and every chunk. */
export interface SplitBundleSize {
  /** The entry chunk and the chunks it imports statically, transitively: what the page loads before any `import()`. */
  readonly loaded: ChunkSizes;
  /** The chunks only an `import()` loads (every chunk but the loaded ones): what the page fetches when it runs. */
  readonly onDemand: ChunkSizes;
  /** Every chunk, the ones loaded only by an `import()` the page may never run included. */
  readonly all: ChunkSizes;
  /** Imports left unresolved for the platform (must be empty for the browser). */
  readonly nodeImports: string[];
}

/** Total sizes of some chunks, each gzipped on its own (as it is served). */
export interface ChunkSizes {
  readonly minified: number;
  readonly gzipped: number;
  readonly chunks: number;
  /** Their minified code, one after the other (for tests that look inside). */
  readonly code: string;
}

/** One output chunk: its code and the chunks it imports statically. */
interface Chunk {
  readonly code: Uint8Array;
  readonly imports: readonly string[];
}

/** The sizes of `entry` with its static imports (transitively), and of every chunk. */
function chunkSizes(
  chunks: ReadonlyMap<string, Chunk>,
  entry: string,
): { loaded: ChunkSizes; onDemand: ChunkSizes; all: ChunkSizes } {
  const loaded = new Set<string>();
  const visit = (name: string) => {
    if (loaded.has(name) || !chunks.has(name)) return;
    loaded.add(name);
    for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
  };
  visit(entry);
  const measure = (names: Iterable<string>): ChunkSizes => {
    let minified = 0;
    let gzipped = 0;
    let count = 0;
    const texts: string[] = [];
    for (const name of names) {
      const code = chunks.get(name)?.code;
      if (code === undefined) continue;
      count += 1;
      minified += code.length;
      gzipped += gzipSync(code, { level: 9 }).length;
      texts.push(new TextDecoder().decode(code));
    }
    return { minified, gzipped, chunks: count, code: texts.join('\n') };
  };
  return {
    loaded: measure(loaded),
    onDemand: measure([...chunks.keys()].filter((name) => !loaded.has(name))),
    all: measure(chunks.keys()),
  };
}

/**
 * Bundles `code` for the browser with code splitting, as an app's production build does: Rolldown,
 * the bundler of Vite 8 (minified, `browser` conditions and fields, every dependency included); a
 * dynamic `import()` becomes a chunk of its own, loaded when it runs. Rolldown, like Rollup and
 * webpack, puts a module in the chunks of the entries that use it; `esbuild: true` bundles with
 * esbuild's splitting instead, which puts every module a page reaches through static imports
 * (barrel files included) in the page's chunks, used or not. `external` packages (a peer the app
 * has anyway, such as React) are left out.
 */
export async function bundleSplitForBrowser(
  code: string,
  {
    resolveDir,
    alias,
    external,
    esbuild = false,
  }: { resolveDir: string; alias?: Record<string, string>; external?: string[]; esbuild?: boolean },
): Promise<SplitBundleSize> {
  const nodeImports: string[] = [];
  const chunks = new Map<string, Chunk>();
  if (esbuild) {
    const options = esbuildOptions(code, { resolveDir, alias, external }, nodeImports);
    const result = await build({
      ...options,
      stdin: { ...options.stdin, sourcefile: 'site.ts' },
      splitting: true,
      outdir: '/split-bundle',
      entryNames: 'site',
      metafile: true,
    });
    // Chunks sit side by side in one folder: a file name names one.
    const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
    const outputs = result.metafile.outputs;
    for (const file of result.outputFiles) {
      if (!file.path.endsWith('.js')) continue;
      const meta = Object.entries(outputs).find(([path]) => nameOf(path) === nameOf(file.path))?.[1];
      const imports = (meta?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => nameOf(i.path));
      chunks.set(nameOf(file.path), { code: file.contents, imports });
    }
    return { ...chunkSizes(chunks, 'site.js'), nodeImports };
  }
  const dir = mkdtempSync(join(tmpdir(), 'split-bundle-'));
  const input = join(resolveDir, `.split-bundle-${process.pid}.ts`);
  writeFileSync(input, code);
  try {
    const result = await rolldown({
      input,
      platform: 'browser',
      logLevel: 'silent',
      ...(alias ? { resolve: { alias } } : {}),
      external: (id) => {
        if (external?.includes(id)) return true;
        if (!NODE_BUILTIN.test(id)) return false;
        nodeImports.push(id);
        return true;
      },
    });
    const { output } = await result.generate({ format: 'esm', dir, minify: true, entryFileNames: 'site.js' });
    await result.close();
    for (const file of output)
      if (file.type === 'chunk') chunks.set(file.fileName, { code: Buffer.from(file.code), imports: file.imports });
  } finally {
    rmSync(input, { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
  return { ...chunkSizes(chunks, 'site.js'), nodeImports };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** A split bundle as a row of a size table (web and react benches): at start, what the first `connect()` adds, in all. */
export function splitSizeRow(bundle: string, size: SplitBundleSize): Record<string, string | number> {
  return {
    bundle,
    'at start (min + gzip)': kB(size.loaded.gzipped),
    'first connect() adds': size.onDemand.chunks ? kB(size.onDemand.gzipped) : '-',
    'in all': kB(size.all.gzipped),
    'minified at start': kB(size.loaded.minified),
    bytes: size.loaded.gzipped,
  };
}
