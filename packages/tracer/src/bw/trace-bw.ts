import { scaleLayers } from '../draft.js';
import type { Layer, RasterImage, StageTimings } from '../model.js';
import type { TraceParams } from '../params.js';
import type { Bitmap, WindowInk } from './bitmap.js';
import { doubled, tracesFiner } from './fine.js';
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
  // Thin strokes and small text: traced at twice the size (see fine.ts), the outlines brought
  // back to scale, with the fit's tolerance scaled to match. A page's speckles scale too; a
  // picture keeps its one-pixel dots (an i's, a colon's), four pixels at twice the size.
  const finer = params.finerGrid && tracesFiner(image, bitmap);
  const grid = finer ? doubled(ink) : ink;
  const gridBitmap = finer ? threshold(grid, cut) : bitmap;
  const gridParams = finer
    ? {
        ...params,
        turdsize: ink.document ? 4 * params.turdsize : params.turdsize,
        opttolerance: 2 * params.opttolerance,
      }
    : params;
  timings.threshold = performance.now() - start;
  const subpaths = traceBitmap(gridBitmap, gridParams, windowInk(grid, cut), timings);
  const layers: Layer[] = subpaths.length > 0 ? [{ color: black, subpaths }] : [];
  return { layers: finer ? scaleLayers(layers, 0.5) : layers, page: ink.document };
}

/** The automatic cut moved by the threshold setting, towards 0.05 (bolder) or 0.95 (lighter). */
function shifted(cut: number, shift: number): number {
  return shift < 0 ? cut + shift * (cut - 0.05) : cut + shift * (0.95 - cut);
}

/** Foreground = ink level above `cut` (0-1). */
export function threshold(ink: InkMap, cut: number): Bitmap {
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
export function windowInk(ink: InkMap, cut: number): WindowInk {
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
