import { defineConfig } from 'vitest/config';
import { workspaceAliases } from './vitest.aliases.js';

// Unit and type tests of every package, run against the sources (no build needed).
export default defineConfig({
  resolve: {
    alias: workspaceAliases,
  },
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'packages/*/test/browser/**', 'packages/*/test/contract/**'],
    typecheck: { enabled: true, include: ['packages/*/test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 20_000,
    pool: 'threads',
  },
});
