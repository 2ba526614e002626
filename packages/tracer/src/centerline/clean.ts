import type { Bitmap } from '../outline/bitmap.js';

/** The ink on a grid with one pixel of paper all round, so that every neighbour is in it. */
export interface Grid {
  width: number;
  height: number;
  /** Row length: width + 2. */
  stride: number;
  /** 1 = ink, on the padded grid. */
  bits: Uint8Array;
  /** Each ink pixel's piece of ink (8-connected), numbered from 0; -1 on paper. */
  piece: Int32Array;
  /** How many pieces there are. */
  pieces: number;
}

/**
 * The bitmap padded, its faint lines' breaks mended (see mendBreaks, given each pixel's ink level
 * 0-255), its specks (ink pieces of at most `turdsize` pixels) dropped and its pinholes (paper
 * enclosed in ink, as small) filled: a pinhole would thin to a loop, a speck to a dot.
 */
export function cleanGrid(bitmap: Bitmap, turdsize: number, levels?: Uint8Array): Grid {
  const { width, height } = bitmap;
  const stride = width + 2;
  const n = stride * (height + 2);
  const bits = new Uint8Array(n);
  for (let y = 0; y < height; y++)
    bits.set(bitmap.bits.subarray(y * width, (y + 1) * width), (y + 1) * stride + 1);
  if (levels) mendBreaks(bits, levels, width, height);
  const eight = Int32Array.of(-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1);
  const four = Int32Array.of(-stride, -1, 1, stride);
  // Pinholes: a piece of paper (4-connected) of at most turdsize pixels enclosed by ink. Each
  // has a topmost pixel with ink above it; from there a search of turdsize + 1 pixels settles it.
  const hole = new Int32Array(turdsize + 1);
  for (let p = stride; p < n - stride; p++) {
    if (bits[p] !== 0 || bits[p - stride] === 0) continue;
    let size = 0;
    let open = false;
    hole[size++] = p;
    for (let k = 0; k < size && !open; k++) {
      const q = hole[k];
      for (let d = 0; d < 4; d++) {
        const s = q + four[d];
        if (bits[s] !== 0) continue;
        let known = false;
        for (let m = 0; m < size; m++) if (hole[m] === s) known = true;
        if (known) continue;
        // Paper on the border's frame, or more than turdsize pixels of it: not a pinhole.
        const x = s % stride;
        if (size > turdsize || s < stride || s >= n - stride || x === 0 || x === stride - 1) {
          open = true;
          break;
        }
        hole[size++] = s;
      }
    }
    if (!open && size <= turdsize) for (let k = 0; k < size; k++) bits[hole[k]] = 1;
  }
  // Pieces of ink (8-connected), numbered; specks of at most turdsize pixels dropped.
  const piece = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const speck = new Int32Array(turdsize + 1);
  let pieces = 0;
  for (let p = 0; p < n; p++) {
    if (bits[p] === 0 || piece[p] >= 0) continue;
    let top = 0;
    let size = 0;
    stack[top++] = p;
    piece[p] = pieces;
    while (top > 0) {
      const q = stack[--top];
      if (size <= turdsize) speck[size] = q;
      size++;
      for (let d = 0; d < 8; d++) {
        const s = q + eight[d];
        if (bits[s] !== 0 && piece[s] < 0) {
          piece[s] = pieces;
          stack[top++] = s;
        }
      }
    }
    if (size <= turdsize) {
      for (let k = 0; k < size; k++) {
        bits[speck[k]] = 0;
        piece[speck[k]] = -1;
      }
    } else {
      pieces++;
    }
  }
  return { width, height, stride, bits, piece, pieces };
}

/** A faint line's pixel holds at least this much ink (of 255) to mend its break. */
const FAINT = 24;

/**
 * Mends the breaks of faint thin lines: where a line of light ink straddles two pixels, neither
 * holds half its ink and the cut leaves a gap, so the line thins to dashes. A paper pixel with
 * some ink (FAINT) that is the darkest across the line (no lighter than its neighbours on both
 * sides, across a row or a column) and touches two pieces of ink that do not touch each other
 * joins them. One pass, in place, on the padded grid.
 */
function mendBreaks(bits: Uint8Array, levels: Uint8Array, width: number, height: number): void {
  const stride = width + 2;
  const ring = Int32Array.of(-stride, -stride + 1, 1, stride + 1, stride, stride - 1, -1, -stride - 1);
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? 0 : levels[y * width + x];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = levels[y * width + x];
      const p = (y + 1) * stride + x + 1;
      if (v < FAINT || bits[p] !== 0) continue;
      const ridge = (v >= at(x - 1, y) && v >= at(x + 1, y)) || (v >= at(x, y - 1) && v >= at(x, y + 1));
      if (!ridge) continue;
      // Pieces of ink round the pixel: runs of ink round its ring, joined across a corner.
      let mask = 0;
      for (let k = 0; k < 8; k++) if (bits[p + ring[k]] !== 0) mask |= 1 << k;
      if (PIECES[mask] >= 2) bits[p] = 1;
    }
  }
}

/** For each set of a pixel's ink neighbours (ring order N, NE, E, ... NW), how many 8-connected pieces they make. */
const PIECES = piecesTable();

function piecesTable(): Uint8Array {
  const table = new Uint8Array(256);
  const rx = [0, 1, 1, 1, 0, -1, -1, -1];
  const ry = [-1, -1, 0, 1, 1, 1, 0, -1];
  for (let m = 0; m < 256; m++) {
    const parent = [0, 1, 2, 3, 4, 5, 6, 7];
    const find = (a: number): number => {
      while (parent[a] !== a) a = parent[a];
      return a;
    };
    for (let a = 0; a < 8; a++) {
      for (let b = a + 1; b < 8; b++) {
        const touching = Math.max(Math.abs(rx[a] - rx[b]), Math.abs(ry[a] - ry[b])) === 1;
        if ((m >> a) & 1 && (m >> b) & 1 && touching) parent[find(a)] = find(b);
      }
    }
    const roots = new Set<number>();
    for (let a = 0; a < 8; a++) if ((m >> a) & 1) roots.add(find(a));
    table[m] = roots.size;
  }
  return table;
}

/** The padded grid's pixels where `mask` is set, as a bitmap of the image's own size. */
export function unpad(mask: Uint8Array, width: number, height: number): Bitmap {
  const stride = width + 2;
  const bits = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    bits.set(mask.subarray((y + 1) * stride + 1, (y + 1) * stride + 1 + width), y * width);
  return { width, height, bits };
}
