/**
 * Builds the React test pages for the shared browser fixture (packages/web/test/browser/fixture.ts):
 * `/app/react.html` (an empty root: React Testing Library renders into it) and
 * `/app/react-ssr.html` (the test app as react-dom/server renders it in Node, for hydration).
 * React is bundled as a development build, so Strict Mode really double-invokes.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import { createSdk } from '@viewlink/web';
import { build } from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ExtraPage } from '../../../web/test/browser/fixture.js';
import { App, type AppProps } from './page/app.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const pkg = (path: string) => join(repo, 'packages', path);

/** The app's props in the server render: what hydration must match. */
export const SSR_VIEW = {
  services: ['streamflix'],
  reads: ['accounts', 'watchlist'],
} as const satisfies Partial<AppProps>;

/** Renders the test app with react-dom/server; `tokenCalls` counts the getTokens calls it made (must be none). */
export function serverRender(): { html: string; tokenCalls: number } {
  let tokenCalls = 0;
  const html = renderToString(
    createElement(App, {
      ...SSR_VIEW,
      sdk: createSdk(),
      queryClient: new QueryClient(),
      baseUrl: 'http://127.0.0.1',
      getTokens: async () => {
        tokenCalls += 1;
        throw new Error('no tokens on the server');
      },
    }),
  );
  return { html, tokenCalls };
}

const react18 = fileURLToPath(new URL('../../node_modules/react18', import.meta.url));
const reactDom18 = fileURLToPath(new URL('../../node_modules/react-dom18', import.meta.url));

/** The test page's script, with React 19 (the workspace's) or React 18 (the `react18` dev dependencies). */
async function bundle(react: 18 | 19): Promise<string> {
  const result = await build({
    entryPoints: [pkg('react/test/browser/page/main.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    alias: {
      '@viewlink/react/query': pkg('react/src/query.ts'),
      '@viewlink/react': pkg('react/src/index.ts'),
      '@viewlink/web': pkg('web/src/index.ts'),
      '@viewlink/schemas': pkg('schemas/src/index.ts'),
      '@viewlink/transport/errors': pkg('transport/src/errors.ts'),
      '@viewlink/transport/engine': pkg('transport/src/engine.ts'),
      // Every import of React, the test library's included, goes to the same copy.
      ...(react === 18 ? { react: react18, 'react-dom': reactDom18 } : {}),
    },
    logLevel: 'warning',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** The pages, keyed by path, for `startFixture({ pages })`; `/app/react18.html` runs the same app on React 18. */
export async function buildReactPages(): Promise<Map<string, ExtraPage>> {
  const [script, script18] = await Promise.all([bundle(19), bundle(18)]);
  const page = (root: string, src = '/app/react.js') =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React test</title></head><body><div id="root">${root}</div><script src="${src}"></script></body></html>`;
  return new Map([
    ['/app/react.js', { body: script, type: 'text/javascript' }],
    ['/app/react18.js', { body: script18, type: 'text/javascript' }],
    ['/app/react18.html', { body: page('', '/app/react18.js'), type: 'text/html' }],
    ['/app/react.html', { body: page(''), type: 'text/html' }],
    ['/app/react-ssr.html', { body: page(serverRender().html), type: 'text/html' }],
  ]);
}
