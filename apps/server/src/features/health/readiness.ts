import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { JobQueue } from '../../queue/job-queue.js';
import type { ObjectStore } from '../../storage/object-store.js';

/** How long one part may take to answer before it counts as away. */
const CHECK_MS = 2000;

export type Readiness = { ready: boolean; checks: Record<string, 'ok' | 'unavailable'> };

/**
 * Whether this process can do its work now: the database answers, and Redis (when the queue is
 * BullMQ) and the object store (the folder, or the bucket). Each part is asked at once, and one
 * that hangs counts as away after two seconds.
 */
export async function readiness(parts: {
  db: Db;
  queue: JobQueue;
  store: ObjectStore;
  config: Pick<Config, 'redis'>;
}): Promise<Readiness> {
  const checks: Record<string, () => Promise<unknown>> = {
    database: () => sql`select 1`.execute(parts.db),
    store: () => parts.store.ping(),
  };
  if (parts.config.redis) checks.redis = () => parts.queue.ping();
  const results = await Promise.all(
    Object.entries(checks).map(
      async ([name, check]) => [name, (await answers(check)) ? 'ok' : 'unavailable'] as const,
    ),
  );
  return { ready: results.every(([, state]) => state === 'ok'), checks: Object.fromEntries(results) };
}

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_MS);
  });
  try {
    return await Promise.race([check().then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
