import { Piscina } from 'piscina';
import type { TraceOutcome, TraceTask } from './trace-task.js';

/** Worker threads that trace; each task is stopped (its thread terminated) after timeoutMs. */
export interface TracePool {
  run(task: TraceTask): Promise<TraceOutcome>;
  close(): Promise<void>;
}

/** A trace stopped for running too long or exhausting its worker's memory. */
export class TraceAbortedError extends Error {}

export function openTracePool(options: { threads: number; timeoutMs: number; memoryMb: number }): TracePool {
  const piscina = new Piscina({
    filename: new URL('./trace-task.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
  });
  return {
    async run(task) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        return await piscina.run(task, { signal, transferList: [task.image.data.buffer as ArrayBuffer] });
      } catch (err) {
        if (signal.aborted) {
          throw new TraceAbortedError(`took longer than ${Math.round(options.timeoutMs / 1000)} s`);
        }
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new TraceAbortedError('ran out of memory');
        throw err;
      }
    },
    close: () => piscina.destroy(),
  };
}
