import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { JobQueue } from '../../queue/job-queue.js';
import type { ObjectStore } from '../../storage/object-store.js';

/** How long one part may take to answer before it counts as away. */
const CHECK_MS = 2000;

type State = 'ok' | 'unavailable' | 'low on space';
export type Readiness = { ready: boolean; checks: Record<string, State> };

/**
 * Whether this process can do its work now: the database answers, and Redis (when the queue is
 * BullMQ) and the object store (the folder, or the bucket), with room for more files on a disk.
 * Each part is asked at once, and one that hangs counts as away after two seconds.
 */
export async function readiness(parts: {
  db: Db;
  queue: JobQueue;
  store: ObjectStore;
  config: Pick<Config, 'redis' | 'storeMinFreeBytes'>;
}): Promise<Readiness> {
  const { store, config } = parts;
  const checks: Record<string, () => Promise<State>> = {
    database: () => sql`select 1`.execute(parts.db).then(() => 'ok'),
    // Low before full: traffic goes elsewhere while there is still room for what was taken.
    store: async () => {
      await store.ping();
      const free = await store.freeBytes?.();
      return free !== undefined && free < config.storeMinFreeBytes ? 'low on space' : 'ok';
    },
  };
  if (config.redis) checks.redis = () => parts.queue.ping().then(() => 'ok');
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => [name, await answer(check)] as const),
  );
  return { ready: results.every(([, state]) => state === 'ok'), checks: Object.fromEntries(results) };
}

async function answer(check: () => Promise<State>): Promise<State> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<State>((resolve) => {
    timer = setTimeout(() => resolve('unavailable'), CHECK_MS);
  });
  try {
    return await Promise.race([check(), late]);
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}
