import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`./packages/${path}`, import.meta.url));

// Real-browser tests of @viewlink/web: Node drives Debian's Chromium (with the test extension)
// through playwright-core. One file at a time: a browser per file is plenty for 2 cores.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@viewlink\/transport\/errors$/, replacement: src('transport/src/errors.ts') },
      { find: /^@viewlink\/([a-z]+)$/, replacement: src('$1/src/index.ts') },
      { find: /^@viewlink\/([a-z]+)\/([a-z-]+)$/, replacement: src('$1/src/$2.ts') },
    ],
  },
  test: {
    include: ['packages/*/test/browser/**/*.browser.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
