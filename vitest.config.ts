import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`./packages/${path}`, import.meta.url));

// Unit and type tests of every package, run against the sources (no build needed).
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@viewlink\/transport\/errors$/, replacement: src('transport/src/errors.ts') },
      { find: /^@viewlink\/([a-z]+)$/, replacement: src('$1/src/index.ts') },
      { find: /^@viewlink\/([a-z]+)\/([a-z-]+)$/, replacement: src('$1/src/$2.ts') },
    ],
  },
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'packages/*/test/browser/**', 'packages/*/test/contract/**'],
    typecheck: { enabled: true, include: ['packages/*/test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 20_000,
    pool: 'threads',
  },
});
