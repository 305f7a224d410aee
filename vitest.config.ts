import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** One run for every package's unit tests and the server's API tests; e2e journeys run on their own. */
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one worker on CI's 2 cores.
    // Most API and security tests wait on sockets, databases, servers and timers: two workers there
    // took the run from 505 s to 302 s (2026-11-26, `npx vitest run`), and a worker more than the
    // cores, three, from 801 s to 634 s, the PostgreSQL run (scripts/test.mjs) from 433 s to 385 s,
    // every file passing (2026-12-01).
    maxWorkers: Math.max(3, availableParallelism()),
    projects: [
      {
        test: {
          name: 'packages',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts'],
          // The React primitives run in their own jsdom project (packages/ui/vitest.config.ts).
          exclude: [...configDefaults.exclude, 'packages/ui/**'],
        },
      },
      {
        test: {
          name: 'tools',
          environment: 'node',
          // bench/: how a benchmark judges its runs (the runs themselves are `npm run bench`).
          include: [
            'tools/eslint/**/*.test.ts',
            'tools/tv-package/src/**/*.test.ts',
            'bench/src/**/*.test.ts',
            // scripts/: the project's own Node (decision 053).
            'scripts/**/*.test.ts',
          ],
        },
      },
      { test: { name: 'media', environment: 'node', include: ['tools/media/src/**/*.test.ts'], testTimeout: 120_000 } },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/{src,test}/**/*.test.ts'],
          // The security suite (docs/reliability.md) is a project of its own: `npm run test:security`.
          exclude: [...configDefaults.exclude, 'apps/server/test/security/**'],
          // The files share one module graph per worker: loading the server for each of ~90
          // files was two thirds of this project's time (320 s → 94 s). Each file still builds
          // its own app over its own database (test/test-app.ts); module state is per process in
          // production too (caches, the card transaction counter).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'security',
          environment: 'node',
          include: ['apps/server/test/security/**/*.security.test.ts'],
          // One module graph per worker, as the server project: each of the 53 files loaded the server
          // again, a quarter of this project's time (2026-11-30, SQLite, a quiet machine: 196 s and
          // 360 s of CPU isolated, 104 s and 178 s shared, all 482 tests passing both ways).
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      // The split of the journeys into scripts/e2e.mjs's two groups (the journeys themselves run in e2e/).
      { test: { name: 'e2e-groups', environment: 'node', include: ['e2e/support/**/*.test.ts'] } },
      'packages/ui/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/tv/vitest.config.ts',
      'apps/admin/vitest.config.ts',
    ],
  },
});
