import { defaultSettings } from '@vectrace/tracer';
import { decodeImage } from '@vectrace/tracer/decode';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileWorkers } from '../dist/features/results/file-workers.js';
import { openTracePool } from '../dist/worker/pool.js';
import { logoPng } from './support/images.js';

// Node 22 and later refuse to transfer memory a native addon allocated (sharp's pixels) or that
// a Buffer shares with its pool: on Node 22 every conversion failed with a DataCloneError.
describe('worker threads are handed the bytes on every supported Node', () => {
  const pool = openTracePool({ threads: 1, timeoutMs: 60_000, memoryMb: 512, idleMs: 10_000 });
  const files = openFileWorkers({ threads: 1, memoryMb: 512, idleMs: 10_000 });
  afterAll(async () => {
    await pool.close();
    await files.close();
  });

  it('traces pixels decoded by sharp', async () => {
    const image = await decodeImage(await logoPng(120));
    const outcome = await pool.run({ image, settings: defaultSettings });
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.vectorCount).toBeGreaterThan(0);
  });

  it('exports a result held in a small pooled Buffer', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><path d="M0 0L10 0L10 10Z" fill="#000"/></svg>',
    );
    expect(svg.byteOffset > 0 || svg.buffer.byteLength > svg.byteLength).toBe(true);
    const pdf = await files.export({ svg, format: 'pdf', testMark: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const svgOut = await files.export({ svg, format: 'svg', testMark: false });
    expect(svgOut.toString()).toContain('<svg');
  });

  it('draws a preview, which the drawing library allocates', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><path d="M0 0L10 0L10 10Z" fill="#000"/></svg>',
    );
    const png = await files.render({ svg, region: null, watermark: { x: 5, y: 5 }, testMark: false });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});
