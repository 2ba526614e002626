import { traceDoubled, tracesFiner } from '../ink/fine.js';
import { type InkMap, inkMap, shifted, threshold, windowInk } from '../ink/ink-map.js';
import type { Layer, RasterImage, StageTimings } from '../model.js';
import { traceBitmap } from '../outline/trace-bitmap.js';
import type { TraceParams } from '../params.js';
import { lap } from '../timings.js';

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
  lap(timings, 'threshold', start);
  // Thin strokes and small text: traced at twice the size (see fine.ts). A page's speckles scale
  // too; a picture keeps its one-pixel dots (an i's, a colon's), four pixels at twice the size.
  // A dark screen's strokes are the gaps in its ink (see InkMap's lightStrokes).
  const strokes = ink.lightStrokes ? { ...bitmap, bits: bitmap.bits.map((bit) => 1 - bit) } : bitmap;
  const subpaths =
    params.finerGrid && tracesFiner(image, strokes)
      ? traceDoubled(
          ink,
          cut,
          { ...params, turdsize: ink.document ? 4 * params.turdsize : params.turdsize },
          timings,
        )
      : traceBitmap(bitmap, params, windowInk(ink, cut), timings);
  return { layers: subpaths.length > 0 ? [{ color: black, subpaths }] : [], page: ink.document };
}
