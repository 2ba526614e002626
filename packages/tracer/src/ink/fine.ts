import { edgesWithin, MAX_EDGE_PIXELS } from '../cost.js';
import { moveSubpaths } from '../geometry/scale.js';
import type { RasterImage, StageTimings, Subpath } from '../model.js';
import { type Bitmap, nextSet, wordsOf } from '../outline/bitmap.js';
import type { PixelPath } from '../outline/decompose.js';
import { type TraceBitmapParams, traceBitmap } from '../outline/trace-bitmap.js';
import { zeroedU8 } from '../outline/work.js';
import { lap } from '../timings.js';
import { IDENTITY, type InkMap, windowInk } from './ink-map.js';

/** Strokes at most this many pixels wide are thin. */
const THIN = 2;

/**
 * Least share of the ink in thin strokes for a picture to be traced on the finer grid: text,
 * line art and screens have a third or more; logos, silhouettes and photos a few percent.
 */
const MIN_THIN_SHARE = 0.1;

/**
 * ...and least thin ink, in pixels: a line of small text or a few strokes. A lone sliver (a
 * drawing's sharp tip) is no reason to trace the whole picture four times over.
 */
const MIN_THIN_PIXELS = 200;
/**
 * ...or, for a layer's mask in a small box (an icon's), this share of the box: a 24 px icon's
 * lines are a few dozen pixels, and on its own grid its 2 px bars round into blobs.
 */
const MIN_THIN_BOX_SHARE = 0.05;

/** Rows the count reads, spread over the picture (all of them on a smaller one). */
const SAMPLE_ROWS = 256;

/** Where the rows one and two above and below row `y` start, or -1 where there is none. */
function rowsAround(
  y: number,
  w: number,
  h: number,
): { up1: number; up2: number; down1: number; down2: number } {
  const row = y * w;
  return {
    up1: y >= 1 ? row - w : -1,
    up2: y >= 2 ? row - 2 * w : -1,
    down1: y + 1 < h ? row + w : -1,
    down2: y + 2 < h ? row + 2 * w : -1,
  };
}

/**
 * The foreground pixels in thin strokes (those whose run of foreground across them, along a row
 * or a column, is at most THIN pixels long), all the foreground pixels, and, with `gaps`, the
 * background pixels in thin gaps (a run of background at most THIN long, along a row or a column,
 * with foreground at both ends), counted in one pass over up to SAMPLE_ROWS rows and scaled to the
 * whole picture.
 */
function thinParts(bitmap: Bitmap, gaps = false): { thin: number; ink: number; gaps: number } {
  const { width: w, height: h, bits } = bitmap;
  const words = wordsOf(bits);
  const rows = Math.min(h, SAMPLE_ROWS);
  let thin = 0;
  let ink = 0;
  let gap = 0;
  for (let r = 0; r < rows; r++) {
    const y = Math.floor((r * h) / rows);
    const row = y * w;
    const around = rowsAround(y, w, h);
    const { up1, up2, down1, down2 } = around;
    for (let x = 0; x < w; ) {
      if (bits[row + x] !== 1) {
        // A run of background, to the next foreground pixel along the row.
        const end = nextSet(bits, words, row + x + 1, row + w) - row;
        if (gaps) gap += thinGapsIn(bits, words, x, end, w, around);
        x = end;
        continue;
      }
      // A run along the row, x..end-1: all thin when short, else each pixel thin down its column
      // (at most one more foreground pixel above and below it together).
      let end = x + 1;
      while (end < w && bits[row + end] === 1) end++;
      ink += end - x;
      if (end - x <= THIN) thin += end - x;
      else
        for (let c = x; c < end; c++) {
          const above = up1 >= 0 && bits[up1 + c] === 1;
          if (above && up2 >= 0 && bits[up2 + c] === 1) continue;
          const below = down1 >= 0 && bits[down1 + c] === 1;
          if (below && (above || (down2 >= 0 && bits[down2 + c] === 1))) continue;
          thin++;
        }
      x = end;
    }
  }
  const scale = h / rows;
  return { thin: Math.round(thin * scale), ink: Math.round(ink * scale), gaps: Math.round((gap * h) / rows) };
}

/**
 * How many pixels of a run of background, from..to-1 along its row, are in thin gaps: all of a run
 * at most THIN (2) long with foreground at both ends, else those with foreground one or two pixels
 * above and below, the gap between at most THIN long, down their column.
 */
function thinGapsIn(
  bits: Uint8Array,
  words: Uint32Array | undefined,
  from: number,
  to: number,
  w: number,
  { up1, up2, down1, down2 }: { up1: number; up2: number; down1: number; down2: number },
): number {
  if (to - from <= THIN && from > 0 && to < w) return to - from;
  if (down1 < 0 || up1 < 0) return 0;
  let count = 0;
  // Only columns with foreground one or two rows above can hold a gap: the next of those.
  const nextAbove = (x: number) =>
    Math.min(
      nextSet(bits, words, up1 + x, up1 + to) - up1,
      up2 < 0 ? to : nextSet(bits, words, up2 + x, up2 + to) - up2,
    );
  for (let x = nextAbove(from); x < to; x = nextAbove(x + 1)) {
    const above1 = bits[up1 + x] === 1;
    if (bits[down1 + x] === 1 || (above1 && down2 >= 0 && bits[down2 + x] === 1)) count++;
  }
  return count;
}

/** Largest picture traced on the finer grid (4 megapixels: 16 at twice the size). */
const FINE_MAX_PIXELS = 4_000_000;

/**
 * Most edge pixels (see cost.ts) of a picture traced on the finer grid: twice as many there, a
 * quarter of a trace's budget. Text, line art and screens have under 200,000 even on a page;
 * grain and dither (a 900 px square of noise has 600,000) are not strokes, and would cost four
 * times as much for nothing.
 */
const FINE_MAX_EDGE_PIXELS = MAX_EDGE_PIXELS / 8;

/**
 * Whether a picture is traced on a grid twice as fine (see `doubled`): when much of its ink
 * (`bitmap`) is in thin strokes, as mkbitmap does for every scan, and the doubled trace stays
 * cheap (see FINE_MAX_PIXELS and FINE_MAX_EDGE_PIXELS).
 */
export function tracesFiner(image: RasterImage, bitmap: Bitmap): boolean {
  if (image.width * image.height > FINE_MAX_PIXELS) return false;
  const { thin, ink } = thinParts(bitmap);
  return thin >= MIN_THIN_PIXELS && thin >= MIN_THIN_SHARE * ink && edgesWithin(image, FINE_MAX_EDGE_PIXELS);
}

/**
 * Least share of a mask's box in thin parts for it to be traced on the finer grid, whose cost
 * grows with the box: a logo's anti-aliased rim, a thin ring round a large box, is not worth it.
 */
const MIN_THIN_DENSITY = 0.01;
/**
 * A box up to this many pixels (512 x 512) is cheap on the finer grid, however little of it is
 * thin: a chart's 1 px axes, 1 % of their box, fitted on the pixel grid came out as slivers
 * tapering to nothing, the layer beneath showing through (43 % of the axes left black; 88 % on
 * the finer grid). On clean art (no grain), such a box takes it for any thin part, however
 * little of the mask: a thin line's end that runs out of a large shape (an axis past a plot's
 * last cell) is a sliver too. On the real set: color's mean MAE 6.00 to 5.95, a diagram's
 * 6.3 to 2.5, for 5 % more time and 2 % more commands (up to three times as many on an icon
 * whose masks have a few thin rims: tracing only the thin parts finer would save them).
 */
const CHEAP_BOX = 1 << 18;
/**
 * On clean art in a cheap box, a mask of lines (MIN_THIN_SHARE of it thin) this many pixels
 * long takes the finer grid: a short 1 px curve fitted on the pixel grid is half as wide, pale.
 */
const MIN_CLEAN_LINE = 32;

/**
 * Whether much of a layer's mask is thin (see MIN_THIN_SHARE, MIN_THIN_PIXELS and
 * MIN_THIN_DENSITY): its strokes, or the gaps between its parts, where a layer painted under it
 * shows through as a thin line (the rules between a grid's cells, a field's border). On `clean`
 * art, in a cheap box, any thin part counts (see CHEAP_BOX).
 */
export function hasThinParts(bitmap: Bitmap, clean = false): boolean {
  const area = bitmap.width * bitmap.height;
  if (area > FINE_MAX_PIXELS) return false;
  const { thin, ink, gaps } = thinParts(bitmap, true);
  const parts = thin + gaps;
  // A layer of lines (a short curve, a small icon's strokes) on clean art, however few.
  const lines = clean && area <= CHEAP_BOX && parts >= MIN_CLEAN_LINE && parts >= MIN_THIN_SHARE * ink;
  if (!lines && parts < Math.min(MIN_THIN_PIXELS, MIN_THIN_BOX_SHARE * area)) return false;
  if (area <= CHEAP_BOX) return clean || parts >= MIN_THIN_SHARE * ink;
  return parts >= MIN_THIN_SHARE * ink && parts >= MIN_THIN_DENSITY * area;
}

/**
 * The ink map on a grid twice as fine, each new pixel interpolated linearly from the four old
 * ones around its centre (weights 9/16, 3/16, 3/16, 1/16), as mkbitmap's `-s 2` scales: a stroke
 * one pixel wide becomes two, which the outline's fit keeps whole instead of thinning it to a
 * sliver that renders pale or not at all. Its foreground (levels above `cut`) is written in the
 * same pass.
 */
function doubled(ink: InkMap, cut: number): { grid: InkMap; bitmap: Bitmap } {
  const { width: w, height: h, values, table } = ink;
  const W = 2 * w;
  // A layer's mask levels (color's) are ink levels already, read as they are.
  let level = values;
  if (table !== IDENTITY) {
    level = new Uint8Array(w * h);
    for (let i = 0; i < level.length; i++) level[i] = table[values[i]];
  }
  const out = zeroedU8('doubled', 4 * w * h);
  const bits = zeroedU8('doubled bits', 4 * w * h);
  const least = cut * 255;
  // Beyond the picture's edge, its edge pixels again.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const up = y > 0 ? row - w : row;
    const down = y < h - 1 ? row + w : row;
    const top = 2 * y * W;
    // The ink in columns x-1, x and x+1 of the three rows: where there is none (most of a thin
    // mask's box), the four new pixels are paper, left 0.
    let before = level[up] | level[row] | level[down];
    let here = before;
    for (let x = 0; x < w; x++) {
      const l = x > 0 ? x - 1 : x;
      const r = x < w - 1 ? x + 1 : x;
      const after = level[up + r] | level[row + r] | level[down + r];
      const paper = (before | here | after) === 0;
      before = here;
      here = after;
      if (paper) continue;
      const c9 = 9 * level[row + x] + 8;
      const left = 3 * level[row + l];
      const right = 3 * level[row + r];
      const above = 3 * level[up + x];
      const below = 3 * level[down + x];
      const i = top + 2 * x;
      out[i] = (c9 + left + above + level[up + l]) >> 4;
      out[i + 1] = (c9 + right + above + level[up + r]) >> 4;
      out[i + W] = (c9 + left + below + level[down + l]) >> 4;
      out[i + W + 1] = (c9 + right + below + level[down + r]) >> 4;
      bits[i] = out[i] > least ? 1 : 0;
      bits[i + 1] = out[i + 1] > least ? 1 : 0;
      bits[i + W] = out[i + W] > least ? 1 : 0;
      bits[i + W + 1] = out[i + W + 1] > least ? 1 : 0;
    }
  }
  return {
    grid: { ...ink, width: W, height: 2 * h, values: out, table: IDENTITY },
    bitmap: { width: W, height: 2 * h, bits },
  };
}

/**
 * Traces the foreground of an ink map (levels above `cut`) on the grid twice as fine, with the
 * fit's tolerance doubled to match, and returns the outlines at the map's own scale, moved by
 * `offset` (a crop's corner: moved in the same pass). The caller gives the turdsize for the finer
 * grid, and `params.keep` in the map's own pixels.
 */
export function traceDoubled(
  ink: InkMap,
  cut: number,
  params: TraceBitmapParams,
  timings: StageTimings = {},
  offset = { x: 0, y: 0 },
): Subpath[] {
  const start = performance.now();
  const { grid, bitmap } = doubled(ink, cut);
  lap(timings, 'threshold', start);
  const { keep } = params;
  // A fine pixel lies between the four pixels its level was interpolated from: a speckle's first
  // one (its top row's leftmost) may lie over a pixel beside it, the edge having spilled half a
  // pixel (a thin line's dot of four pixels, its first fine pixel over the paper, was dropped).
  const near = (v: number, size: number) => [Math.max(0, (v - 1) >> 1), Math.min(size - 1, (v + 1) >> 1)];
  const keepFine =
    keep &&
    ((path: PixelPath, x: number, y: number) =>
      near(y, ink.height).some((py) => near(x, ink.width).some((px) => keep(path, px, py))));
  const fine = { ...params, opttolerance: 2 * params.opttolerance, keep: keepFine };
  return moveSubpaths(traceBitmap(bitmap, fine, windowInk(grid, cut), timings), 0.5, offset.x, offset.y);
}
