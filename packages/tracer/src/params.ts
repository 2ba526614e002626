import type { TraceSettings } from './settings.js';

/** Engine parameters: the product settings translated into the numbers of Selinger's paper. */
export interface TraceParams {
  /** bw: a pixel is foreground when its luminance (0-1, on white) is below this. */
  cut: number;
  /** Outlines enclosing at most this many pixels are dropped as speckles ("turdsize"). */
  turdsize: number;
  /** Corner threshold: vertices whose alpha reaches it stay sharp corners (4/3 means none). */
  alphamax: number;
  /** Adjacent Bézier segments are joined when the result stays within this many pixels. */
  opttolerance: number;
  mode: TraceSettings['mode'];
  /** Color mode: fixed palette size, or 0 for automatic. */
  colors: number;
  /** Color mode: regions smaller than this many pixels merge into their neighbours. */
  minRegion: number;
}

const cornerFactor = { auto: 1, sharp: 0.6, rounded: 1.3, none: Number.POSITIVE_INFINITY } as const;

/**
 * The one place where product words become engine numbers (see the package README).
 * - threshold t: foreground is luminance below 1 - t/100 (50 cuts at mid-gray; 30 also keeps
 *   lighter, fainter strokes).
 * - smoothness s: alphamax 0.35 + 0.012 s (0.95 at 50, a little below potrace's 1.0: with edges
 *   placed from the gray levels, corners are found more reliably) and opttolerance 0.05 + 0.003 s.
 * - cornerDetection scales alphamax: sharp 0.6x, rounded 1.3x, none disables corners.
 * - quality: draft coarsens the curve fit and drops bigger speckles (and trace.ts halves big
 *   images for it); high and ultra fit closer.
 */
export function toParams(settings: TraceSettings, width: number, height: number): TraceParams {
  const { smoothness, threshold, cornerDetection, quality } = settings;
  const alphamax = Math.min(4 / 3, (0.35 + 0.012 * smoothness) * cornerFactor[cornerDetection]);
  const tolerance = 0.05 + 0.003 * smoothness;
  const fit = { draft: 2, standard: 1, high: 0.5, ultra: 0.25 }[quality];
  const speckle = { draft: 2, standard: 1, high: 1, ultra: 0.5 }[quality];
  const pixels = width * height;
  return {
    cut: 1 - threshold / 100,
    turdsize: Math.round(2 * speckle),
    alphamax,
    opttolerance: tolerance * fit,
    mode: settings.mode,
    colors: settings.colors === 'auto' ? 0 : settings.colors,
    minRegion: Math.max(2, Math.round((speckle * pixels) / 20_000)),
  };
}
