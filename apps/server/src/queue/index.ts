import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { claimNextConversion } from '../features/conversions/queries.js';
import { inProcessQueue } from './in-process.js';
import type { JobQueue } from './job-queue.js';

/** The configured job queue (in-process by default). */
export function openJobQueue(
  config: Config,
  db: Db,
  clock: Clock,
  onError: (err: unknown, conversionId: string) => void,
): JobQueue {
  return inProcessQueue({
    concurrency: config.trace.workers,
    claimNext: () => claimNextConversion(db, clock()),
    onError,
  });
}
