import { defineConfig } from 'vitest/config';
import { workspaceAliases } from './vitest.aliases.js';

// Unit and type tests of every package, run against the sources (no build needed), and the
// testing guide's samples (docs/testing.md shows them as a partner's own tests).
export default defineConfig({
  resolve: {
    alias: workspaceAliases,
  },
  test: {
    include: ['packages/*/test/**/*.test.{ts,tsx}', 'examples/docs/testing/*.ts', 'scripts/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      '**/dist/**',
      'packages/*/test/browser/**',
      'packages/*/test/contract/**',
      'packages/redis/test/redis/**', // real redis-server: vitest.redis.config.ts
      'examples/docs/testing/serve.ts', // a server start-up sample, not a test
    ],
    typecheck: { enabled: true, include: ['packages/*/test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 20_000,
    pool: 'threads',
  },
});
