import { halve } from './draft.js';
import type { RasterImage } from './model.js';
import type { TraceSettings } from './settings/index.js';

/** Neighbouring pixels this far apart in luminance (0-255) make an edge. */
const EDGE_STEP = 32;
/** Rows the estimate reads, spread over the image: a few milliseconds at 50 megapixels. */
const SAMPLE_ROWS = 256;

/**
 * Edge pixels one trace takes on at most. A trace's memory and time grow with its edges, not its
 * pixels: a 50-megapixel logo traces in 2 s, while a 2000 x 2000 photo of noise (3.8 million edge
 * pixels) peaks at 700 MB and a 2000 x 2000 one-pixel checkerboard takes a minute.
 */
export const MAX_EDGE_PIXELS = 3_000_000;

/**
 * How many times the work of an edge pixel in a black-and-white trace one edge pixel costs with
 * these settings, so that every setting stays within the budget a trace is given (60 CPU-seconds
 * and 1 GB, with room to spare). Measured on color noise (`npm run bench:budget`): at 900 px
 * (711k edge pixels) bw takes 3 CPU-s and 300 MB, 8 colors 14 s and 470 MB, 32 colors 26 s and
 * 900 MB (each color is a labelling and outlines of its own), centerline 6 s, pixel mode 15 s and
 * 1.3 GB (a square and a path per area), true shapes some 4 ms an outline; at 1800 px 32 colors
 * took 97 s and 2.6 GB. The automatic colors keep few on such a picture and cost as bw does.
 */
export function costWeight(
  mode: 'bw' | 'color' | 'centerline' | 'pixel',
  settings: Pick<TraceSettings, 'colors' | 'palette' | 'shapes'>,
): number {
  const colors = settings.palette.length || (settings.colors === 'auto' ? 0 : settings.colors);
  const byMode = { bw: 1, centerline: 2, pixel: 8, color: colors ? 1 + colors / 4 : 1 }[mode];
  return byMode * (settings.shapes && mode !== 'pixel' ? 25 : 1);
}

/** Past this many colors, a color trace's time grows with its pixels, whatever its edges. */
export const MANY_COLORS = 32;
/**
 * The pixels a color trace of 2·MANY_COLORS colors takes on: a smooth photo of 3 megapixels
 * (few edges by EDGE_STEP, so it is not reduced for them) took 15 s in 32 colors and 70 s and
 * 1.2 GB in 64; at 0.75 megapixels 64 colors take some 20 s, and 128 colors about as long at
 * half that.
 */
export const MANY_COLOR_PIXELS = 750_000;

/**
 * The most pixels a trace with these settings takes on, past which it is halved (withinCost):
 * unbounded but for color mode asked for more than MANY_COLORS colors.
 */
export function pixelBudget(
  mode: 'bw' | 'color' | 'centerline' | 'pixel',
  settings: Pick<TraceSettings, 'colors'>,
): number {
  if (mode !== 'color' || settings.colors === 'auto' || settings.colors <= MANY_COLORS)
    return Number.POSITIVE_INFINITY;
  return Math.round((MANY_COLOR_PIXELS * 2 * MANY_COLORS) / settings.colors);
}

/**
 * How many pixels differ from their right or lower neighbour by more than EDGE_STEP, estimated
 * from SAMPLE_ROWS rows. Transparent pixels count as on white, as the tracer sees them.
 */
export function estimateEdgePixels(image: RasterImage): number {
  const { width, height, data } = image;
  if (width < 2 || height < 2) return 0;
  const rows = Math.min(height - 1, SAMPLE_ROWS);
  const row = width * 4;
  let edges = 0;
  for (let r = 0; r < rows; r++) {
    const y = Math.floor((r * (height - 1)) / rows);
    let i = y * row;
    let here = luminance(data, i);
    for (let x = 0; x < width - 1; x++, i += 4) {
      const right = luminance(data, i + 4);
      if (Math.abs(here - right) > EDGE_STEP || Math.abs(here - luminance(data, i + row)) > EDGE_STEP)
        edges++;
      here = right;
    }
  }
  return Math.round((edges / (rows * (width - 1))) * width * height);
}

function luminance(data: RasterImage['data'], i: number): number {
  const a = data[i + 3];
  const l = (2 * data[i] + 5 * data[i + 1] + data[i + 2]) / 8;
  return a === 255 ? l : (l * a + 255 * (255 - a)) / 255;
}

/**
 * Whether a picture has at most `limit` edge pixels (see `estimateEdgePixels`): always, without
 * reading it, when it has no more pixels than that.
 */
export function edgesWithin(image: RasterImage, limit: number): boolean {
  return image.width * image.height <= limit || estimateEdgePixels(image) <= limit;
}

/**
 * The image halved until its edges, weighed by what the settings make each cost (costWeight), fit
 * MAX_EDGE_PIXELS and its pixels `maxPixels` (pixelBudget), and by how much: a pathological input (noise, a one-pixel checkerboard) is
 * traced at the size it can be, never past the memory and time a trace is given. Halving
 * averages, so fine patterns fade and the edges drop fast.
 */
export function withinCost(
  image: RasterImage,
  weight = 1,
  maxPixels = Number.POSITIVE_INFINITY,
): { image: RasterImage; factor: number } {
  const limit = MAX_EDGE_PIXELS / weight;
  let source = image;
  let factor = 1;
  const over = (s: RasterImage) => s.width * s.height > maxPixels || !edgesWithin(s, limit);
  while (over(source) && Math.min(source.width, source.height) >= 4) {
    source = halve(source);
    factor *= 2;
  }
  return { image: source, factor };
}
