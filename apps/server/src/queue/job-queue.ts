/**
 * Runs conversions in the background. The database holds each conversion's state; the queue
 * only decides what runs next, so it can always be rebuilt from the database after a crash.
 */
export interface JobQueue {
  /** Name of the implementation, for the start-up log. */
  readonly kind: string;
  /** Starts taking jobs; the handler traces one conversion and records the outcome. */
  start(handler: (conversionId: string) => Promise<void>): void;
  /** Announces a conversion that is now pending. */
  enqueue(conversionId: string): void;
  /**
   * Stops taking jobs and waits up to graceMs (Infinity: until all settle) for running ones;
   * returns the ids still running.
   */
  close(graceMs: number): Promise<string[]>;
}
