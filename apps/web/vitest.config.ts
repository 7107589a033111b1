import { defineProject } from 'vitest/config';

// Registered by the root vitest.config.ts; paths here are relative to apps/web.
export default defineProject({
  root: import.meta.dirname,
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: [],
  },
});
