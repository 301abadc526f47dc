import { defineConfig } from 'vitest/config';
import { workspaceAliases } from './vitest.aliases.js';

// Real-browser tests of @viewlink/web: Node drives Debian's Chromium (with the test extension)
// through playwright-core. One file at a time: a browser per file is plenty for 2 cores.
export default defineConfig({
  resolve: {
    alias: workspaceAliases,
  },
  test: {
    include: ['packages/*/test/browser/**/*.browser.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
