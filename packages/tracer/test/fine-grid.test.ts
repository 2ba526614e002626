import { describe, expect, it } from 'vitest';
import { traceDoubled } from '../src/ink/fine.js';
import { IDENTITY } from '../src/ink/ink-map.js';

describe('tracing on the grid twice as fine', () => {
  it('keeps a speckle kept on purpose whose first fine pixel lies over the pixel beside it', () => {
    // Two full pixels, (2, 3) and (3, 3), and above the right one a pixel half covered: the
    // interpolated edge spills into that pixel, so the speckle's first fine pixel (its top row's
    // leftmost) lies over (3, 2), outside the speckle. Kept only by its own pixels, it was dropped
    // (a thin black line's dot of four pixels in a chart, a gap in the line).
    const width = 8;
    const values = new Uint8Array(width * width);
    values[3 * width + 2] = 255;
    values[3 * width + 3] = 255;
    values[2 * width + 3] = 127;
    const ink = { width, height: width, values, table: IDENTITY, cut: 0.5, document: false };
    const own = (x: number, y: number) => y === 3 && (x === 2 || x === 3);
    const params = { turdsize: 100, corners: { alphamax: 1 }, opttolerance: 0.2 };
    expect(traceDoubled(ink, 0.5, params)).toHaveLength(0);
    const kept = traceDoubled(ink, 0.5, { ...params, keep: (_path, x, y) => own(x, y) });
    expect(kept).toHaveLength(1);
  });
});
