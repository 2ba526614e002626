import { handOver } from '@vectrace/tracer/hand-over';
import { openThreadPool } from '../threads/thread-pool.js';
import type { TraceOutcome, TraceTask } from './trace-task.js';

/** Worker threads that trace; each task is stopped (its thread terminated) after timeoutMs. */
export interface TracePool {
  /** Traces; `stop` aborting ends the trace with ClaimLostError. */
  run(task: TraceTask, stop?: AbortSignal): Promise<TraceOutcome>;
  close(): Promise<void>;
}

/** A trace stopped for running too long or exhausting its worker's memory. */
export class TraceAbortedError extends Error {}

/** A trace that needed more memory than a worker has: the same image would again, so no retry. */
export class TraceOutOfMemoryError extends Error {}

/** A trace stopped because its conversion was taken back from this attempt. */
export class ClaimLostError extends Error {}

/** A trace stopped because the server is shutting down; it goes back in the queue. */
export class PoolClosedError extends Error {}

export function openTracePool(options: {
  threads: number;
  timeoutMs: number;
  memoryMb: number;
  idleMs: number;
}): TracePool {
  const threads = openThreadPool({
    task: new URL('./trace-task.js', import.meta.url),
    threads: options.threads,
    memoryMb: options.memoryMb,
    idleMs: options.idleMs,
  });
  let closed = false;
  return {
    async run(task, stop) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
      try {
        const data = handOver(task.image.data);
        const image = { ...task.image, data };
        return await threads.run<TraceOutcome>({ ...task, image }, { handed: data, signal });
      } catch (err) {
        if (closed) throw new PoolClosedError('the server is shutting down');
        if (stop?.aborted) throw new ClaimLostError('the conversion was taken back');
        if (timeout.aborted) throw new TraceAbortedError(`took longer than ${duration(options.timeoutMs)}`);
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new TraceOutOfMemoryError('ran out of memory');
        throw err;
      }
    },
    close: () => {
      closed = true;
      return threads.close();
    },
  };
}

/** A time limit in words: "1500 ms", "60 s". */
export const duration = (ms: number) => (ms < 10_000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);
