/**
 * Builds the web app for serving: the HTML pages as they are (the dashboard and the stand-in
 * Terms of Use and Privacy Policy the consent screen links), app.ts bundled with esbuild (in memory).
 * In a partner's app `@viewlink/web` comes from npm; here the workspace tsconfig's `paths` map it
 * to the packages' sources, so no package build is needed first.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** A file of the built app: its body and content type. */
export interface WebAppFile {
  readonly body: string;
  readonly type: string;
}

/** The paths the built app answers (`/` serves index.html). */
export const WEB_APP_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/index.html',
  '/terms.html',
  '/privacy.html',
  '/app.js',
]);

/** Builds the app; keys are {@link WEB_APP_PATHS}. */
export async function buildWebApp(): Promise<ReadonlyMap<string, WebAppFile>> {
  const bundle = await build({
    entryPoints: [here('./app.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    tsconfig: here('../../tsconfig.json'),
    write: false,
    outfile: 'app.js',
    logLevel: 'warning',
  });
  const js = bundle.outputFiles[0]?.text;
  if (js === undefined) throw new Error('esbuild produced no app.js');
  const page = (file: string) => ({ body: readFileSync(here(file), 'utf8'), type: 'text/html; charset=utf-8' });
  const html = page('./index.html');
  return new Map([
    ['/', html],
    ['/index.html', html],
    ['/terms.html', page('./terms.html')],
    ['/privacy.html', page('./privacy.html')],
    ['/app.js', { body: js, type: 'text/javascript; charset=utf-8' }],
  ]);
}
