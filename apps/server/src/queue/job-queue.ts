import type { Claim } from './claims.js';

/**
 * Runs conversions in the background. The database holds each conversion's state and decides
 * which runs next (claims with leases); the queue brings the work to a process that traces, so it
 * can always be rebuilt from the database after a crash.
 */
export interface JobQueue {
  /** Name of the implementation, for the start-up log. */
  readonly kind: string;
  /** Starts taking jobs in this process; the handler traces one claimed conversion. */
  start(handler: (claim: Claim) => Promise<void>): void;
  /** Resolves while the queue can be reached (Redis answers), throws otherwise. */
  ping(): Promise<void>;
  /** Announces conversions that are now pending (new, or put back in the queue). */
  enqueue(conversionIds: string[]): void;
  /**
   * Stops taking jobs and waits up to graceMs (Infinity: until all settle) for running ones;
   * returns the claims still running.
   */
  close(graceMs: number): Promise<Claim[]>;
}
