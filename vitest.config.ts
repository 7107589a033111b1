import { configDefaults, defineConfig } from 'vitest/config';

/** The plan's decisions of the engine (apps/api/src/compensation/posting/): pure, tested without a database. */
const ENGINE_UNITS = 'apps/api/test/compensation/posting/**/*.test.ts';

export default defineConfig({
  test: {
    // In CI every run also writes JSON results; scripts/ci-summary.mjs adds them up.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: `.test-data/results/${process.pid}-${Date.now()}.json` }]]
      : ['default'],
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'plan',
          include: ['packages/plan/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'engine',
          include: [ENGINE_UNITS],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ENGINE_UNITS],
          environment: 'node',
          globalSetup: ['apps/api/test/helpers/global-setup.ts'],
          testTimeout: 20000,
          hookTimeout: 60000,
          pool: 'forks',
          maxWorkers: 2,
          // Each file builds its own app on its own database (helpers/app.ts), so the files of a
          // worker share the loaded modules instead of loading the API again per file: a third off
          // the suite's time. Nothing in the API keeps state per process that a test reads.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          // expect.poll waits for a state; its default second is a wait for time on a busy machine
          // (a page's fetch behind a loaded CPU takes longer): each poll may wait up to 20 s.
          expect: { poll: { timeout: 20_000, interval: 100 } },
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
