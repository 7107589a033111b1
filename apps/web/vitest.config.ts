import { defineProject } from 'vitest/config';

// Registered by the root vitest.config.ts; paths here are relative to apps/web.
export default defineProject({
  root: import.meta.dirname,
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: [],
    // A component test renders Mantine in jsdom and waits for states; on a busy two-core machine the
    // first render of a large form alone took over vitest's 5 s default (CI must not depend on speed).
    testTimeout: 30_000,
  },
});
