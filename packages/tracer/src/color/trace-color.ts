import type { Color, Layer, RasterImage, StageTimings } from '../model.js';
import type { TraceParams } from '../params.js';
import { splitBackground } from './background.js';
import { unblendEdges } from './blends.js';
import { labDistance, labelColors } from './colors.js';
import { denoise } from './denoise.js';
import { regionGraph } from './graph.js';
import { buildHistogram } from './histogram.js';
import { traceLayers } from './layers.js';
import { oklabToSrgb } from './oklab.js';
import { buildPalette } from './palette.js';
import { readPixels } from './pixels.js';
import { findRegions, mergeSpeckles } from './regions.js';
import { findRuns, labelPixels } from './runs.js';
import { smoothFaintEdges } from './smooth.js';
import { mergeTextures } from './texture.js';

/** OKLab distance below which a neighbouring patch is texture of the same area, not a shape. */
const FAINT = 0.09;
/** Faint patches merge up to this many times the smallest region. */
const FAINT_AREA = 8;

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
  const { alpha, clear } = pixels;
  const hist = buildHistogram(color, width, height, clear);
  const palette = buildPalette(hist, params.colors, params.minColorArea, grain);
  lap('palette');
  // Transparent pixels get a label of their own, one past the palette; so do, on an opaque
  // picture, the background's regions inside it (see splitBackground).
  const spare = palette.size;
  const labels = labelPixels(color, palette.binLabel);
  if (clear) for (let p = 0; p < labels.length; p++) if (clear[p]) labels[p] = spare;
  // Until the labels are final, each stands for its palette color; transparency for white, the
  // page the picture is composited on.
  const paletteRgb = new Float64Array((spare + 1) * 3).fill(255);
  for (let l = 0; l < spare; l++) {
    oklabToSrgb(palette.lab[l * 3], palette.lab[l * 3 + 1], palette.lab[l * 3 + 2], paletteRgb, l * 3);
  }
  const fixed = clear ? spare : -1;
  unblendEdges(labels, color, hist.rough, width, height, paletteRgb, fixed);
  const distance = labDistance(paletteRgb);
  const faint = (a: number, b: number) => distance(a, b) < FAINT;
  let binLabel = palette.binLabel;
  // Texture is made of similar colors: a palette of distinct ones (most logos) has none.
  if (anyPair(spare, faint)) {
    const joined = mergeTextures(labels, width, spare + 1, faint, fixed);
    if (joined) binLabel = binLabel.map((l) => joined[l]);
    smoothFaintEdges(labels, width, height, faint, fixed);
  }
  const map = mergeSpeckles(findRegions(findRuns(labels, width, height)), labels, params.minRegion, {
    distance,
    last: clear ? spare : undefined,
    faint: { distance: FAINT, area: params.minRegion * FAINT_AREA },
  });
  const background = clear ? spare : splitBackground(map, labels, spare);
  const graph = regionGraph(map);
  const labelRgb = labelColors(hist, binLabel, palette.binNear, spare + 1, paletteRgb);
  // Transparency stays white; inner background regions keep the background's color.
  if (clear) labelRgb.fill(255, spare * 3, spare * 3 + 3);
  else labelRgb.copyWithin(spare * 3, background * 3, background * 3 + 3);
  lap('regions');
  const layers = traceLayers(
    { color, alpha: clear && alpha, labels, map, graph, labelRgb },
    background,
    params,
  );
  lap('outlines');
  if (clear) return { layers };
  const [r, g, b] = labelRgb.subarray(background * 3, background * 3 + 3);
  return { background: { r: Math.round(r), g: Math.round(g), b: Math.round(b) }, layers };
}

/** Whether any two of `count` labels satisfy `test`. */
function anyPair(count: number, test: (a: number, b: number) => boolean): boolean {
  for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) if (test(a, b)) return true;
  return false;
}
