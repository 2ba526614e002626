import type { JobQueue } from './job-queue.js';

/**
 * The embedded queue: the pending rows of the conversions table, in priority order, claimed one
 * at a time by `claimNext` (an atomic pending -> processing update). Nothing lives only in memory.
 */
export function inProcessQueue(options: {
  concurrency: number;
  claimNext: () => Promise<string | undefined>;
  /** A job that threw (its own error handling failed, e.g. the database was unreachable). */
  onError: (err: unknown, conversionId: string) => void;
  /** Looks for work this often even without enqueue, e.g. after a failed claim. */
  pollMs?: number;
}): JobQueue {
  const running = new Map<string, Promise<void>>();
  let handler: ((id: string) => Promise<void>) | undefined;
  let closing = false;
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (handler && !closing && running.size < options.concurrency) {
          const id = await options.claimNext();
          if (!id) break;
          const run = handler(id)
            .catch((err) => options.onError(err, id))
            .finally(() => {
              running.delete(id);
              void pump();
            });
          running.set(id, run);
        }
      } while (again && !closing);
    } finally {
      pumping = false;
    }
  }

  const kick = () => {
    pump().catch(() => {
      // A failed claim (database busy) is retried by the next poll.
    });
  };

  return {
    kind: `in-process (${options.concurrency} at a time)`,
    start(run) {
      handler = run;
      timer = setInterval(kick, options.pollMs ?? 2000);
      timer.unref();
      kick();
    },
    enqueue() {
      kick();
    },
    async close(graceMs) {
      closing = true;
      clearInterval(timer);
      const all = Promise.allSettled(running.values());
      let timeout: NodeJS.Timeout | undefined;
      const grace = Number.isFinite(graceMs)
        ? new Promise((resolve) => (timeout = setTimeout(resolve, graceMs)))
        : all;
      await Promise.race([all, grace]);
      clearTimeout(timeout);
      return [...running.keys()];
    },
  };
}
