import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['./vitest.setup.ts'],
    reporters: ['default', './vitest.summary.ts'],
  },
});
