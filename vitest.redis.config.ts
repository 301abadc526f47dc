import { defineConfig } from 'vitest/config';
import { workspaceAliases } from './vitest.aliases.js';

// Shared stores on a real redis-server (packages/redis/test/redis/): each file starts its own
// (scripts/redis/start.sh installs Debian's redis-server when missing) and stops it by pid. The
// multi-process files fork backend instances as child processes against the mock service;
// cluster.test.ts and cluster-runtimes.test.ts (one per server runtime) start a Redis Cluster
// (scripts/redis/cluster-start.sh: six redis-server processes).
export default defineConfig({
  resolve: {
    alias: workspaceAliases,
  },
  test: {
    include: ['packages/redis/test/redis/**/*.test.ts'],
    // One file at a time: the multi-process files use both cores.
    fileParallelism: false,
    testTimeout: 120_000,
    // A cold start installs redis-server through apt.
    hookTimeout: 900_000,
    pool: 'forks',
  },
});
