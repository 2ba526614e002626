import { defineConfig } from 'vitest/config';

// Every server test runs once on the embedded default (SQLite, local disk, the in-process queue).
// A test file runs again only where its behaviour can differ:
// - `server-postgres` (DATABASE_URL set): on PostgreSQL, each test server in a database of its own;
// - `server-scale-out` (REDIS_URL too): on PostgreSQL, BullMQ and rate limits on Redis, files in an
//   S3 server the tests start, with the tests of several API and worker processes.
// Both run on PostgreSQL, so a file that needs the scaled-out layout is not run on PostgreSQL alone.
const postgres = process.env.DATABASE_URL;
const redis = process.env.REDIS_URL;
const serverTest = (name: string) => `apps/server/test/${name}.test.ts`;

/**
 * Files whose behaviour rests on the database's dialect: unique names whatever their case, races
 * between requests decided by a constraint or a transaction, a deletion that takes everything with
 * it, lists in order, counts per account, webhook deliveries recorded once.
 */
const databaseTests = [
  'account', // an account deleted with its conversions and files; counts of the month
  'api-v1-jobs', // a page of jobs at a time, newest first; one job per Idempotency-Key, even at once
  'auth-sign-up', // a taken username or e-mail in another case; five sign-ups of one name at once
  'auth-login', // failed logins counted per username and address, exact under guesses sent at once
  'auth-sessions', // sessions replaced at login, ended at logout and after their time
  'claims', // an owner's conversions claimed one at a time, even by workers asking at once
  'credentials', // sessions and API keys revoked together
  'payments-sandbox', // one subscription at most; a payment recorded once
  'payments-stripe', // an event delivered three times applied once; one payment intent per double submit
  'receipts', // receipt links of paid conversions
  'unlock-mail', // one mail per 15 minutes, links used once
].map(serverTest);

/**
 * Files whose behaviour rests on the queue, its leases and attempts, the file store, shared rate
 * limits or the processes' restarts: BullMQ, Redis and S3 each do it their own way.
 */
const scaleOutTests = [
  'apps/server/test/scale-out/**/*.test.ts',
  ...[
    'api-v1-limits', // the per-address cap, shared by every process
    'export-limits', // exports per owner, and the file workers' turns
    'flow', // the whole flow, on every part at once
    'preview', // renders kept beside the result in the store; two at most per owner
    'queue', // priority and rate limits of the queue
    'quotas', // quotas shared by every process, exact under a burst
    'retention', // the sweeper on the store, leases of dead processes
    'upload-orphans', // files with no row, holds of dead processes, in the store
    'uploads', // signed PUTs into the store, racing PUTs on one link
  ].map(serverTest),
];

// Tests of what the engine makes, through the server: no database, queue or store changes it.
const embeddedTests = ['apps/server/test/embedded/**/*.test.ts'];
/**
 * Traces held to a time or a memory limit, or ended by a kill or SIGTERM: they run after the
 * others, two files at a time, so that three other files on the same cores do not slow the traces
 * they bound. Both run again on the databases and queues of the scaled-out layout.
 */
const boundTests = [
  'durability', // kills, SIGTERM and time limits mid-trace; leases in the database (PostgreSQL)
  'trace-cost', // attempts, and a job that runs out of memory failed at once (BullMQ)
].map(serverTest);
// Scaled out only: a worker stopped past its lease mid-trace, a failed trace retried after its wait.
const scaledOutBoundTests = [...boundTests, 'apps/server/test/scale-out/failures.test.ts'];
// Load tests measure latency and memory: they run after those, alone, one file at a time.
const loadTests = [
  serverTest('load'),
  serverTest('sqlite-integrity'),
  'apps/server/test/scale-out/load.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Four files at a time on two cores: most server files wait on sockets, timers and child
    // processes. The files that bound a trace's time or memory run after them, two at a time.
    maxWorkers: 4,
    // A worker process imports the server and the engine once for all the files it runs, not once
    // a file (no test mocks a module or changes the environment of its process).
    isolate: false,
    setupFiles: ['./vitest.setup.ts'],
    reporters: ['default', './vitest.summary.ts'],
    projects: [
      { extends: true, test: { name: 'tracer', include: ['packages/*/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'web', include: ['apps/web/test/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: [serverTest('*'), ...embeddedTests],
          exclude: [...loadTests, ...boundTests],
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                include: databaseTests,
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
                include: scaleOutTests,
                exclude: [...loadTests, ...scaledOutBoundTests],
                env: { VECTRACE_TEST_POSTGRES: postgres, VECTRACE_TEST_REDIS: redis },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: { name: 'server-bounds', include: boundTests, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
      ...(postgres && redis
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-bounds-scale-out',
                include: scaledOutBoundTests,
                env: { VECTRACE_TEST_POSTGRES: postgres, VECTRACE_TEST_REDIS: redis },
                // Projects of one group share its workers: two for the five files of both.
                maxWorkers: 2,
                sequence: { groupOrder: 1 },
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
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      // Journeys in Chromium against the built app: after the load tests, never beside them.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // One file at a time: two browsers and their servers on two cores miss the pages' waits.
          maxWorkers: 1,
          testTimeout: 90_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
