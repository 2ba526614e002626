import type { Color } from './model.js';
import type { Reading } from './reading.js';
import type { TraceSettings } from './settings/index.js';

/** Engine parameters: the product settings translated into the numbers of Selinger's paper. */
export interface TraceParams {
  /**
   * bw: how far the cut moves from the automatic one that the picture's own levels give: 0 keeps
   * it, -1 moves it to the boldest (nearly any darkening of the paper is ink), 1 to the lightest
   * (only the darkest ink).
   */
  cutShift: number;
  /** bw: whether thin strokes may be traced on a grid twice as fine (not in draft). */
  finerGrid: boolean;
  /** Outlines enclosing at most this many pixels are dropped as speckles ("turdsize"). */
  turdsize: number;
  /** Where corners stay sharp (see `CornerRule`). */
  corners: CornerRule;
  /** Adjacent Bézier segments are joined when the result stays within this many pixels. */
  opttolerance: number;
  /** The mode traced in: the one asked for, or the one the automatic mode chose. */
  mode: Reading['mode'];
  /** Color mode: fixed palette size, or 0 for automatic. */
  colors: number;
  /** Color mode: regions smaller than this many pixels merge into their neighbours. */
  minRegion: number;
  /** bw: whether the ink is read against the paper around it (page), never (picture), or as the image asks (auto). */
  read: TraceSettings['read'];
  /** Color mode: a color joins the palette when it explains at least this many more pixels. */
  minColorArea: number;
  /** Color mode: the only colors regions may take (the nearest one each); empty for the image's own. */
  palette: Color[];
  /** Color mode: whether the background is left out (transparent output). */
  removeBackground: boolean;
  /** Color mode: cut-out shapes that never overlap instead of stacked layers. */
  cutout: boolean;
  /**
   * Color mode: smooth shading fitted with gradients (see color/gradients.ts): `on` wherever a
   * gradient fits, `where-smaller` (the automatic mode's own choice) only where the gradients are
   * as close to the picture as the flat bands and the result comes out smaller, `off` never.
   */
  gradients: 'on' | 'where-smaller' | 'off';
  /** Centerline: the stroke width in pixels, or 0 to measure it. */
  strokeWidth: number;
}

/**
 * Where corners go: at vertices whose alpha reaches `alphamax`, and with `turn` (cornerDetection
 * sharp) also wherever the polygon turns by at least that angle (radians) at one vertex. A circle's
 * polygon turns a little at each of many vertices, a shape's corner a lot at one.
 */
export interface CornerRule {
  alphamax: number;
  turn?: number;
}

const cornerFactor = { auto: 1, sharp: 1, rounded: 1.3, none: Number.POSITIVE_INFINITY } as const;

/** With sharp corner detection, the polygon's turns of at least this many degrees are corners. */
const SHARP_TURN = 50;

/**
 * The one place where product words become engine numbers (see the package README).
 * - threshold t: the default 30 takes the automatic cut that the picture's own levels give
 *   (see ink/ink-map.ts); lower moves it towards bolder (0: nearly any darkening of the paper is
 *   ink), higher towards lighter (100: only the darkest ink).
 * - smoothness s: alphamax 0.35 + 0.012 s (0.95 at 50, a little below potrace's 1.0: with edges
 *   placed from the gray levels, corners are found more reliably) and opttolerance 0.05 + 0.003 s.
 * - cornerDetection: sharp also keeps as a corner every turn of the polygon of 50° or more (a
 *   circle's polygon turns less at each vertex), rounded scales alphamax 1.3x, none has no corners.
 * - quality: draft coarsens the curve fit, drops bigger speckles and never traces thin strokes on
 *   the finer grid (and trace.ts halves big images for it); high and ultra fit a little closer
 *   and keep smaller speckles. A much closer fit only adds segments that undulate: potrace's
 *   curves are smooth because they are joined.
 */
export function toParams(
  settings: TraceSettings,
  mode: Reading['mode'],
  size: { width: number; height: number },
): TraceParams {
  const { smoothness, threshold, cornerDetection, quality } = settings;
  const alphamax = Math.min(4 / 3, (0.35 + 0.012 * smoothness) * cornerFactor[cornerDetection]);
  const tolerance = 0.05 + 0.003 * smoothness;
  const fit = { draft: 2, standard: 1, high: 0.85, ultra: 0.7 }[quality];
  const speckle = { draft: 2, standard: 1, high: 0.75, ultra: 0.5 }[quality];
  // On a small image every pixel is a mark (an icon's eye, a sprite's outline): its color limits
  // shrink with its shorter side.
  const small = Math.min(1, Math.min(size.width, size.height) / SMALL_SIDE);
  return {
    cutShift: cutShift(threshold),
    finerGrid: quality !== 'draft',
    turdsize: Math.round(2 * speckle),
    corners: { alphamax, turn: cornerDetection === 'sharp' ? (SHARP_TURN * Math.PI) / 180 : undefined },
    opttolerance: tolerance * fit,
    mode,
    read: settings.read,
    colors: settings.colors === 'auto' ? 0 : settings.colors,
    minRegion: Math.max(1, Math.round(MIN_REGION * speckle * small)),
    minColorArea: Math.max(1, Math.round(3 * MIN_REGION * speckle * small)),
    palette: settings.palette.map(parseHex),
    removeBackground: settings.background === 'remove',
    // Stroked once, an edge must be the one border two shapes share: cut-out shapes have it.
    cutout: settings.layering === 'cutout' || settings.drawStyle === 'strokeEdges',
    gradients: settings.gradients ? 'on' : settings.mode === 'auto' ? 'where-smaller' : 'off',
    strokeWidth: settings.strokeWidth === 'auto' ? 0 : settings.strokeWidth,
  };
}

/**
 * Color regions smaller than this many pixels (at standard quality) merge into their neighbours.
 * A size in pixels, not a share of the picture: text 8 px high and lines 2 px wide survive on a
 * page of any size, while JPEG ringing and grain (a few pixels) do not. At 8 the anti-aliased
 * pieces of a screen's 9 px letters went (an n's arch, a c), at 6 they stay, for 7% more
 * commands over the real set.
 */
const MIN_REGION = 6;

/** Images with a shorter side below this many pixels have their color limits scaled down. */
const SMALL_SIDE = 128;

/** '#rrggbb' as a color (validate.ts has checked the form). */
function parseHex(hex: string): Color {
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** The spec's default threshold, which stands for the automatic cut. */
const AUTO_THRESHOLD = 30;

/** Threshold t (0-100) as a shift of the automatic cut: 30 none, 0 the boldest, 100 the lightest. */
function cutShift(t: number): number {
  return t <= AUTO_THRESHOLD ? t / AUTO_THRESHOLD - 1 : (t - AUTO_THRESHOLD) / (100 - AUTO_THRESHOLD);
}
