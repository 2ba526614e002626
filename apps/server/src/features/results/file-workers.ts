import { handOver } from '@vectrace/tracer/hand-over';
import { openThreadPool } from '../../threads/thread-pool.js';
import { fairTurns } from './fair-turns.js';
import type { ExportTask, PreviewTask } from './file-task.js';

/**
 * Work on finished results that takes more than a moment (drawing previews, writing EPS, PDF or
 * DXF from a result of megabytes) runs in its own worker threads. When all are busy, tasks wait
 * in a line per owner, taken in turn (fair-turns.ts): previews and exports of one owner never
 * hold everyone else's behind them.
 */
export interface FileWorkers {
  render(task: PreviewTask): Promise<Buffer>;
  export(task: ExportTask): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Each file thread's heap: the largest file the export bound lets through (MAX_EXPORT_BYTES, a DXF
 * of 64 MB) takes about 256 MB in a process of its own, but a thread of 512 or 768 MB still ran out
 * on Node 24 while other work ran beside it; with 1 GB it never did. Threads end when idle
 * (THREAD_IDLE_MS), so the heap is only held while files are written.
 */
export const FILE_MEMORY_MB = 1024;

export function openFileWorkers(options: { threads: number; memoryMb: number; idleMs: number }): FileWorkers {
  const threads = openThreadPool({
    task: new URL('./file-task.js', import.meta.url),
    threads: options.threads,
    memoryMb: options.memoryMb,
    idleMs: options.idleMs,
  });
  const inTurn = fairTurns(options.threads);
  const run = <T extends { svg: Uint8Array; owner?: string }>(task: T, name: string): Promise<Buffer> =>
    inTurn(task.owner ?? '', async () => {
      const own = handOver(task.svg);
      const out = await threads.run<Uint8Array>({ ...task, svg: own }, { handed: own, name });
      return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
    });
  return {
    render: (task) => run(task, 'default'),
    export: (task) => run(task, 'exportTask'),
    close: () => threads.close(),
  };
}
