/** Bundle-size measurement shared by the size test and bench/web-size.bench.ts. */

import { fileURLToPath } from 'node:url';
import { bundleSplitForBrowser, type SplitBundleSize } from '../../../bench/bundle.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const src = (path: string) => `${repo}packages/${path}`;

/**
 * The goal of `import { SDK } from '@viewlink/web'` (issue 22): 8 kB (8,000 bytes) minified +
 * gzipped, counted as a page loads it before anyone links: the entry chunk and its static imports
 * (`connect()` loads the link flow with `import()` on first use; measured apart as `onDemand`).
 * The size test holds it and the bench reports it (docs/decisions/web.md has the last figures).
 */
export const WEB_BUDGET_BYTES = 8_000;

export type { SplitBundleSize };

/**
 * Bundles `code` for the browser with esbuild as bundlers that split do (ESM chunks, minified,
 * tree-shaken, every dependency included, workspace packages from source, or the built dist as
 * npm consumers get it); each file gzipped at level 9: `loaded` is the start load, `onDemand`
 * what an `import()` fetches, `all` every chunk.
 */
export function measure(code: string, { fromSource = true } = {}): Promise<SplitBundleSize> {
  return bundleSplitForBrowser(code, {
    esbuild: true,
    resolveDir: repo,
    alias: fromSource
      ? {
          '@viewlink/web/consent': src('web/src/consent.ts'),
          '@viewlink/web': src('web/src/index.ts'),
          '@viewlink/schemas': src('schemas/src/index.ts'),
          '@viewlink/transport/errors': src('transport/src/errors.ts'),
          '@viewlink/transport/engine': src('transport/src/engine.ts'),
        }
      : { '@viewlink/web': src('web/dist/index.js') },
  });
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
