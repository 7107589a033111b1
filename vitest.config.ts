import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
    ],
  },
});
