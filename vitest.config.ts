import { defineConfig } from 'vitest/config';

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
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/helpers/global-setup.ts'],
          testTimeout: 20000,
          hookTimeout: 60000,
          pool: 'forks',
          maxWorkers: 2,
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
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
