import type { RasterImage } from '../model.js';
import { type CellGrid, cellImage, findCells, MAX_CELL, pixelKeys } from './cells.js';

/** Most colors (clear counting as one) pixel art has, counted at one pixel a cell. */
const MAX_COLORS = 256;
/**
 * An image at most this many pixels along its longer side is its pixels, whatever its edges: a
 * 16 px texture, a 24 px emoji or a 19 px shield smoothed into curves loses them (MAE 1.3-32 at
 * 1x), exact squares keep every one.
 */
const TINY_SIDE = 32;
/**
 * A strip of such tiny square frames (an animated texture: 16x128 is eight 16 px frames) is its
 * pixels too: its shorter side at most TINY_SIDE, its longer side a whole number of them, at most
 * this many.
 */
const MAX_FRAMES = 16;
/** A sprite drawn a pixel a cell: at most this many pixels along its longer side. */
const SPRITE_SIDE = 128;
/**
 * Art in cells of 2 px and up: at least this many cells along its longer side (fewer is a few
 * shapes on a ground: a square, a flag), and at most this many.
 */
const MIN_CELLS = 8;
const MAX_CELLS = 256;
/**
 * Blocky art whose cells are not all one size (an enlargement by 2.5: cells of 2 and 3 px), up to
 * this many pixels along its longer side, with at most this share of its runs of a color one pixel
 * long: a picture's edges, aliased or not, step by single pixels where they run near 45°.
 */
const BLOCKY_SIDE = 1024;
const MAX_SINGLE_RUNS = 0.02;
/** ...and at least this share up to 4 px long: cells, not a few big shapes. */
const MIN_SHORT_RUNS = 0.2;
/** Neighbours that differ by at most this many levels on every channel are a gradient's steps, no edge. */
const FAINT = 12;
/**
 * A pixel on the line between the two on either side of it (within OFF_LINE levels, the rounding
 * of a mix; the two at least EDGE apart) is a blend of them: anti-aliasing lays one along every
 * edge. At most this share of the pixels on an edge may be blends (a few blended pixels, a
 * semi-transparent shadow's rim).
 */
const OFF_LINE = 4;
const EDGE = 48;
const MAX_SOFT = 0.2;
/** At most this share of the pixels may be of a color no more than two pixels have (a photo's). */
const MAX_RARE = 0.25;

/**
 * Pixel art: the image is its pixels, or its cells of 2 px and up (an enlargement, a sheet of
 * sprites, a tile), and every one counts, as exact squares keep them. Read a pixel a cell, it has
 * few colors (at most 256, nearly all shared by three pixels or more) and hard edges: few pixels
 * are a mix of the two on either side of them, as anti-aliasing lays them along every edge of a
 * logo, text or a smooth icon (a shading ramp's middle color lies between its neighbours too, but
 * off their line). A sprite is at most 128 px (on a sheet, between clear gutters); bigger art is
 * in cells (8 to 256 along its longer side) or blocky (runs of a color two pixels long or more).
 * A few blended or semi-transparent pixels are allowed. An image of 32 px or less is its pixels,
 * and so is a strip of such frames. Returns its cells, for the trace to take without finding them
 * again; undefined when it is not pixel art.
 */
export function pixelArtCells(image: RasterImage): CellGrid | undefined {
  const { width: w, height: h } = image;
  if (Math.max(w, h) > MAX_CELLS * 8 || w < 2 || h < 2) return undefined;
  const keys = pixelKeys(image);
  let grid = findCells(keys, w, h);
  if (Math.max(w, h) <= TINY_SIDE || isStripOfFrames(w, h)) return grid;
  if (grid.cell > MAX_CELL || (grid.cell > 1 && Math.max(grid.columns, grid.rows) < MIN_CELLS)) {
    // A few big shapes on a ground (a square, a flag's stripes), unless the picture is a sprite's
    // size and has a third color (a framed sign's text): then it is read a pixel a cell.
    if (Math.max(w, h) > SPRITE_SIDE || !hasColors(keys, 3)) return undefined;
    grid = { cell: 1, x0: 0, y0: 0, columns: w, rows: h, exact: true };
  }
  const side = Math.max(grid.columns, grid.rows);
  // One ink on a ground, its edges aliased (an old logo, a fax), is a drawing to trace smooth.
  if (grid.cell === 1 && !hasColors(keys, 3)) return undefined;
  if (grid.cell > 1) {
    if (side > MAX_CELLS) return undefined;
  } else if (side > SPRITE_SIDE && largestSprite(keys, w, h) > SPRITE_SIDE) {
    if (side > BLOCKY_SIDE) return undefined;
    const runs = runLengths(keys, w, h);
    if (runs.single > MAX_SINGLE_RUNS || runs.short < MIN_SHORT_RUNS) return undefined;
  }
  const cells = grid.cell > 1 ? cellImage(image, grid) : image;
  const signs = edgeSigns(cells, grid.cell > 1 ? pixelKeys(cells) : keys);
  return signs !== undefined && signs.rare <= MAX_RARE && signs.soft <= MAX_SOFT ? grid : undefined;
}

/** Whether the image is a strip of tiny square frames, side by side or one above the other. */
function isStripOfFrames(w: number, h: number): boolean {
  const frame = Math.min(w, h);
  const frames = Math.max(w, h) / frame;
  return frame <= TINY_SIDE && Number.isInteger(frames) && frames <= MAX_FRAMES;
}

/** Whether an image is pixel art (see `pixelArtCells`). */
export function looksLikePixelArt(image: RasterImage): boolean {
  return pixelArtCells(image) !== undefined;
}

/**
 * The longest stretch of columns, or of rows, with a painted pixel: on a sheet of sprites, clear
 * gutters between them cut it to one sprite's size; on anything else it is the image's side.
 */
function largestSprite(keys: Uint32Array, w: number, h: number): number {
  const paintedColumn = new Uint8Array(w);
  const paintedRow = new Uint8Array(h);
  let columns = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (keys[y * w + x] === 0) continue;
      paintedRow[y] = 1;
      if (paintedColumn[x] === 0) {
        paintedColumn[x] = 1;
        columns++;
      } else if (columns === w) break; // every column painted: the row's first painted pixel is all it tells
    }
  }
  const longest = (painted: Uint8Array) => {
    let most = 0;
    let run = 0;
    for (const on of painted) {
      run = on ? run + 1 : 0;
      most = Math.max(most, run);
    }
    return most;
  };
  return Math.max(longest(paintedColumn), longest(paintedRow));
}

/** Of the runs of one color between two others: the share one pixel long, and up to 4 px long. */
function runLengths(keys: Uint32Array, w: number, h: number): { single: number; short: number } {
  let runs = 0;
  let single = 0;
  let short = 0;
  const run = (length: number) => {
    runs++;
    if (length === 1) single++;
    if (length <= 4) short++;
  };
  // Along each row, and down each column, read row by row: the row where each column's run began
  // after a change (0: at the top edge, so not between two others).
  const columnFrom = new Int32Array(w);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let from = 0;
    for (let x = 1; x < w; x++) {
      if (keys[row + x] === keys[row + x - 1]) continue;
      if (from > 0) run(x - from);
      from = x;
    }
    if (y === 0) continue;
    for (let x = 0; x < w; x++) {
      if (keys[row + x] === keys[row - w + x]) continue;
      if (columnFrom[x] > 0) run(y - columnFrom[x]);
      columnFrom[x] = y;
    }
  }
  return runs === 0 ? { single: 0, short: 0 } : { single: single / runs, short: short / runs };
}

/** Whether the picture has at least `least` colors (clear counting as one). */
function hasColors(keys: Uint32Array, least: number): boolean {
  const seen = new Set<number>();
  for (const key of keys) if (seen.add(key).size >= least) return true;
  return false;
}

/**
 * What tells pixel art from smooth art, as shares: of the pixels, those of a color no more than two
 * have; of the pixels on an edge (a neighbour clearly apart), the blends. Undefined over MAX_COLORS
 * colors, or with no edge at all.
 */
export function edgeSigns(image: RasterImage, keys: Uint32Array): { rare: number; soft: number } | undefined {
  const { width: w, height: h } = image;
  const n = w * h;
  const counts = new Map<number, number>();
  for (const key of keys) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (counts.size > MAX_COLORS) return undefined;
  }
  let rare = 0;
  for (const count of counts.values()) if (count <= 2) rare += count;
  // Each pixel on white, with its alpha as a fourth channel: a mix of clear and a color is a
  // blend too.
  const seen = onWhite(image);
  let edge = 0;
  let soft = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const key = keys[p];
      const apart = (q: number) => keys[q] !== key && distance(seen, p, q) > FAINT;
      const onEdge =
        (x + 1 < w && apart(p + 1)) ||
        (y + 1 < h && apart(p + w)) ||
        (x > 0 && apart(p - 1)) ||
        (y > 0 && apart(p - w));
      if (!onEdge) continue;
      edge++;
      const between = (a: number, b: number) =>
        keys[a] !== keys[b] && keys[a] !== key && keys[b] !== key && isBlend(seen, p, a, b);
      if ((x > 0 && x + 1 < w && between(p - 1, p + 1)) || (y > 0 && y + 1 < h && between(p - w, p + w)))
        soft++;
    }
  }
  return edge === 0 ? undefined : { rare: rare / n, soft: soft / edge };
}

/** RGBA with the color composited on white: 4 values a pixel. */
function onWhite({ data }: RasterImage): Int16Array {
  const out = new Int16Array(data.length);
  for (let o = 0; o < data.length; o += 4) {
    const a = data[o + 3] as number;
    for (let c = 0; c < 3; c++)
      out[o + c] = Math.round(((data[o + c] as number) * a + 255 * (255 - a)) / 255);
    out[o + 3] = a;
  }
  return out;
}

/** The largest difference of one channel between two pixels. */
function distance(seen: Int16Array, p: number, q: number): number {
  let most = 0;
  for (let c = 0; c < 4; c++)
    most = Math.max(most, Math.abs((seen[p * 4 + c] as number) - (seen[q * 4 + c] as number)));
  return most;
}

/**
 * Whether pixel p is a mix of a and b: on the line between them in RGBA (within OFF_LINE levels,
 * the rounding of a blend), and a and b an edge apart. A shading ramp's middle color lies between
 * its neighbours too, but off their line: an artist picks it, a renderer mixes it.
 */
function isBlend(seen: Int16Array, p: number, a: number, b: number): boolean {
  let along = 0;
  let length2 = 0;
  for (let c = 0; c < 4; c++) {
    const d = (seen[b * 4 + c] as number) - (seen[a * 4 + c] as number);
    along += ((seen[p * 4 + c] as number) - (seen[a * 4 + c] as number)) * d;
    length2 += d * d;
  }
  if (length2 < EDGE * EDGE) return false;
  const t = along / length2;
  if (t <= 0 || t >= 1) return false;
  let off2 = 0;
  for (let c = 0; c < 4; c++) {
    const va = seen[a * 4 + c] as number;
    const on = va + t * ((seen[b * 4 + c] as number) - va);
    off2 += ((seen[p * 4 + c] as number) - on) ** 2;
  }
  return off2 <= OFF_LINE * OFF_LINE;
}
