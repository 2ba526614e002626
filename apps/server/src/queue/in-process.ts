import type { Claim } from './claims.js';
import type { JobQueue } from './job-queue.js';
import { settleWithin } from './settle.js';

/**
 * The embedded queue: the pending rows of the conversions table, in priority order, claimed one
 * at a time by `claimNext` (an atomic pending -> processing update). Nothing lives only in memory.
 */
export function inProcessQueue(options: {
  concurrency: number;
  claimNext: () => Promise<Claim | undefined>;
  /** A job that threw (its own error handling failed, e.g. the database was unreachable). */
  onError: (err: unknown, conversionId: string) => void;
  /** Looks for work this often even without enqueue, e.g. after a failed claim. */
  pollMs?: number;
}): JobQueue {
  const running = new Map<Claim, Promise<void>>();
  let handler: ((claim: Claim) => Promise<void>) | undefined;
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
          const claim = await options.claimNext();
          if (!claim) break;
          const run = handler(claim)
            .catch((err) => options.onError(err, claim.conversionId))
            .finally(() => {
              running.delete(claim);
              void pump();
            });
          running.set(claim, run);
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
    async ping() {
      // In this process: reachable while the process is.
    },
    enqueue() {
      kick();
    },
    async close(graceMs) {
      closing = true;
      clearInterval(timer);
      await settleWithin(running.values(), graceMs);
      return [...running.keys()];
    },
  };
}
