import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { bullmqQueue } from './bullmq.js';
import { claimNextConversion, isClaimable } from './claims.js';
import { inProcessQueue } from './in-process.js';
import type { JobQueue } from './job-queue.js';

/** The configured job queue: BullMQ with REDIS_URL, else in-process. */
export function openJobQueue(
  config: Config,
  db: Db,
  clock: Clock,
  onError: (err: unknown, conversionId?: string) => void,
): JobQueue {
  const claimNext = () => claimNextConversion(db, clock(), config.leaseMs, config.trace.ownerTraces);
  if (config.redis) {
    return bullmqQueue({
      ...config.redis,
      concurrency: config.trace.workers,
      lockMs: config.leaseMs,
      claimNext,
      isClaimable: (id) => isClaimable(db, id, clock()),
      onError,
    });
  }
  return inProcessQueue({ concurrency: config.trace.workers, claimNext, onError });
}
