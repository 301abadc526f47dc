import { defineConfig } from 'vitest/config';
import { workspaceAliases } from './vitest.aliases.js';

// The CMS contract suite: the same scenarios against the CMS fake of @viewlink/mock and a real
// WordPress 6.5.5 (scripts/wordpress/start.sh, started in globalSetup). docs/wordpress.md.
// CONTRACT_TARGETS=fake or =wordpress narrows a run to one target; CONTRACT_PENDING=1 adds the
// scenarios that do not pass on both yet (packages/cms/test/contract/pending/, see MISMATCHES.md).
export default defineConfig({
  resolve: {
    alias: workspaceAliases,
  },
  test: {
    include: [
      'packages/cms/test/contract/**/*.contract.test.ts',
      ...(process.env.CONTRACT_PENDING === '1' ? ['packages/cms/test/contract/pending/*.contract.pending.ts'] : []),
    ],
    globalSetup: ['packages/cms/test/contract/global-setup.ts'],
    // One file at a time: the real server is shared state, and the machine has 2 cores.
    fileParallelism: false,
    testTimeout: 60_000,
    // A cold start installs Debian packages and WordPress (minutes on a slow mirror).
    hookTimeout: 600_000,
    pool: 'threads',
  },
});
