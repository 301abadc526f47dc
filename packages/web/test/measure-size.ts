/** Bundle-size measurement shared by the size test and bench/web-size.bench.ts. */

import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const src = (path: string) => `${repo}packages/${path}`;

/** The budget of `import { SDK } from '@viewlink/web'`: 12 kB (12,000 bytes) minified + gzipped. */
export const WEB_BUDGET_BYTES = 12_000;

/** Sizes of one bundle. */
export interface BundleSize {
  readonly minified: number;
  readonly gzipped: number;
  /** Imports left unresolved for the platform, e.g. `node:fs` (must be empty for the browser). */
  readonly nodeImports: string[];
  /** The minified code. */
  readonly code: string;
}

/**
 * Bundles `code` for the browser with esbuild (minified, tree-shaken, every dependency included,
 * workspace packages from source) and gzips it at level 9.
 */
export async function measure(code: string, { fromSource = true } = {}): Promise<BundleSize> {
  const nodeImports: string[] = [];
  const result = await build({
    stdin: { contents: code, resolveDir: repo, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    // From source, or as npm consumers get it (built dist files resolved through node_modules).
    alias: fromSource
      ? {
          '@viewlink/web/consent': src('web/src/consent.ts'),
          '@viewlink/web': src('web/src/index.ts'),
          '@viewlink/schemas': src('schemas/src/index.ts'),
          '@viewlink/transport/errors': src('transport/src/errors.ts'),
          '@viewlink/transport/authorize': src('transport/src/authorize.ts'),
        }
      : { '@viewlink/web': src('web/dist/index.js') },
    plugins: [
      {
        name: 'record-node-builtins',
        setup(b) {
          b.onResolve(
            { filter: /^node:|^(fs|path|os|http|https|net|crypto|stream|url|util|zlib|child_process)$/ },
            (args) => {
              nodeImports.push(args.path);
              return { path: args.path, external: true };
            },
          );
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

/** The built entry, when `pnpm build` ran (measured by the bench as a consumer gets it). */
export const BUILT_ENTRY = src('web/dist/index.js');

/** The contenders: what an app imports, each kept alive so nothing is shaken away. */
export const CONTENDERS = {
  "import { SDK } from '@viewlink/web'": "import { SDK } from '@viewlink/web'; globalThis.keep = SDK;",
  'SDK + full response validation (responseSchemas, schemas from source)':
    "import { SDK } from '@viewlink/web'; import { Watchlist, LinkedAccountList, RefreshResponse } from '@viewlink/schemas'; globalThis.keep = [SDK, Watchlist, LinkedAccountList, RefreshResponse];",
  "import { renderConsentScreen } from '@viewlink/web/consent' (separate entry)":
    "import { renderConsentScreen } from '@viewlink/web/consent'; globalThis.keep = renderConsentScreen;",
  'zod/mini alone (one object schema + parse)':
    "import * as z from 'zod/mini'; globalThis.keep = z.looseObject({ a: z.string() }).safeParse({});",
  'ky alone': "import ky from 'ky'; globalThis.keep = ky;",
} as const;
