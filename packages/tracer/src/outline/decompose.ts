import { type Bitmap, nextSet } from './bitmap.js';
import { workI32, workU8 } from './work.js';

/**
 * A closed boundary between foreground and background, as the pixel corners it visits.
 * Coordinates follow potrace: x right, y UP, so pixel (x, y) is image row height-1-y.
 */
export interface PixelPath {
  x: number[];
  y: number[];
  /** Signed area enclosed, in pixels. */
  area: number;
  /** '+' bounds a foreground region, '-' a hole in one. */
  sign: '+' | '-';
}

/**
 * Whether a speckle is kept all the same, given its path and its first pixel (x right, y down from
 * the top-left pixel).
 */
export type KeepSpeckle = (path: PixelPath, x: number, y: number) => boolean;

/**
 * Stage 1, path decomposition (Selinger's paper, Sec. 2.1): the bitmap into boundary paths.
 * Paths are found top to bottom; after each one its interior is inverted, so holes come out as
 * paths of their own. Paths enclosing at most `turdsize` pixels are dropped (speckle removal), unless
 * `keep` says otherwise; ambiguous turns follow the "minority" policy, potrace's default.
 */
export function decompose(bitmap: Bitmap, turdsize: number, keep?: KeepSpeckle): PixelPath[] {
  const { width: w, height: h, bits } = bitmap;
  const work = workU8('decompose', bits.length).subarray(0, bits.length);
  work.set(bits);
  const words = new Uint32Array(work.buffer, 0, work.length >> 2);
  const paths: PixelPath[] = [];
  let i = 0;
  const n = w * h;
  for (;;) {
    i = nextSet(work, words, i);
    if (i >= n) break;
    const x = i % w;
    const y = h - 1 - ((i / w) | 0);
    const path = findPath(work, w, h, x, y + 1, bits[i] ? '+' : '-');
    xorPath(work, words, w, h, path);
    if (Math.abs(path.area) > turdsize || keep?.(path, x, h - 1 - y)) paths.push(path);
  }
  return paths;
}

function get(bits: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  return x >= 0 && x < w && y >= 0 && y < h && bits[(h - 1 - y) * w + x] !== 0;
}

/**
 * Walks the boundary from the top-left corner of the first pixel found (potrace's findpath). The
 * corners go into working arrays, then into arrays of the path's length: grown a corner at a time,
 * the arrays of a page's paths were copied over and over (2 % of color's time on the real set).
 */
function findPath(
  bits: Uint8Array,
  w: number,
  h: number,
  x0: number,
  y0: number,
  sign: '+' | '-',
): PixelPath {
  let xs = workI32('path.x', 1024);
  let ys = workI32('path.y', 1024);
  let n = 0;
  let x = x0;
  let y = y0;
  let dirx = 0;
  let diry = -1;
  let area = 0;
  for (;;) {
    if (n === xs.length) {
      xs = grown('path.x', xs, n);
      ys = grown('path.y', ys, n);
    }
    xs[n] = x;
    ys[n] = y;
    n++;
    x += dirx;
    y += diry;
    area += x * diry;
    if (x === x0 && y === y0) break;
    const c = get(bits, w, h, x + (dirx + diry - 1) / 2, y + (diry - dirx - 1) / 2);
    const d = get(bits, w, h, x + (dirx - diry - 1) / 2, y + (diry + dirx - 1) / 2);
    let right: boolean;
    if (c && !d) right = !majority(bits, w, h, x, y);
    else right = c;
    if (right) {
      const t = dirx;
      dirx = diry;
      diry = -t;
    } else if (!d) {
      const t = dirx;
      dirx = -diry;
      diry = t;
    }
  }
  const px = new Array<number>(n);
  const py = new Array<number>(n);
  for (let k = 0; k < n; k++) {
    px[k] = xs[k];
    py[k] = ys[k];
  }
  return { x: px, y: py, area, sign };
}

/** The working array `name`, at least twice `n` long, holding `array`'s first n entries. */
function grown(name: string, array: Int32Array, n: number): Int32Array {
  const bigger = workI32(name, 2 * n);
  bigger.set(array.subarray(0, n));
  return bigger;
}

/** Whether foreground dominates around the corner (x, y), looking at growing squares. */
function majority(bits: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  for (let i = 2; i < 5; i++) {
    let ct = 0;
    for (let a = -i + 1; a <= i - 1; a++) {
      ct += get(bits, w, h, x + a, y + i - 1) ? 1 : -1;
      ct += get(bits, w, h, x + i - 1, y + a - 1) ? 1 : -1;
      ct += get(bits, w, h, x + a - 1, y - i) ? 1 : -1;
      ct += get(bits, w, h, x - i, y + a) ? 1 : -1;
    }
    if (ct > 0) return true;
    if (ct < 0) return false;
  }
  return false;
}

/** Inverts the path's interior, row by row towards the column of its first point. */
function xorPath(bits: Uint8Array, words: Uint32Array, w: number, h: number, path: PixelPath): void {
  const { x: xs, y: ys } = path;
  const len = xs.length;
  let y1 = ys[len - 1];
  const xa = xs[0];
  for (let k = 0; k < len; k++) {
    const y = ys[k];
    if (y !== y1) {
      const row = (h - 1 - Math.min(y, y1)) * w;
      const x = xs[k];
      let i = row + Math.min(x, xa);
      const to = row + Math.max(x, xa);
      // Byte by byte to a word's start, then four bytes at a time.
      for (; i < to && (i & 3) !== 0; i++) bits[i] ^= 1;
      for (; i + 4 <= to; i += 4) words[i >> 2] ^= 0x01010101;
      for (; i < to; i++) bits[i] ^= 1;
      y1 = y;
    }
  }
}
