import { defineConfig } from 'vitest/config';

/** Journeys run one at a time against one real server started by the global setup. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // A failing journey leaves a screenshot, its page text and the server's refusals behind.
    setupFiles: ['./support/failure-hooks.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
