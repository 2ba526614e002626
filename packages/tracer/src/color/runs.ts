import { binOf } from './histogram.js';

/** Maximal horizontal runs of one label, row by row, left to right; each row is covered. */
export interface Runs {
  width: number;
  height: number;
  count: number;
  /** The runs of row y are `rowStart[y]` to `rowStart[y + 1] - 1`. */
  rowStart: Int32Array;
  y: Int32Array;
  x0: Int32Array;
  /** End of the run, exclusive. */
  x1: Int32Array;
  label: Uint8Array;
}

/**
 * The palette label of every pixel (packed 0xRRGGBB): the label of its histogram bin's entry
 * (`entry`: see `Histogram.entry`; every pixel's bin has one).
 */
export function labelPixels(color: Uint32Array, entry: Uint16Array, entryLabel: Uint8Array): Uint8Array {
  const labels = new Uint8Array(color.length);
  let last = -1;
  let l = 0;
  for (let p = 0; p < color.length; p++) {
    const c = color[p];
    if (c !== last) {
      last = c;
      l = entryLabel[entry[binOf(c)] - 1];
    }
    labels[p] = l;
  }
  return labels;
}

/** Cuts the rows into runs of one label. Flat art has long runs, so later stages work per run. */
export function findRuns(labels: Uint8Array, width: number, height: number): Runs {
  // Counted first so that the run arrays are allocated at their size (zeroing memory is not free).
  let count = height;
  for (let y = 0, p = 0; y < height; y++, p++) {
    for (let x = 1, q = p + 1; x < width; x++, q++) if (labels[q] !== labels[q - 1]) count++;
    p += width - 1;
  }
  const rowStart = new Int32Array(height + 1);
  const ys = new Int32Array(count);
  const x0s = new Int32Array(count);
  const x1s = new Int32Array(count);
  const runLabel = new Uint8Array(count);
  let k = 0;
  for (let y = 0, p = 0; y < height; y++) {
    rowStart[y] = k;
    for (let x = 0; x < width; x++, p++) {
      const l = labels[p];
      if (x === 0 || l !== runLabel[k - 1]) {
        if (x > 0) x1s[k - 1] = x;
        ys[k] = y;
        x0s[k] = x;
        runLabel[k++] = l;
      }
    }
    x1s[k - 1] = width;
  }
  rowStart[height] = k;
  return { width, height, count, rowStart, y: ys, x0: x0s, x1: x1s, label: runLabel };
}
