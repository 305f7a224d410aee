import { defineConfig } from 'vitest/config';

// npm run test:cluster only (scripts/test-cluster.mjs starts the nodes and nginx first): the
// cases share one running deployment, so they run in order in one file.
export default defineConfig({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['apps/server/test/cluster/*.cluster-test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
    fileParallelism: false,
  },
});
