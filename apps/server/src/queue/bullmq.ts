import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Claim } from './claims.js';
import type { JobQueue } from './job-queue.js';
import { settleWithin } from './settle.js';

const QUEUE = 'conversions';
/** How often, and how far apart, a job tries again to claim its own conversion held by another write. */
const CLAIM_TRIES = 20;
const CLAIM_TRY_MS = 100;

/**
 * The queue of a scaled-out deployment: BullMQ on Redis brings work to every worker process.
 * A job is a conversion's announcement (its id is the conversion's, so announcing twice is one
 * job); the process that takes it claims the next pending conversion from the database, in the
 * fair order every process shares (Pro first, owners in turns), and goes on claiming until none
 * is left. So a job may end up tracing another conversion than its own: each pending conversion
 * still has a job, and none is traced twice (claims are atomic, with leases).
 * A claim passes by a row that another write holds locked for a moment (Postgres' SKIP LOCKED),
 * so a job that found nothing while its own conversion still waits tries again, briefly.
 * A worker that dies leaves its job stalled: BullMQ hands it to another worker, and the
 * conversion itself comes back once its lease has run out (recoverExpiredLeases, which
 * announces it again). Redis is not the record: `enqueue` of every pending conversion rebuilds
 * the queue after Redis lost it.
 */
export function bullmqQueue(options: {
  url: string;
  prefix: string;
  concurrency: number;
  /** A job's lock in Redis: as long as a conversion's lease. */
  lockMs: number;
  claimNext: () => Promise<Claim | undefined>;
  isClaimable: (conversionId: string) => Promise<boolean>;
  onError: (err: unknown, conversionId?: string) => void;
}): JobQueue {
  // Commands wait for a lost connection to come back rather than fail (BullMQ's advice for
  // workers); a producer's add is bounded by its own timeout below.
  const connect = () => new Redis(options.url, { maxRetriesPerRequest: null, enableReadyCheck: false });
  const queueConnection = connect();
  queueConnection.on('error', (err) => options.onError(err));
  const queue = new Queue(QUEUE, { connection: queueConnection, prefix: options.prefix });
  queue.on('error', (err) => options.onError(err));
  const running = new Map<Claim, Promise<void>>();
  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;
  let closing = false;
  let closed: Promise<void> | undefined;
  const shutDown = async () => {
    await worker?.close();
    await queue.close();
    for (const connection of [queueConnection, workerConnection]) connection?.disconnect();
  };

  return {
    kind: `BullMQ on Redis (${options.concurrency} at a time here)`,
    start(handler) {
      if (options.concurrency === 0) return;
      workerConnection = connect();
      worker = new Worker(
        QUEUE,
        async (job) => {
          let tries = 0;
          while (!closing) {
            const claim = await options.claimNext();
            if (!claim) {
              if (++tries >= CLAIM_TRIES || !job.id || !(await options.isClaimable(job.id))) return;
              await new Promise((resolve) => setTimeout(resolve, CLAIM_TRY_MS));
              continue;
            }
            const run = handler(claim)
              .catch((err) => options.onError(err, claim.conversionId))
              .finally(() => running.delete(claim));
            running.set(claim, run);
            await run;
          }
        },
        {
          connection: workerConnection,
          prefix: options.prefix,
          concurrency: options.concurrency,
          lockDuration: options.lockMs,
          stalledInterval: options.lockMs,
          // A stalled job is only an announcement: hand it on however often workers die.
          maxStalledCount: 1000,
          removeOnComplete: { count: 0 },
          removeOnFail: { count: 0 },
        },
      );
      worker.on('error', (err) => options.onError(err));
    },
    async ping() {
      await withTimeout(queueConnection.ping(), 2000);
    },
    enqueue(conversionIds) {
      if (conversionIds.length === 0) return;
      const jobs = conversionIds.map((id) => ({
        name: 'trace',
        data: {},
        opts: { jobId: id, removeOnComplete: true, removeOnFail: true },
      }));
      // Not awaited by the request: a conversion is in the database already, and one whose
      // announcement was lost (Redis down) is announced again by the next reconcile.
      withTimeout(queue.addBulk(jobs), 5000).catch((err) => options.onError(err));
    },
    async close(graceMs) {
      closing = true;
      await settleWithin(running.values(), graceMs);
      const unfinished = [...running.keys()];
      if (unfinished.length === 0) {
        // Closing talks to Redis: a shutdown while Redis is away must not hang on it.
        closed ??= withTimeout(shutDown(), 5000).catch((err) => {
          options.onError(err);
          for (const connection of [queueConnection, workerConnection]) connection?.disconnect();
        });
        await closed;
      }
      return unfinished;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
