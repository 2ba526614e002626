import { chmodSync, mkdirSync } from 'node:fs';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { migrate, openDatabase } from './db/index.js';
import type { Deps } from './deps.js';
import { cookieSettings } from './features/auth/cookies.js';
import { memorySlots, redisSlots } from './features/limits/owner-slots.js';
import { FILE_MEMORY_MB, openFileWorkers } from './features/results/file-workers.js';
import { openMailer } from './mail/index.js';
import { startMaintenance } from './maintenance.js';
import { measuredFiles, openMetrics } from './metrics.js';
import { openPayments } from './payments/index.js';
import { openJobQueue } from './queue/index.js';
import { openRedis } from './redis.js';
import { openObjectStore } from './storage/index.js';
import { startTracing } from './worker/tracing.js';

export interface RunningServer {
  app: FastifyInstance;
  deps: Deps;
  /** The address it listens on, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Graceful stop: refuse new requests (503), finish in-flight ones, let traces finish or requeue them. */
  close(): Promise<void>;
}

/**
 * Starts the whole service: database (migrated), storage, queue and, unless TRACE_WORKERS is 0,
 * trace workers; the retention sweeper and the HTTP app. Work whose process died is taken back
 * once its lease has run out; expired files are deleted before serving.
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
    log?.error({ err, conversionId }, 'queue error; the conversion is retried once its lease runs out'),
  );
  const redis = config.redis
    ? openRedis(config.redis.url, (err) => log?.warn({ err }, 'Redis error'))
    : undefined;
  const { payments, sandbox } = openPayments(config, db, clock);
  const metrics = openMetrics(db, clock);
  const deps: Deps = {
    config,
    db,
    store,
    queue,
    redis,
    slots: redis
      ? redisSlots(redis, config.redis?.prefix ?? '', config.leaseMs, (err) =>
          log?.warn({ err }, 'Redis error; slot given'),
        )
      : memorySlots(),
    clock,
    cookies: cookieSettings(config.secureCookies),
    payments,
    sandbox,
    files: measuredFiles(
      openFileWorkers({
        threads: config.previewWorkers,
        memoryMb: FILE_MEMORY_MB,
        idleMs: config.threadIdleMs,
      }),
      metrics,
    ),
    metrics,
    mail: openMailer(config, db, clock, (level, entry, message) => log?.[level](entry, message)),
  };
  const app = await buildApp(
    deps,
    loggerOptions(config.logLevel, { format: config.logFormat, env: config.env }),
  );
  log = app.log;

  // Before serving: after downtime everything past its retention is deleted (by this process,
  // or by the one sweeping already), and conversions of dead processes go back in the queue.
  const maintenance = startMaintenance({ ...deps, log }, deps);
  const swept = await maintenance.ready;
  const tracing =
    config.trace.workers > 0 ? startTracing({ config, db, store, queue, clock, log, metrics }) : undefined;

  const url = await app.listen({ host: config.host, port: config.port });
  log.info(
    {
      database: dialect,
      storage: store.kind,
      queue: queue.kind,
      tracing: tracing ? config.trace.workers : 'none (worker processes trace)',
      rateLimits: redis ? 'Redis' : 'this process',
      payments: payments.name,
      mail: deps.mail.kind,
      swept,
    },
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
        const draining = tracing?.close();
        await maintenance.stop();
        await app.close();
        await deps.files.close();
        await deps.mail.close();
        await draining;
        await queue.close(Number.POSITIVE_INFINITY);
        redis?.disconnect();
        await db.destroy();
      })();
      return closing;
    },
  };
}
