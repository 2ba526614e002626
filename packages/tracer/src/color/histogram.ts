/** Bins per channel: 5 bits, so 32768 bins in all, fine enough to keep distinct flat colors apart. */
const BITS = 5;

/** Number of histogram bins. */
export const BIN_COUNT = 1 << (3 * BITS);

/**
 * Sum of absolute RGB differences up to which two neighbours count as the same flat color:
 * exact for PNG, and above the pixel noise of a quality-75 JPEG.
 */
const FLAT_DIFF = 24;

/** A color histogram of an image: one entry per non-empty bin, in order of first appearance. */
export interface Histogram {
  size: number;
  /** The bin of each entry. */
  bin: Uint16Array;
  /** Pixels per entry. */
  count: Uint32Array;
  /** Pixels per entry whose four neighbours have about the same color: the inside of flat regions. */
  flat: Uint32Array;
  /** Sum of the pixels' R, G, B per entry, 3 per entry, for the bin's mean color. */
  sum: Float64Array;
  /** The same sums over the flat pixels only, for colors free of anti-aliasing. */
  flatSum: Float64Array;
  /** 1 for every pixel that is not flat: it has a 4-neighbour of clearly different color. */
  rough: Uint8Array;
}

/** The histogram bin of a packed 0xRRGGBB color: its top 5 bits per channel. */
export function binOf(c: number): number {
  return ((c >> 9) & 0x7c00) | ((c >> 6) & 0x3e0) | ((c >> 3) & 0x1f);
}

/**
 * Counts the image's colors (packed 0xRRGGBB) in 5-bit bins. Flat pixels are also counted apart,
 * because anti-aliased edges make many in-between colors that must not be taken for colors of
 * the picture, and edge pixels are never flat. Only the bins in use get storage: flat art uses a
 * few hundred of the 32768, and zeroing memory for all of them cost more than the counting.
 */
export function buildHistogram(color: Uint32Array, width: number, height: number): Histogram {
  const n = width * height;
  const rough = roughPixels(color, width, height);
  const entry = new Uint16Array(BIN_COUNT);
  let h = emptyHistogram(256, rough);
  // Runs of one color (long in flat art) are counted at once.
  for (let i = 0; i < n; ) {
    const c = color[i];
    let flats = 1 - rough[i];
    let j = i + 1;
    for (; j < n && color[j] === c; j++) flats += 1 - rough[j];
    const bin = binOf(c);
    if (entry[bin] === 0) {
      if (h.size === h.bin.length) h = grow(h);
      h.bin[h.size] = bin;
      entry[bin] = ++h.size;
    }
    const k = entry[bin] - 1;
    const len = j - i;
    const r = c >> 16;
    const g = (c >> 8) & 255;
    const b = c & 255;
    h.count[k] += len;
    h.flat[k] += flats;
    h.sum[k * 3] += len * r;
    h.sum[k * 3 + 1] += len * g;
    h.sum[k * 3 + 2] += len * b;
    h.flatSum[k * 3] += flats * r;
    h.flatSum[k * 3 + 1] += flats * g;
    h.flatSum[k * 3 + 2] += flats * b;
    i = j;
  }
  return h;
}

function emptyHistogram(capacity: number, rough: Uint8Array): Histogram {
  return {
    size: 0,
    bin: new Uint16Array(capacity),
    count: new Uint32Array(capacity),
    flat: new Uint32Array(capacity),
    sum: new Float64Array(capacity * 3),
    flatSum: new Float64Array(capacity * 3),
    rough,
  };
}

function grow(h: Histogram): Histogram {
  const bigger = emptyHistogram(h.bin.length * 2, h.rough);
  bigger.size = h.size;
  bigger.bin.set(h.bin);
  bigger.count.set(h.count);
  bigger.flat.set(h.flat);
  bigger.sum.set(h.sum);
  bigger.flatSum.set(h.flatSum);
  return bigger;
}

/** 1 for pixels with a 4-neighbour more than FLAT_DIFF away in color. */
function roughPixels(color: Uint32Array, width: number, height: number): Uint8Array {
  const n = width * height;
  const rough = new Uint8Array(n);
  for (let row = 0; row < n; row += width) {
    const end = row + width - 1;
    for (let i = row; i < end; i++) {
      const c = color[i];
      if (color[i + 1] !== c && diff(c, color[i + 1]) > FLAT_DIFF) {
        rough[i] = 1;
        rough[i + 1] = 1;
      }
    }
  }
  for (let i = 0, end = n - width; i < end; i++) {
    const c = color[i];
    if (color[i + width] !== c && diff(c, color[i + width]) > FLAT_DIFF) {
      rough[i] = 1;
      rough[i + width] = 1;
    }
  }
  return rough;
}

function diff(a: number, b: number): number {
  return (
    Math.abs((a >> 16) - (b >> 16)) +
    Math.abs(((a >> 8) & 255) - ((b >> 8) & 255)) +
    Math.abs((a & 255) - (b & 255))
  );
}
