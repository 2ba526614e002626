import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { Metrics } from '../metrics.js';
import { requeueClaims } from '../queue/claims.js';
import type { JobQueue } from '../queue/job-queue.js';
import { keptForWords } from '../retention-policy.js';
import type { ObjectStore } from '../storage/object-store.js';
import { openTracePool } from './pool.js';
import { conversionRunner } from './run-conversion.js';

/**
 * Traces conversions in this process (worker threads), as many at once as TRACE_WORKERS.
 * `close` stops taking work, gives running traces the shutdown grace, then stops the rest and
 * puts them back in the queue without using an attempt.
 */
export function startTracing(deps: {
  config: Config;
  db: Db;
  store: ObjectStore;
  queue: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  metrics: Metrics;
}): { close(): Promise<void> } {
  const { config, db, queue, log } = deps;
  const pool = openTracePool({
    threads: Math.max(1, config.trace.workers),
    timeoutMs: config.trace.timeoutMs,
    memoryMb: config.trace.memoryMb,
    idleMs: config.threadIdleMs,
  });
  queue.start(
    conversionRunner({
      ...deps,
      pool,
      maxAttempts: config.trace.maxAttempts,
      leaseMs: config.leaseMs,
      memoryMb: config.trace.memoryMb,
      timeoutMs: config.trace.timeoutMs,
      keptFor: keptForWords(config),
    }),
  );
  let closing: Promise<void> | undefined;
  return {
    close: () => {
      closing ??= (async () => {
        const unfinished = await queue.close(config.shutdownGraceMs);
        // Closing the pool stops their traces, and each run puts its conversion back; any run
        // that could not (the database away) is put back here.
        await pool.close();
        await queue.close(Number.POSITIVE_INFINITY);
        await requeueClaims(db, unfinished, { refund: true });
        const ids = unfinished.map((claim) => claim.conversionId);
        if (ids.length) log.info({ conversions: ids }, 'unfinished conversions requeued');
      })();
      return closing;
    },
  };
}
