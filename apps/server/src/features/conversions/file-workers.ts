import { Piscina } from 'piscina';
import type { PreviewTask } from './preview-task.js';

/** Preview renders in their own worker threads, in line when all are busy. */
export interface PreviewRenderer {
  render(task: PreviewTask): Promise<Buffer>;
  close(): Promise<void>;
}

export function openPreviewRenderer(options: { threads: number; memoryMb: number }): PreviewRenderer {
  const piscina = new Piscina({
    filename: new URL('./preview-task.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
  });
  return {
    async render(task) {
      // Handed over, not copied; a Buffer that shares a pooled ArrayBuffer is copied first.
      const own =
        task.svg.byteOffset === 0 && task.svg.byteLength === task.svg.buffer.byteLength
          ? task.svg
          : new Uint8Array(task.svg);
      const png: Uint8Array = await piscina.run(
        { ...task, svg: own },
        { transferList: [own.buffer as ArrayBuffer] },
      );
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    },
    close: () => piscina.destroy(),
  };
}
