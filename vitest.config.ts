import { defineConfig } from 'vitest/config';

// With DATABASE_URL set (CI sets it when the machine's PostgreSQL answers), the server's suite
// runs a second time against PostgreSQL, each test server in a database of its own.
const postgres = process.env.DATABASE_URL;
const serverTests = ['apps/server/test/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['./vitest.setup.ts'],
    reporters: ['default', './vitest.summary.ts'],
    projects: [
      { extends: true, test: { name: 'tracer', include: ['packages/*/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'server', include: serverTests } },
      ...(postgres
        ? [
            {
              extends: true,
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { VECTRACE_TEST_POSTGRES: postgres },
              },
            },
          ]
        : []),
    ],
  },
});
