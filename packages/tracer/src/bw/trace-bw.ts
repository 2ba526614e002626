import { estimateEdgePixels, MAX_EDGE_PIXELS } from '../cost.js';
import { scaleLayers } from '../draft.js';
import type { Layer, RasterImage, StageTimings, Subpath } from '../model.js';
import type { TraceParams } from '../params.js';
import type { Bitmap, WindowInk } from './bitmap.js';
import { doubled, MIN_THIN_PIXELS, MIN_THIN_SHARE, thinInk } from './fine.js';
import { type InkMap, inkMap } from './ink-map.js';
import { traceBitmap } from './trace-bitmap.js';

const black = { r: 0, g: 0, b: 0 };

/**
 * Black-and-white mode: one black layer over a transparent background. `read` is the image's ink
 * map when the automatic mode has read it already. `page` says whether it was read as a page.
 */
export function traceBw(
  image: RasterImage,
  params: TraceParams,
  timings: StageTimings,
  read?: InkMap,
): { layers: Layer[]; page: boolean } {
  const start = performance.now();
  const ink = read ?? inkMap(image, params.read);
  const cut = shifted(ink.cut, params.cutShift);
  const bitmap = threshold(ink, cut);
  if (!params.finerGrid || !onFinerGrid(image, bitmap)) {
    timings.threshold = performance.now() - start;
    return {
      layers: outlines(traceBitmap(bitmap, params, windowInk(ink, cut), timings)),
      page: ink.document,
    };
  }
  // Thin strokes and small text: traced at twice the size, the outlines brought back to scale,
  // with the fit's tolerance scaled to match. A page's speckles scale too; a picture keeps its
  // one-pixel dots (an i's, a colon's), four pixels at twice the size.
  const fine = doubled(ink);
  const fineBitmap = threshold(fine, cut);
  timings.threshold = performance.now() - start;
  const fineParams = {
    ...params,
    turdsize: ink.document ? 4 * params.turdsize : params.turdsize,
    opttolerance: 2 * params.opttolerance,
  };
  const subpaths = traceBitmap(fineBitmap, fineParams, windowInk(fine, cut), timings);
  return { layers: scaleLayers(outlines(subpaths), 0.5), page: ink.document };
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
 * Whether a picture is traced on a grid twice as fine (see `doubled`): when much of its ink is in
 * thin strokes (see `thinInk`), as mkbitmap does for every scan, and the doubled trace stays
 * cheap (see FINE_MAX_PIXELS and FINE_MAX_EDGE_PIXELS).
 */
function onFinerGrid(image: RasterImage, bitmap: Bitmap): boolean {
  if (image.width * image.height > FINE_MAX_PIXELS) return false;
  const { thin, ink } = thinInk(bitmap);
  return (
    thin >= MIN_THIN_PIXELS &&
    thin >= MIN_THIN_SHARE * ink &&
    estimateEdgePixels(image) <= FINE_MAX_EDGE_PIXELS
  );
}

function outlines(subpaths: Subpath[]): Layer[] {
  return subpaths.length > 0 ? [{ color: black, subpaths }] : [];
}

/** The automatic cut moved by the threshold setting, towards 0.05 (bolder) or 0.95 (lighter). */
function shifted(cut: number, shift: number): number {
  return shift < 0 ? cut + shift * (cut - 0.05) : cut + shift * (0.95 - cut);
}

/** Foreground = ink level above `cut` (0-1). */
function threshold(ink: InkMap, cut: number): Bitmap {
  const { width, height, values, table } = ink;
  const foreground = table.map((level) => (level > cut * 255 ? 1 : 0));
  const bits = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) bits[i] = foreground[values[i]];
  return { width, height, bits };
}

/**
 * Coverage maps the ink level linearly on either side of the cut so that the cut sits at exactly
 * one half: 1 for full ink, 0.5 at the cut, 0 for paper. Summed over the 2x2 pixels around a
 * corner, it says where the edge truly passes (exact for a straight edge rendered with area
 * anti-aliasing).
 */
function windowInk(ink: InkMap, cut: number): WindowInk {
  const below = cut > 0 ? 0.5 / cut : 0;
  const above = cut < 1 ? 0.5 / (1 - cut) : 0;
  const { width: w, values, table } = ink;
  const coverage = Float64Array.from(table, (level) => {
    const v = level / 255;
    return v > cut ? Math.min(1, 0.5 + (v - cut) * above) : Math.max(0, 0.5 - (cut - v) * below);
  });
  return (x, y) => {
    const i = (y - 1) * w + x - 1;
    return (
      coverage[values[i]] + coverage[values[i + 1]] + coverage[values[i + w]] + coverage[values[i + w + 1]]
    );
  };
}
