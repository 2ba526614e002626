import { costWeight, withinCost } from '../cost.js';
import { TraceError } from '../errors.js';
import { type Area, forEachArea } from '../geometry/areas.js';
import type { Layer, Point, RasterImage, Segment, Subpath } from '../model.js';
import { decompose, type PixelPath } from '../outline/decompose.js';
import { defaultSettings } from '../settings/index.js';
import { type CellGrid, cellEdge, cellImage, findCells, MAX_CELL, pixelKeys } from './cells.js';

/**
 * Cells one pixel-mode trace takes on: each costs some 25 bytes while its squares are traced (a
 * 49-megapixel picture of flat rings peaked at 1.2 GB), past the memory a trace is given.
 */
export const MAX_PIXEL_CELLS = 16_000_000;

/**
 * Pixel mode: every pixel an exact square, the squares of each 4-connected area of one color (and
 * alpha) merged into one outline with its holes, nothing smoothed. Rendered at the image's own
 * size, the result gives the input's pixels back, alpha too: a semi-transparent color is a layer
 * with its opacity, clear pixels stay clear. One layer per color; the shapes tile the image
 * without overlapping. An enlargement whose every cell is one color is traced a pixel a cell and
 * scaled up (a 512 px sheet in 4 px cells traces as 128 px). Only a picture past what a trace can
 * take on (noise, see cost.ts) is traced smaller: `reducedBy`. `found`: the cells the reading found.
 */
export function tracePixel(
  image: RasterImage,
  found: CellGrid = findCells(pixelKeys(image), image.width, image.height),
): { layers: Layer[]; reducedBy?: number } {
  const { width: w, height: h } = image;
  const grid: CellGrid =
    found.exact && found.cell <= MAX_CELL
      ? found
      : { cell: 1, x0: 0, y0: 0, columns: w, rows: h, exact: true };
  const cells = grid.columns * grid.rows;
  if (cells > MAX_PIXEL_CELLS) {
    throw new TraceError(
      'too-large',
      `Pixel mode draws every pixel as a square, and this image has ${(cells / 1e6).toFixed(1)} million of them, more than the ${MAX_PIXEL_CELLS / 1e6} million one trace takes: choose another mode, or a smaller image`,
    );
  }
  const { image: source, factor } = withinCost(cellImage(image, grid), costWeight('pixel', defaultSettings));
  const at = (x: number, y: number): Point => ({
    x: cellEdge(x * factor, grid.cell, grid.x0, w),
    y: cellEdge(y * factor, grid.cell, grid.y0, h),
  });
  return { layers: traceSquares(source, at), ...(factor > 1 ? { reducedBy: factor } : {}) };
}

/** The areas of one RGBA color each, as outlines along the pixels' edges, placed by `at`. */
function traceSquares(image: RasterImage, at: (x: number, y: number) => Point): Layer[] {
  const { width: w, height: h } = image;
  const keys = pixelKeys(image);
  const n = w * h;
  // Clear pixels (key 0) are no area.
  const colorOf = new Int32Array(n);
  for (let p = 0; p < n; p++) colorOf[p] = keys[p] === 0 ? -1 : p;
  const byColor = new Map<
    number,
    { rgba: Uint8Array | Uint8ClampedArray; pixels: number; subpaths: Subpath[] }
  >();
  let members: number[] = [];
  const areaOf = ({ size, left, top, right, bottom }: Area) => {
    // The area alone, in a bitmap of its box, traced along the pixels' edges.
    const bw = right - left + 1;
    const bh = bottom - top + 1;
    const bits = new Uint8Array(bw * bh);
    for (const p of members) {
      const x = p % w;
      bits[((p - x) / w - top) * bw + x - left] = 1;
    }
    const first = members[0] as number;
    members = [];
    const key = keys[first] as number;
    const entry = byColor.get(key) ?? {
      rgba: image.data.subarray(first * 4, first * 4 + 4),
      pixels: 0,
      subpaths: [],
    };
    entry.pixels += size;
    for (const path of decompose({ width: bw, height: bh, bits }, 0)) {
      entry.subpaths.push(straightOutline(path, left, top + bh, at));
    }
    byColor.set(key, entry);
  };
  forEachArea(w, h, sameColor(keys, colorOf), areaOf, (p) => members.push(p));
  return [...byColor.values()]
    .sort((a, b) => b.pixels - a.pixels)
    .map(({ rgba, subpaths }) => ({
      color: { r: rgba[0] as number, g: rgba[1] as number, b: rgba[2] as number },
      ...((rgba[3] as number) < 255 ? { opacity: (rgba[3] as number) / 255 } : {}),
      subpaths,
    }));
}

/**
 * One area key a pixel, the same for every pixel of one RGBA color: the index of the first pixel
 * of its color (forEachArea takes 31-bit keys, and RGBA needs 32 bits).
 */
function sameColor(keys: Uint32Array, colorOf: Int32Array): Int32Array {
  const firstOf = new Map<number, number>();
  for (let p = 0; p < colorOf.length; p++) {
    if (colorOf[p] === -1) continue;
    const key = keys[p] as number;
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, p);
    else colorOf[p] = first;
  }
  return colorOf;
}

/**
 * A boundary path as straight lines in image coordinates (y down), one vertex per turn, placed by
 * `place`. The path runs y up from the bottom of its box, whose bottom edge is row `bottom`. A hole
 * runs the other way round from an outline, so that the nonzero fill rule (SVG's default, PDF's and
 * PostScript's `f`) leaves it to the color inside it.
 */
function straightOutline(
  path: PixelPath,
  left: number,
  bottom: number,
  place: (x: number, y: number) => Point,
): Subpath {
  const m = path.x.length;
  const at = (i: number): Point => ({
    x: left + (path.x[i % m] as number),
    y: bottom - (path.y[i % m] as number),
  });
  const corners: Point[] = [];
  for (let i = 0; i < m; i++) {
    const prev = at(i + m - 1);
    const here = at(i);
    const next = at(i + 1);
    const turns = (here.x - prev.x) * (next.y - here.y) - (here.y - prev.y) * (next.x - here.x) !== 0;
    if (turns) corners.push(place(here.x, here.y));
  }
  if (path.sign === '-') corners.reverse();
  const start = corners[0] as Point;
  const segments: Segment[] = corners.slice(1).map((to) => ({ kind: 'line', to }));
  segments.push({ kind: 'line', to: start });
  return { start, segments };
}
