import { A_SHIFT, pixelWords } from '../geometry/pixel-words.js';
import type { RasterImage } from '../model.js';

/** Largest cell of pixel art: a grid of bigger cells is a few shapes on a ground. */
export const MAX_CELL = 32;
/**
 * Least share of the color changes that must fall on the grid's lines, and of the cells on an edge
 * that must be mostly of one color, for a cell size to hold: a few stray or blended pixels move
 * changes off the grid and leave their cells mostly one color.
 */
const ON_GRID = 0.75;
const FLAT = 0.97;

/**
 * The square cells an image is drawn in: `cell` px each, the grid's lines at x = x0 + k·cell and
 * y = y0 + k·cell (0 <= x0, y0 < cell), the cells along the borders cut off by them.
 */
export interface CellGrid {
  cell: number;
  x0: number;
  y0: number;
  columns: number;
  rows: number;
  /** Whether every cell is one color: the image is exactly its cells, enlarged. */
  exact: boolean;
}

/**
 * One key a pixel: its RGBA word, every fully transparent pixel the same key (0), however its
 * color channels were left. Read only: a picture with no clear pixel (a photo, a screenshot) has
 * its words for keys, not a copy of them.
 */
export function pixelKeys(image: RasterImage): Uint32Array {
  const words = pixelWords(image);
  let p = 0;
  while (p < words.length && ((words[p] as number) >>> A_SHIFT) & 255) p++;
  if (p === words.length) return words;
  const keys = new Uint32Array(words.length);
  keys.set(words.subarray(0, p));
  for (; p < words.length; p++) {
    const word = words[p] as number;
    keys[p] = (word >>> A_SHIFT) & 255 ? word : 0;
  }
  return keys;
}

/**
 * The largest cell size whose grid, at its best offset, takes most of the color
 * changes between neighbours and leaves most cells of one color; 1 when none does. A common divisor
 * of every run would be broken by a single blended pixel.
 */
export function findCells(keys: Uint32Array, w: number, h: number): CellGrid {
  // Where the color changes: between columns x-1 and x, and between rows y-1 and y.
  const across = new Float64Array(w);
  const down = new Float64Array(h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 1; x < w; x++) if (keys[row + x] !== keys[row + x - 1]) across[x]++;
    if (y > 0) for (let x = 0; x < w; x++) if (keys[row + x] !== keys[row - w + x]) down[y]++;
  }
  const total = sum(across) + sum(down);
  const one: CellGrid = { cell: 1, x0: 0, y0: 0, columns: w, rows: h, exact: true };
  if (total === 0) return one;
  // The most changes any n lines along each side can take: a bound that passes over most of the
  // cell sizes of a picture whose changes are spread out without counting their offsets.
  const mostAcross = mostOnLines(across);
  const mostDown = mostOnLines(down);
  const byOffset = new Float64Array(Math.min(w, h));
  for (let cell = Math.min(w, h); cell >= 2; cell--) {
    if (mostAcross[Math.ceil(w / cell)] + mostDown[Math.ceil(h / cell)] < ON_GRID * total) continue;
    const [x0, onX] = bestOffset(across, cell, byOffset);
    const [y0, onY] = bestOffset(down, cell, byOffset);
    if (onX + onY < ON_GRID * total) continue;
    const grid = { cell, x0, y0, ...gridSize(w, h, cell, x0, y0), exact: false };
    // Bigger cells than pixel art has: a few shapes on a ground (a square, a flag's stripes).
    if (cell > MAX_CELL) return grid;
    const { exact, flat } = cellColors(keys, w, h, grid);
    if (flat >= FLAT) return { ...grid, exact };
  }
  return one;
}

function sum(values: Float64Array): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

/** For every n, the most changes n lines can take: the sum of the n largest counts. */
function mostOnLines(changes: Float64Array): Float64Array {
  const sorted = Float64Array.from(changes).sort().reverse();
  const most = new Float64Array(sorted.length + 1);
  for (let n = 0; n < sorted.length; n++) most[n + 1] = most[n] + sorted[n];
  return most;
}

/** The offset whose lines (offset + k·cell) take the most changes, and how many they take. */
function bestOffset(changes: Float64Array, cell: number, work: Float64Array): [number, number] {
  const byOffset = work.fill(0, 0, cell);
  for (let i = 1, o = 1 % cell; i < changes.length; i++, o = o + 1 === cell ? 0 : o + 1) {
    byOffset[o] += changes[i] as number;
  }
  let best = 0;
  for (let o = 1; o < cell; o++) if ((byOffset[o] as number) > (byOffset[best] as number)) best = o;
  return [best, byOffset[best] as number];
}

function gridSize(w: number, h: number, cell: number, x0: number, y0: number) {
  const count = (side: number, o: number) => Math.ceil((side - o) / cell) + (o > 0 ? 1 : 0);
  return { columns: count(w, x0), rows: count(h, y0) };
}

/** Where the grid's line before cell `i` lies, in pixels, along a side of `side` pixels. */
export function cellEdge(i: number, cell: number, offset: number, side: number): number {
  const start = offset > 0 ? offset - cell : 0;
  return Math.min(side, Math.max(0, start + i * cell));
}

/**
 * How the cells hold their colors: whether all are of one color, and the share of the cells on an
 * edge (not of one color, or unlike a neighbour) that are mostly one color (three quarters of them
 * their middle pixel's): a stray pixel leaves its cell so, a detail finer than the cells (an
 * anti-aliased row along a line) splits the cells it crosses.
 */
function cellColors(keys: Uint32Array, w: number, h: number, grid: Omit<CellGrid, 'exact'>) {
  const { columns, rows } = grid;
  const middle = new Uint32Array(columns * rows);
  const uniform = new Uint8Array(columns * rows);
  const mostly = new Uint8Array(columns * rows);
  for (let j = 0; j < rows; j++) {
    const top = cellEdge(j, grid.cell, grid.y0, h);
    const bottom = cellEdge(j + 1, grid.cell, grid.y0, h);
    for (let i = 0; i < columns; i++) {
      const left = cellEdge(i, grid.cell, grid.x0, w);
      const right = cellEdge(i + 1, grid.cell, grid.x0, w);
      const key = keys[((top + bottom - 1) >> 1) * w + ((left + right - 1) >> 1)] as number;
      let same = 0;
      for (let y = top; y < bottom; y++)
        for (let x = left; x < right; x++) if (keys[y * w + x] === key) same++;
      const size = (bottom - top) * (right - left);
      middle[j * columns + i] = key;
      uniform[j * columns + i] = same === size ? 1 : 0;
      mostly[j * columns + i] = 4 * same >= 3 * size ? 1 : 0;
    }
  }
  let edges = 0;
  let flat = 0;
  let exact = true;
  for (let c = 0; c < columns * rows; c++) {
    const i = c % columns;
    const key = middle[c];
    const unlike =
      (i > 0 && middle[c - 1] !== key) ||
      (i + 1 < columns && middle[c + 1] !== key) ||
      (c >= columns && middle[c - columns] !== key) ||
      (c + columns < columns * rows && middle[c + columns] !== key);
    if (!uniform[c]) exact = false;
    if (!uniform[c] || unlike) {
      edges++;
      flat += mostly[c] as number;
    }
  }
  return { exact, flat: edges === 0 ? 1 : flat / edges };
}

/** The image at one pixel a cell, each the color of its cell's middle pixel. */
export function cellImage(image: RasterImage, grid: CellGrid): RasterImage {
  const { width: w, height: h, data } = image;
  if (grid.cell === 1) return image;
  const out = new Uint8Array(grid.columns * grid.rows * 4);
  for (let j = 0, o = 0; j < grid.rows; j++) {
    const top = cellEdge(j, grid.cell, grid.y0, h);
    const y = (top + cellEdge(j + 1, grid.cell, grid.y0, h) - 1) >> 1;
    for (let i = 0; i < grid.columns; i++, o += 4) {
      const left = cellEdge(i, grid.cell, grid.x0, w);
      const x = (left + cellEdge(i + 1, grid.cell, grid.x0, w) - 1) >> 1;
      out.set(data.subarray((y * w + x) * 4, (y * w + x) * 4 + 4), o);
    }
  }
  return { width: grid.columns, height: grid.rows, data: out };
}
