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
import { compositeOnWhite } from './pixels.js';
import { findRegions, mergeSpeckles } from './regions.js';
import { findRuns, labelPixels } from './runs.js';

/**
 * Color mode: reduce the picture to a small palette, merge speckles into their surroundings,
 * take the border's color as the background and trace the other colors as stacked layers.
 * Stage times go into `timings` (palette, regions, outlines).
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
  const { color, grain } = denoise(compositeOnWhite(image), width, height);
  const hist = buildHistogram(color, width, height);
  const palette = buildPalette(hist, params.colors, params.minRegion, grain);
  lap('palette');
  const labelRgb = labelColors(hist, palette, palette.size + 1);
  const labels = labelPixels(color, palette.binLabel);
  unblendEdges(labels, color, hist.rough, width, height, labelRgb);
  const map = mergeSpeckles(findRegions(findRuns(labels, width, height)), labels, params.minRegion);
  // The background's regions inside the picture get a label of their own, one past the palette.
  const background = splitBackground(map, labels, palette.size);
  const graph = regionGraph(map);
  // Inner background regions keep the background's color.
  labelRgb.copyWithin(palette.size * 3, background * 3, background * 3 + 3);
  lap('regions');
  const layers = traceLayers({ color, labels, map, graph, labelRgb }, background, params);
  lap('outlines');
  const [r, g, b] = labelRgb.subarray(background * 3, background * 3 + 3);
  return { background: { r: Math.round(r), g: Math.round(g), b: Math.round(b) }, layers };
}
