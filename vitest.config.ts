import { defineConfig } from 'vitest/config';

// With DATABASE_URL set (CI sets it when the machine's PostgreSQL answers), the server's suite
// runs a second time against PostgreSQL, each test server in a database of its own; with
// REDIS_URL too, a third time scaled out (PostgreSQL, BullMQ and rate limits on Redis, files in an
// S3 server the tests start), with the tests of several API and worker processes.
const postgres = process.env.DATABASE_URL;
const redis = process.env.REDIS_URL;
const serverTests = ['apps/server/test/*.test.ts'];
const scaleOutTests = ['apps/server/test/scale-out/**/*.test.ts'];
// Tests of what the engine makes, through the server: no database, queue or store changes it, so
// they run once, on the embedded default.
const embeddedTests = ['apps/server/test/embedded/**/*.test.ts'];
// Load tests measure latency and memory: they run last, alone, one file at a time.
const loadTests = [
  'apps/server/test/load.test.ts',
  'apps/server/test/sqlite-integrity.test.ts',
  'apps/server/test/scale-out/load.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['./vitest.setup.ts'],
    reporters: ['default', './vitest.summary.ts'],
    projects: [
      { extends: true, test: { name: 'tracer', include: ['packages/*/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'web', include: ['apps/web/test/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'server', include: [...serverTests, ...embeddedTests], exclude: loadTests },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                include: serverTests,
                exclude: loadTests,
                env: { VECTRACE_TEST_POSTGRES: postgres },
              },
            },
          ]
        : []),
      ...(postgres && redis
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-scale-out',
                include: [...serverTests, ...scaleOutTests],
                exclude: loadTests,
                env: { VECTRACE_TEST_POSTGRES: postgres, VECTRACE_TEST_REDIS: redis },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'server-load',
          include: loadTests,
          env: postgres && redis ? { VECTRACE_TEST_POSTGRES: postgres, VECTRACE_TEST_REDIS: redis } : {},
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      // Journeys in Chromium against the built app: after the load tests, never beside them.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
