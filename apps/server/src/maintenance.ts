import type { FastifyBaseLogger } from 'fastify';
import { holdLock, releaseLock } from './db/locks.js';
import type { Deps } from './deps.js';
import { every } from './every.js';
import { settleEndedPeriods } from './features/payments/fulfil.js';
import { type SweepResult, sweepExpired } from './features/retention/sweep.js';
import { claimToken } from './queue/claims.js';
import { reconcileQueue } from './queue/reconcile.js';
import { tracingFailedMessage } from './worker/run-conversion.js';

const SWEEPER = 'sweeper';

/**
 * The chores of a serving process. Every process reconciles the queue with the database once a
 * lease (dead processes' conversions come back, lost announcements are made again). One process
 * at a time sweeps (a lock in the database, held across sweeps by the process that has it and
 * free to another once it stops renewing it): expired files are deleted, ended Pro periods
 * settled. `ready` is the first round, done before serving.
 */
export function startMaintenance(
  deps: Pick<Deps, 'config' | 'db' | 'queue' | 'clock'> & { log: FastifyBaseLogger },
  /** What sweeping needs, in a process that takes its turn at it (API processes). */
  sweeping?: Deps,
): {
  ready: Promise<SweepResult | 'swept by another process'>;
  stop(): Promise<void>;
} {
  const { config, db, clock, log } = deps;
  const holder = claimToken();
  const reconcile = async () => {
    const recovered = await reconcileQueue(db, deps.queue, {
      now: clock(),
      maxAttempts: config.trace.maxAttempts,
      message: (attempts) => tracingFailedMessage('stopped', attempts),
    });
    if (recovered.length) log.warn({ conversions: recovered }, 'conversions of a stopped process requeued');
  };
  const sweep = async (reconcileStore: boolean) => {
    if (!sweeping) return 'swept by another process' as const;
    // Held for two intervals: a sweeper that died is replaced within them.
    if (!(await holdLock(db, SWEEPER, holder, clock(), 2 * config.sweepIntervalMs))) {
      return 'swept by another process' as const;
    }
    const result = await sweepExpired({
      ...sweeping,
      retentionMs: config.retentionMs,
      reconcileStore,
      onError: (err) => log.warn({ err }, 'a file could not be deleted'),
    });
    await settleEndedPeriods(sweeping);
    if (result.conversions + result.uploads + result.partialFiles + result.orphans > 0)
      log.info(result, 'expired files deleted');
    if (result.failed > 0) log.warn(result, 'some files could not be deleted; the next sweep tries again');
    return result;
  };
  const ready = (async () => {
    await reconcile();
    return sweep(false);
  })();
  const onError = (chore: string) => (err: unknown) =>
    log.error({ err }, `${chore} failed; retrying at the next interval`);
  const stops = [
    every(config.leaseMs, reconcile, onError('queue reconcile')),
    every(config.sweepIntervalMs, async () => void (await sweep(true)), onError('sweep')),
  ];
  return {
    ready,
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
      await releaseLock(db, SWEEPER, holder).catch(onError('releasing the sweeper lock'));
    },
  };
}
