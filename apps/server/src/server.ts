import { chmodSync, mkdirSync } from 'node:fs';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { migrate, openDatabase } from './db/index.js';
import type { Deps } from './deps.js';
import { every } from './every.js';
import { cookieSettings } from './features/auth/cookies.js';
import { openFileWorkers } from './features/conversions/file-workers.js';
import { recoverInterrupted, requeueConversions } from './features/conversions/queries.js';
import { settleEndedPeriods } from './features/payments/fulfil.js';
import { keptForWords, sweepExpired } from './features/retention/sweep.js';
import { openPayments } from './payments/index.js';
import { openJobQueue } from './queue/index.js';
import { openObjectStore } from './storage/index.js';
import { openTracePool } from './worker/pool.js';
import { conversionRunner, tracingFailedMessage } from './worker/run-conversion.js';

export interface RunningServer {
  app: FastifyInstance;
  deps: Deps;
  /** The address it listens on, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Graceful stop: refuse new requests (503), finish in-flight ones, let traces finish or requeue them. */
  close(): Promise<void>;
}

// A trace cannot run longer than its time limit; a row processing for longer was left behind
// (a lost database write) and goes back in the queue.
const STALE_MARGIN_MS = 5 * 60_000;

/**
 * Starts the whole service: database (migrated), storage, queue and trace workers, the
 * retention sweeper and the HTTP app. Work interrupted by a crash is recovered before serving.
 */
export async function startServer(config: Config, options: { clock?: Clock } = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  let log: FastifyBaseLogger | undefined;
  // Uploads, results and the database are people's files: the server's user only.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(config.dataDir, 0o700);
  const { db, dialect } = openDatabase(config, (err) => log?.warn({ err }, 'idle database connection lost'));
  await migrate(db);
  const store = openObjectStore(config);
  const queue = openJobQueue(config, db, clock, (err, conversionId) =>
    log?.error({ err, conversionId }, 'conversion left processing; it is retried once stale'),
  );
  const { payments, sandbox } = openPayments(config, db, clock);
  const deps: Deps = {
    config,
    db,
    store,
    queue,
    clock,
    cookies: cookieSettings(config.secureCookies),
    payments,
    sandbox,
    files: openFileWorkers({ threads: config.previewWorkers, memoryMb: 512 }),
  };
  const app = await buildApp(deps, loggerOptions(config.logLevel));
  log = app.log;

  const retention = { db, store, clock, retentionMs: config.retentionMs };
  const recovery = {
    maxAttempts: config.trace.maxAttempts,
    message: (n: number) => tracingFailedMessage('stopped', n),
  };
  // Before serving: conversions left processing by a crash go back in the queue (or fail once out
  // of attempts), and after downtime everything past its retention is deleted.
  await recoverInterrupted(db, { ...recovery, now: clock() });
  const swept = await sweepExpired(retention);
  const stopMaintenance = every(
    config.sweepIntervalMs,
    async () => {
      const now = clock();
      const startedBefore = new Date(now.getTime() - config.trace.timeoutMs - STALE_MARGIN_MS);
      await recoverInterrupted(db, { ...recovery, now, startedBefore });
      const result = await sweepExpired(retention);
      await settleEndedPeriods(deps);
      if (result.conversions + result.uploads + result.partialFiles > 0)
        log?.info(result, 'expired files deleted');
    },
    (err) => log?.error({ err }, 'maintenance failed; retrying at the next interval'),
  );

  const pool = openTracePool({
    threads: config.trace.workers,
    timeoutMs: config.trace.timeoutMs,
    memoryMb: config.trace.memoryMb,
  });
  queue.start(
    conversionRunner({
      db,
      store,
      pool,
      clock,
      maxAttempts: config.trace.maxAttempts,
      memoryMb: config.trace.memoryMb,
      keptFor: keptForWords(config),
      log,
    }),
  );

  const url = await app.listen({ host: config.host, port: config.port });
  log.info(
    { database: dialect, storage: store.kind, queue: queue.kind, payments: payments.name, swept },
    `Vectrace serving on ${url}`,
  );

  let closing: Promise<void> | undefined;
  return {
    app,
    deps,
    url: url.replace('0.0.0.0', '127.0.0.1'),
    close: () => {
      closing ??= (async () => {
        // First of all, no new traces: what is pending stays in the database for the next start.
        // Traces under way get the grace period to finish; the rest are stopped and requeued.
        const draining = queue.close(config.shutdownGraceMs);
        await stopMaintenance();
        await app.close();
        await deps.files.close();
        const unfinished = await draining;
        await pool.close();
        await queue.close(Number.POSITIVE_INFINITY);
        await requeueConversions(db, unfinished, { refund: true });
        if (unfinished.length) log.info({ conversions: unfinished }, 'unfinished conversions requeued');
        await db.destroy();
      })();
      return closing;
    },
  };
}
