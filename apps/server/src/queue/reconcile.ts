import type { Db } from '../db/index.js';
import { pendingConversions, recoverExpiredLeases } from './claims.js';
import type { JobQueue } from './job-queue.js';

/**
 * Makes the queue match the database: conversions whose claim's lease ran out (their process
 * died) go back in the queue or fail once out of attempts, and every pending conversion is
 * announced (again: announcing is idempotent), so a queue that lost its jobs (Redis flushed or
 * restarted without persistence) is rebuilt. Returns the ids taken back from a dead claim.
 */
export async function reconcileQueue(
  db: Db,
  queue: JobQueue,
  options: { now: Date; maxAttempts: number; message: (attempts: number) => string },
): Promise<string[]> {
  const recovered = await recoverExpiredLeases(db, options);
  queue.enqueue(await pendingConversions(db));
  return recovered;
}
