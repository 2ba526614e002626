import { Piscina } from 'piscina';

/**
 * Worker threads that run one task module (piscina): started when work comes, ended when idle.
 * The trace pool (worker/pool.ts), the file workers (features/results/file-workers.ts) and the
 * password judge (features/auth/password-strength.ts) are each one of these.
 */
export interface ThreadPool {
  /**
   * Runs `task` in a thread. `handed` is the task's large bytes, already handed over (handOver):
   * their memory moves to the thread rather than being copied.
   */
  run<Out>(
    task: object,
    options?: { handed?: Uint8Array<ArrayBuffer>; signal?: AbortSignal; name?: string },
  ): Promise<Out>;
  /** Ends every thread; tasks under way fail. */
  close(): Promise<void>;
}

export function openThreadPool(options: {
  /** The task module, beside the caller: `new URL('./trace-task.js', import.meta.url)`. */
  task: URL;
  threads: number;
  /** How long an idle thread is kept before it ends and gives its memory back. */
  idleMs: number;
  /** Each thread's heap limit; past it the task fails with ERR_WORKER_OUT_OF_MEMORY. */
  memoryMb?: number;
}): ThreadPool {
  const piscina = new Piscina({
    filename: options.task.href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: options.idleMs,
    ...(options.memoryMb !== undefined && { resourceLimits: { maxOldGenerationSizeMb: options.memoryMb } }),
  });
  return {
    run: (task, { handed, ...runOptions } = {}) =>
      piscina.run(task, handed ? { ...runOptions, transferList: [handed.buffer] } : runOptions),
    close: () => piscina.destroy(),
  };
}
