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
    // No results cache: files run largest first, as on CI's fresh clone, rather than last run's
    // failures and slowest first. A journey that depends on what ran before it (shared accounts,
    // per-address limits, CPU left busy) then fails here as it does on CI.
    cache: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
