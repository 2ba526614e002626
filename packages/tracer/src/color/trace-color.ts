import type { Color, Layer, RasterImage, StageTimings } from '../model.js';
import type { TraceParams } from '../params.js';
import { splitBackground } from './background.js';
import { unblendEdges } from './blends.js';
import { labelColors } from './colors.js';
import { denoise } from './denoise.js';
import { regionGraph } from './graph.js';
import { buildHistogram } from './histogram.js';
import { traceLayers } from './layers.js';
import { buildPalette } from './palette.js';
import { OPAQUE_FROM, readPixels } from './pixels.js';
import { findRegions, mergeSpeckles } from './regions.js';
import { findRuns, labelPixels } from './runs.js';

/**
 * Color mode: reduce the picture to the palette of colors it is painted with, merge speckles
 * into their surroundings, and trace the colors as stacked layers. An opaque picture gets the
 * color most common along its border as a background rectangle; a picture with transparent
 * pixels gets no background, and its transparent areas stay transparent. Stage times go into
 * `timings` (palette, regions, outlines).
 */
export function traceColor(
  image: RasterImage,
  params: TraceParams,
  timings: StageTimings,
): { background?: Color; layers: Layer[] } {
  const { width, height } = image;
  let t = performance.now();
  const lap = (stage: string): void => {
    const now = performance.now();
    timings[stage] = now - t;
    t = now;
  };
  const pixels = readPixels(image);
  const { color, grain } = denoise(pixels.color, width, height);
  const alpha = pixels.transparent > 0 ? pixels.alpha : undefined;
  const hist = buildHistogram(color, width, height, alpha);
  const palette = buildPalette(hist, params.colors, params.minColorArea, grain);
  lap('palette');
  // Transparent pixels get a label of their own, one past the palette; so do, on an opaque
  // picture, the background's regions inside it (see splitBackground).
  const spare = palette.size;
  const labels = labelPixels(color, palette.binLabel);
  if (alpha) for (let p = 0; p < labels.length; p++) if (alpha[p] < OPAQUE_FROM) labels[p] = spare;
  const labelRgb = labelColors(color, labels, hist.blend, spare + 1);
  unblendEdges(labels, color, hist.rough, width, height, labelRgb, alpha ? spare : -1);
  const map = mergeSpeckles(findRegions(findRuns(labels, width, height)), labels, params.minRegion);
  const background = alpha ? spare : splitBackground(map, labels, spare);
  const graph = regionGraph(map);
  // Inner background regions keep the background's color.
  if (!alpha) labelRgb.copyWithin(spare * 3, background * 3, background * 3 + 3);
  lap('regions');
  const layers = traceLayers({ color, alpha, labels, map, graph, labelRgb }, background, params);
  lap('outlines');
  if (alpha) return { layers };
  const [r, g, b] = labelRgb.subarray(background * 3, background * 3 + 3);
  return { background: { r: Math.round(r), g: Math.round(g), b: Math.round(b) }, layers };
}
