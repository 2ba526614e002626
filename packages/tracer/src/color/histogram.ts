/** Bins per channel: 5 bits, so 32768 bins in all, fine enough to keep distinct flat colors apart. */
const BITS = 5;

/** Number of histogram bins. */
const BIN_COUNT = 1 << (3 * BITS);

/**
 * Sum of absolute RGB differences up to which two neighbours count as the same flat color:
 * exact for PNG, and above the pixel noise of a quality-75 JPEG.
 */
const FLAT_DIFF = 24;
/** Sum of absolute RGB differences from which two colors on either side of a pixel make an edge. */
const EDGE_DIFF = 60;
/** sRGB distance from the line between its two neighbours within which a pixel is their blend. */
const BLEND_RESIDUAL = 14;

/** A color histogram of an image: one entry per non-empty bin, in order of first appearance. */
export interface Histogram {
  size: number;
  /** The bin of each entry. */
  bin: Uint16Array;
  /** For each of the BIN_COUNT bins, its entry's index plus one; 0 for a bin no pixel falls in. */
  entry: Uint16Array;
  /** Opaque pixels per entry. */
  count: Uint32Array;
  /**
   * Pixels per entry that are not an anti-aliased blend of the two pixels on either side of them:
   * the colors the picture is painted with, in flat areas, textures and thin strokes alike.
   */
  body: Uint32Array;
  /** Pixels per entry whose four neighbours have about the same color: the inside of flat areas. */
  flat: Uint32Array;
  /** Sum of the body pixels' R, G, B per entry, 3 per entry, for the bin's mean color. */
  sum: Float64Array;
  /** The same sums over the flat pixels, and over all of them. */
  flatSum: Float64Array;
  allSum: Float64Array;
  /** 1 for every pixel that is not flat: it has a 4-neighbour of clearly different color. */
  rough: Uint8Array;
  /** 1 for every pixel that is an anti-aliased blend of its neighbours. */
  blend: Uint8Array;
}

/** The histogram bin of a packed 0xRRGGBB color: its top 5 bits per channel. */
export function binOf(c: number): number {
  return ((c >> 9) & 0x7c00) | ((c >> 6) & 0x3e0) | ((c >> 3) & 0x1f);
}

/**
 * Counts the image's colors (packed 0xRRGGBB) in 5-bit bins, transparent pixels left out. Blends
 * are counted apart, because anti-aliased edges make many in-between colors that must not be taken
 * for colors of the picture. Only the bins in use get storage: flat art uses a few hundred of the
 * 32768, and zeroing memory for all of them cost more than the counting.
 */
export function buildHistogram(
  color: Uint32Array,
  width: number,
  height: number,
  clear?: Uint8Array,
): Histogram {
  const n = width * height;
  const rough = roughPixels(color, width, height);
  const blend = blendPixels(color, width, height, rough);
  const entry = new Uint16Array(BIN_COUNT);
  let h = emptyHistogram(256, rough, blend, entry);
  // The entries' arrays, read into locals (and again when they grow): this runs on every pixel
  // of a photo, where each run is one pixel long.
  let { count, flat, body, sum, flatSum, allSum } = h;
  let size = 0;
  // Runs of one color (long in flat art) are counted at once.
  for (let i = 0; i < n; ) {
    const c = color[i];
    let j = i;
    let roughs = 0;
    let blends = 0;
    do {
      roughs += rough[j];
      blends += blend[j];
      j++;
    } while (j < n && color[j] === c);
    const bin = binOf(c);
    if (entry[bin] === 0) {
      if (size === h.bin.length) {
        h.size = size;
        h = grow(h);
        ({ count, flat, body, sum, flatSum, allSum } = h);
      }
      h.bin[size] = bin;
      entry[bin] = ++size;
    }
    const k = entry[bin] - 1;
    let len = j - i;
    let flats = len - roughs;
    let bodies = len - blends;
    if (clear !== undefined) {
      for (let p = i; p < j; p++) {
        if (clear[p] === 0) continue;
        len--;
        flats -= rough[p] ^ 1;
        bodies -= blend[p] ^ 1;
      }
    }
    count[k] += len;
    flat[k] += flats;
    body[k] += bodies;
    const r = c >> 16;
    const g = (c >> 8) & 255;
    const b = c & 255;
    // Whole numbers: the sums come out the same however they are added up (a photo's pixels are
    // rough, and have no flat ones to add).
    if (bodies > 0) {
      sum[k * 3] += bodies * r;
      sum[k * 3 + 1] += bodies * g;
      sum[k * 3 + 2] += bodies * b;
    }
    if (flats > 0) {
      flatSum[k * 3] += flats * r;
      flatSum[k * 3 + 1] += flats * g;
      flatSum[k * 3 + 2] += flats * b;
    }
    allSum[k * 3] += len * r;
    allSum[k * 3 + 1] += len * g;
    allSum[k * 3 + 2] += len * b;
    i = j;
  }
  h.size = size;
  return h;
}

function emptyHistogram(
  capacity: number,
  rough: Uint8Array,
  blend: Uint8Array,
  entry: Uint16Array,
): Histogram {
  return {
    size: 0,
    bin: new Uint16Array(capacity),
    entry,
    count: new Uint32Array(capacity),
    body: new Uint32Array(capacity),
    flat: new Uint32Array(capacity),
    sum: new Float64Array(capacity * 3),
    flatSum: new Float64Array(capacity * 3),
    allSum: new Float64Array(capacity * 3),
    rough,
    blend,
  };
}

function grow(h: Histogram): Histogram {
  const bigger = emptyHistogram(h.bin.length * 2, h.rough, h.blend, h.entry);
  bigger.size = h.size;
  bigger.bin.set(h.bin);
  bigger.count.set(h.count);
  bigger.body.set(h.body);
  bigger.flat.set(h.flat);
  bigger.sum.set(h.sum);
  bigger.flatSum.set(h.flatSum);
  bigger.allSum.set(h.allSum);
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
      if (color[i + 1] !== c && rgbDifference(c, color[i + 1]) > FLAT_DIFF) {
        rough[i] = 1;
        rough[i + 1] = 1;
      }
    }
  }
  for (let i = 0, end = n - width; i < end; i++) {
    const c = color[i];
    if (color[i + width] !== c && rgbDifference(c, color[i + width]) > FLAT_DIFF) {
      rough[i] = 1;
      rough[i + width] = 1;
    }
  }
  return rough;
}

/**
 * 1 for pixels that lie between the two pixels on either side of them, along a row, a column or
 * a diagonal, where those two make an edge: the anti-aliasing of an edge, whatever its colors.
 * A pixel of a thin line differs from both sides the same way, and a textured pixel has no such
 * pair, so both count as the picture's own colors. Colors are composited on white, so the edge of
 * a shape on transparency blends into white.
 */
function blendPixels(color: Uint32Array, width: number, height: number, rough: Uint8Array): Uint8Array {
  const blend = new Uint8Array(width * height);
  // Neighbours one and two pixels away along rows, columns and diagonals: a blurred edge (a
  // photo, an upscaled logo) spreads its blends over several pixels.
  const steps = [1, width, width + 1, width - 1, 2, 2 * width, 2 * width + 2, 2 * width - 2];
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2, p = y * width + 2; x < width - 2; x++, p++) {
      if (rough[p] === 0) continue;
      const c = color[p];
      for (const s of steps) {
        const a = color[p - s];
        const b = color[p + s];
        if (rgbDifference(a, b) < EDGE_DIFF || !between(c, a, b)) continue;
        blend[p] = 1;
        break;
      }
    }
  }
  return blend;
}

/** Whether c lies on the sRGB line from a to b, strictly inside it. */
function between(c: number, a: number, b: number): boolean {
  const ar = a >> 16;
  const ag = (a >> 8) & 255;
  const ab = a & 255;
  const dr = (b >> 16) - ar;
  const dg = ((b >> 8) & 255) - ag;
  const db = (b & 255) - ab;
  const r = (c >> 16) - ar;
  const g = ((c >> 8) & 255) - ag;
  const bl = (c & 255) - ab;
  const dd = dr * dr + dg * dg + db * db;
  const t = (r * dr + g * dg + bl * db) / dd;
  if (t <= 0.08 || t >= 0.92) return false;
  const er = r - t * dr;
  const eg = g - t * dg;
  const eb = bl - t * db;
  return er * er + eg * eg + eb * eb < BLEND_RESIDUAL * BLEND_RESIDUAL;
}

/** Sum of absolute RGB differences of two packed 0xRRGGBB colors. */
export function rgbDifference(a: number, b: number): number {
  return (
    Math.abs((a >> 16) - (b >> 16)) +
    Math.abs(((a >> 8) & 255) - ((b >> 8) & 255)) +
    Math.abs((a & 255) - (b & 255))
  );
}
