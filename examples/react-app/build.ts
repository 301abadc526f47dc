/**
 * Builds the React app for serving under `/react/`: index.html as is, app.tsx bundled with esbuild
 * (in memory, React's production build). In a partner's app the packages come from npm; here the
 * workspace tsconfig's `paths` map `@viewlink/*` to the packages' sources, so no build is needed first.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { WebAppFile } from '../web-app/build.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The paths the built app answers. */
export const REACT_APP_PATHS: ReadonlySet<string> = new Set(['/react/', '/react/index.html', '/react/app.js']);

/** Builds the app; keys are {@link REACT_APP_PATHS}. */
export async function buildReactApp(): Promise<ReadonlyMap<string, WebAppFile>> {
  const bundle = await build({
    entryPoints: [here('./app.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    tsconfig: here('../../tsconfig.json'),
    write: false,
    outfile: 'app.js',
    logLevel: 'warning',
  });
  const js = bundle.outputFiles[0]?.text;
  if (js === undefined) throw new Error('esbuild produced no app.js');
  const html = { body: readFileSync(here('./index.html'), 'utf8'), type: 'text/html; charset=utf-8' };
  return new Map([
    ['/react/', html],
    ['/react/index.html', html],
    ['/react/app.js', { body: js, type: 'text/javascript; charset=utf-8' }],
  ]);
}
