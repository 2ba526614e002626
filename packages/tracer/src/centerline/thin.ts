/**
 * Thinning to a one-pixel skeleton that keeps every stroke's topology: distance-ordered homotopic
 * thinning. Ink pixels are peeled from the outside in, in the order of their distance to the
 * paper, each one only if it is simple (removing it neither splits its ink nor joins its paper,
 * Rosenfeld's test on its eight neighbours) and not the end of a stroke. What is left runs along
 * the ridge of the distance map: the middle of each stroke, within half a pixel, whatever its width.
 * Unlike Zhang-Suen's parallel passes it never erases a two-pixel diagonal or a 2x2 block.
 */

/** The grid's neighbour offsets in ring order: N, NE, E, SE, S, SW, W, NW. */
export function ringOffsets(stride: number): Int32Array {
  return Int32Array.of(-stride, -stride + 1, 1, stride + 1, stride, stride - 1, -1, -stride - 1);
}

const RING_X = [0, 1, 1, 1, 0, -1, -1, -1];
const RING_Y = [-1, -1, 0, 1, 1, 1, 0, -1];

/** For each set of neighbours (bit k: ring neighbour k is ink), whether the pixel is simple. */
const SIMPLE = simpleTable();
/** How many neighbours each set holds. */
export const COUNT = countTable();

function countTable(): Uint8Array {
  const table = new Uint8Array(256);
  for (let m = 0; m < 256; m++) for (let k = 0; k < 8; k++) table[m] += (m >> k) & 1;
  return table;
}

function simpleTable(): Uint8Array {
  const table = new Uint8Array(256);
  for (let m = 0; m < 256; m++) {
    // The ink neighbours in 8-connected pieces, the paper neighbours in 4-connected ones that touch
    // the pixel across a side: simple when both are one.
    const ink = components(
      m,
      (a, b) => Math.max(Math.abs(RING_X[a] - RING_X[b]), Math.abs(RING_Y[a] - RING_Y[b])) === 1,
    );
    const paper = components(
      ~m & 255,
      (a, b) => Math.abs(RING_X[a] - RING_X[b]) + Math.abs(RING_Y[a] - RING_Y[b]) === 1,
      0b01010101,
    );
    table[m] = ink === 1 && paper === 1 ? 1 : 0;
  }
  return table;
}

/** The connected pieces of the ring positions in `set`, counting only those that meet `touching`. */
function components(set: number, adjacent: (a: number, b: number) => boolean, touching = 0xff): number {
  const parent = [0, 1, 2, 3, 4, 5, 6, 7];
  const find = (a: number): number => {
    while (parent[a] !== a) a = parent[a];
    return a;
  };
  for (let a = 0; a < 8; a++) {
    for (let b = a + 1; b < 8; b++) {
      if ((set >> a) & 1 && (set >> b) & 1 && adjacent(a, b)) parent[find(a)] = find(b);
    }
  }
  const roots = new Set<number>();
  for (let a = 0; a < 8; a++) if ((set >> a) & 1 && (touching >> a) & 1) roots.add(find(a));
  return roots.size;
}

/** The set of ink neighbours of pixel p, as a ring mask. */
export function ringMask(bits: Uint8Array, p: number, ring: Int32Array): number {
  let m = 0;
  for (let k = 0; k < 8; k++) if (bits[p + ring[k]] !== 0) m |= 1 << k;
  return m;
}

/**
 * How much farther from the paper a neighbour must be, less than its distance, for its disc to
 * hold a pixel's own: below it the pixel's disc is maximal (the middle of a stroke, or its end),
 * above it the pixel is a corner or a bump of the outline. 0.7 px keeps tapering strokes (their
 * width growing by up to 0.6 px a pixel) and drops a square's corners and a slope's steps.
 */
const CONTAINED = 0.7;

/**
 * Pixels are peeled in buckets of distance eighths of a pixel apart: the distinct distances of
 * the first layers (1, 1.41, 2, 2.24, ...) each in their own, and a blob's thousands of layers
 * in as many buckets, not one (each pass over a bucket peels one layer).
 */
const KEY_SCALE = 8;
const MAX_KEY = 1 << 16;

/**
 * The skeleton of `bits` (1 = ink) on a grid with a border of paper at least one pixel wide, given
 * each pixel's squared distance to the paper.
 */
export function skeletonize(bits: Uint8Array, dist2: Int32Array, stride: number): Uint8Array {
  const n = bits.length;
  const ring = ringOffsets(stride);
  const skel = bits.slice();
  // Ink pixels sorted by their distance (a counting sort).
  const counts = new Int32Array(MAX_KEY + 2);
  let inked = 0;
  const key = (p: number) => Math.min(MAX_KEY, Math.floor(Math.sqrt(dist2[p]) * KEY_SCALE));
  for (let p = 0; p < n; p++) {
    if (bits[p] === 0) continue;
    counts[key(p) + 1]++;
    inked++;
  }
  for (let k = 1; k < counts.length; k++) counts[k] += counts[k - 1];
  const order = new Int32Array(inked);
  const next = counts.slice();
  for (let p = 0; p < n; p++) if (bits[p] !== 0) order[next[key(p)]++] = p;

  const maximal = (p: number): boolean => {
    const d = Math.sqrt(dist2[p]) - CONTAINED;
    for (let k = 0; k < 8; k++) {
      const q = p + ring[k];
      if (bits[q] !== 0 && Math.sqrt(dist2[q]) >= d + (k & 1 ? Math.SQRT2 : 1)) return false;
    }
    return true;
  };
  const candidates = new Int32Array(inked);
  const peel = (from: number, to: number, list: Int32Array) => {
    for (let changed = true; changed; ) {
      changed = false;
      // One side at a time (north, south, east, west), each side's border fixed before its pass:
      // a two-pixel stroke loses one row from its end per pass, not its whole length.
      for (let side = 0; side < 8; side += 2) {
        const dir = ring[side === 2 ? 4 : side === 4 ? 2 : side];
        let m = 0;
        for (let k = from; k < to; k++) {
          const p = list[k];
          if (skel[p] !== 0 && skel[p + dir] === 0) candidates[m++] = p;
        }
        for (let k = 0; k < m; k++) {
          const p = candidates[k];
          const mask = ringMask(skel, p, ring);
          if (SIMPLE[mask] === 0) continue;
          if (COUNT[mask] === 1 && maximal(p)) continue;
          skel[p] = 0;
          changed = true;
        }
      }
    }
  };
  for (let key = 0; key <= MAX_KEY; key++) {
    if (counts[key + 1] > counts[key]) peel(counts[key], counts[key + 1], order);
  }
  // A pixel kept while a deeper neighbour still stood may have become redundant since.
  let left = 0;
  for (let k = 0; k < inked; k++) if (skel[order[k]] !== 0) order[left++] = order[k];
  peel(0, left, order);
  return skel;
}
