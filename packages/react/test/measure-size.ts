/** Bundle size of `@viewlink/react` + `@viewlink/web` without React, shared by the size test and bench/react-size.bench.ts. */
import { fileURLToPath } from 'node:url';
import { bundleSplitForBrowser, type SplitBundleSize } from '../../../bench/bundle.js';

export type { SplitBundleSize };

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const src = (path: string) => `${repo}packages/${path}`;

/**
 * The budget: `@viewlink/react` with `@viewlink/web`, React left out: 10 kB (10,000 bytes)
 * minified + gzipped (issue 20's goal), counted as a page loads it before anyone links (the entry
 * chunk and its static imports; `connect()` loads the extension bridge with `import()`, reported
 * apart). The size test holds it and the bench reports it (docs/benchmarks.md).
 */
export const REACT_BUDGET_BYTES = 10_000;

/** Left out of every bundle: the app has them anyway. */
const PEERS = ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query'];

/** What an app imports: every hook and the provider, kept alive. */
export const REACT_HOOKS =
  "import * as hooks from '@viewlink/react'; globalThis.keep = [hooks.ViewlinkProvider, hooks.useConnect, hooks.useLinkedAccounts, hooks.useRefresh, hooks.useConsent];";
/** The same plus the TanStack Query options (TanStack itself left out). */
export const REACT_WITH_QUERY = `${REACT_HOOKS} import * as q from '@viewlink/react/query'; globalThis.keep2 = [q.watchlistQuery, q.accountsQuery, q.servicesQuery];`;

/** react-plaid-link, the most used account-linking binding: its hook and component, React left out. */
export const REACT_PLAID_LINK =
  "import { usePlaidLink, PlaidLink } from 'react-plaid-link'; globalThis.keep = [usePlaidLink, PlaidLink];";

/**
 * Bundles `code` for the browser as bundlers that split do (minified, each file gzip -9), the
 * workspace from source or from the built dists: `loaded` is the start load, `onDemand` what an
 * `import()` fetches, `all` every chunk.
 */
export function measureReact(code: string, { fromSource = true } = {}): Promise<SplitBundleSize> {
  return bundleSplitForBrowser(code, {
    esbuild: true,
    // From the package, so its dev dependencies (react-plaid-link) resolve.
    resolveDir: src('react'),
    external: PEERS,
    alias: fromSource
      ? {
          '@viewlink/react/query': src('react/src/query.ts'),
          '@viewlink/react': src('react/src/index.ts'),
          '@viewlink/web': src('web/src/index.ts'),
          '@viewlink/schemas': src('schemas/src/index.ts'),
          '@viewlink/transport/errors': src('transport/src/errors.ts'),
          '@viewlink/transport/engine': src('transport/src/engine.ts'),
        }
      : {
          '@viewlink/react/query': src('react/dist/query.js'),
          '@viewlink/react': src('react/dist/index.js'),
          '@viewlink/web': src('web/dist/index.js'),
        },
  });
}
