import { defineConfig } from 'vitest/config';
import { journeysOfGroup, parseJourneyGroup } from './support/journey-groups.ts';

// E2E_GROUP (set by scripts/e2e.mjs) picks one of the two groups that run at once, each against
// its own server; unset, every journey runs here (`npm run test -w @playz/e2e -- journeys/<file>`).
const group = parseJourneyGroup(process.env.E2E_GROUP);

/** Journeys run one at a time against one real server started by the global setup. */
export default defineConfig({
  test: {
    name: group ? `e2e-${group}` : 'e2e',
    include: group ? journeysOfGroup(group).map((name) => `journeys/${name}.test.ts`) : ['journeys/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // A failing journey leaves a screenshot, its page text and the server's refusals behind.
    setupFiles: ['./support/failure-hooks.ts'],
    // One at a time within a group too: two groups already run two servers and two Chromiums on 2 cores.
    fileParallelism: false,
    // No results cache: files run largest first, as on CI's fresh clone, rather than last run's
    // failures and slowest first. A journey that depends on what ran before it (shared accounts,
    // per-address limits, CPU left busy) then fails here as it does on CI.
    cache: false,
    // On CI one more attempt for a journey that failed: they run against real time (media,
    // programme boundaries) on 2 busy cores. A journey that needed it is listed at the end of
    // the run (scripts/e2e.mjs, "passed on a second attempt"), with its failure report, so a
    // flaky journey is seen and fixed, not hidden; one that fails twice fails the run.
    retry: process.env.CI ? 1 : 0,
    // An `expect.poll` without its own timeout gets 10 s rather than vitest's 1 s: one Playwright call
    // can take longer than a second on 2 busy cores, and a poll only waits for what must come.
    expect: { poll: { timeout: 10_000 } },
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
