/** An 8-bit RGBA raster, row-major from the top-left pixel: the engine's only input. */
export interface RasterImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** A point in input-pixel coordinates: x to the right, y down, (0,0) the image's top-left corner. */
export interface Point {
  x: number;
  y: number;
}

/**
 * One piece of a closed outline, starting where the previous one ended. An arc is circular, or
 * elliptical with `ry` (its `radius` then lies along the axis turned `rotation` degrees from x,
 * clockwise on screen, as SVG's x-axis-rotation), with SVG's flags read in these y-down
 * coordinates: `large` takes the arc of more than 180°, `sweep` turns clockwise on screen (SVG's
 * sweep-flag 1). A full circle or ellipse is a closed subpath of two arcs.
 */
export type Segment =
  | { kind: 'line'; to: Point }
  | { kind: 'cubic'; c1: Point; c2: Point; to: Point }
  | {
      kind: 'arc';
      radius: number;
      ry?: number;
      rotation?: number;
      large: boolean;
      sweep: boolean;
      to: Point;
    };

/**
 * A curve from `start` through its segments. Closed (the default), its last segment ends at
 * `start` again; open (a centerline), it ends where its strokes end.
 */
export interface Subpath {
  start: Point;
  segments: Segment[];
  open?: true;
}

/** An opaque sRGB color, channels 0-255. */
export interface Color {
  r: number;
  g: number;
  b: number;
}

/**
 * One fill color and its outlines. Outer outlines and holes run in opposite directions, so the
 * nonzero and even-odd fill rules paint the same area.
 */
export interface Layer {
  /** The fill color; with a `gradient`, the shape's mean color (what a format without gradients paints). */
  color: Color;
  /** Smooth shading across the shape, painted instead of `color` where the format has gradients. */
  gradient?: Gradient;
  /**
   * How much of what lies under the layer it covers, 0-1; opaque when absent. Pixel mode gives a
   * semi-transparent pixel's alpha so (SVG `opacity`, a PDF graphics state; EPS, which has no
   * transparency, paints the color as it shows on white; DXF leaves it out).
   */
  opacity?: number;
  subpaths: Subpath[];
  /**
   * The width, in pixels, of a stroke in the layer's color along its curves: with `fill: false`
   * the layer is only stroked (centerlines, a cut contour, a gap filler); filled too, both.
   */
  stroke?: number;
  /** false when the layer is only stroked; filled otherwise. */
  fill?: false;
  /**
   * What the layer is, when it is not the picture itself: `cut`, the sticker cut contour;
   * `gap-filler`, a stroke under cut-out shapes along the seams where they meet (it covers what a
   * renderer's anti-aliasing leaves between them, and is no shape of its own).
   */
  name?: LayerName;
}

/**
 * A fill that varies smoothly: along the line from (x1, y1) to (x2, y2) (linear), or outwards from
 * (cx, cy) to the radius `r` (radial), in input-pixel coordinates. Stops run from offset 0 to 1 in
 * increasing order; colors are interpolated in sRGB between them and held beyond the ends.
 */
export type Gradient =
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number; stops: GradientStop[] }
  | { kind: 'radial'; cx: number; cy: number; r: number; stops: GradientStop[] };

/** A gradient's color at `offset` (0-1) along it. */
export interface GradientStop {
  offset: number;
  color: Color;
}

/**
 * A gradient's mean color along it, from 0 to 1 (each stop's color held beyond the ends): the
 * flat color of its shape where a format has no gradients, and what reading an SVG back gives.
 */
export function gradientMean({ stops }: Gradient): Color {
  const first = stops[0];
  const last = stops[stops.length - 1];
  const mean = (c: keyof Color) => {
    // The ends held, then each span between two stops at its middle color.
    let sum = first.color[c] * first.offset + last.color[c] * (1 - last.offset);
    for (let i = 1; i < stops.length; i++) {
      sum += ((stops[i - 1].color[c] + stops[i].color[c]) / 2) * (stops[i].offset - stops[i - 1].offset);
    }
    return Math.round(sum);
  };
  return { r: mean('r'), g: mean('g'), b: mean('b') };
}

/** The names a layer that is not the picture itself goes by. */
export type LayerName = 'cut' | 'gap-filler';

/** Whether a layer is part of the picture: not a cut contour nor a gap filler. */
export function isArtwork(layer: Layer): boolean {
  return layer.name === undefined;
}

/** What the automatic mode read an image as, and so how it was traced. */
export interface Reading {
  mode: 'bw' | 'color' | 'pixel' | 'centerline';
  /**
   * - pixel-art: uniform square cells of a few colors, traced as exact squares;
   * - page: a scan or photo of a page, its ink read against the paper around it;
   * - ink: one dark ink on a light ground (line art, one-color logos, silhouettes);
   * - color: the image has colors (a hue over a visible share, or a colored stroke);
   * - shades: gray shading, as in photos and painted art, kept as steps of gray;
   * - light-art: light or white art (on transparency, or with no ink at all), kept in its colors;
   * - light-lines: light line art on a dark ground, its lines read as the ink (see ink/light-on-dark.ts);
   * - strokes: the middle of each stroke traced (centerline mode);
   * - silhouette: the shape of the image's opaque pixels, whatever their colors (`trace: 'alpha'`).
   */
  kind:
    | 'pixel-art'
    | 'page'
    | 'ink'
    | 'color'
    | 'shades'
    | 'light-art'
    | 'light-lines'
    | 'strokes'
    | 'silhouette';
}

/** Milliseconds spent in each stage of one trace. */
export type StageTimings = Record<string, number>;

/**
 * The traced result: layers painted in order over an optional background, in a width x height frame
 * (on a page `margin` larger on every side, when a cut contour needs one).
 */
export interface VectorImage {
  width: number;
  height: number;
  background?: Color;
  layers: Layer[];
  /** How the image was read: what the automatic mode chose, or the mode asked for (set by trace). */
  reading?: Reading;
  /** Curves across all layers, the cut contour aside. */
  vectorCount: number;
  /**
   * Set when the image had more fine detail than one trace takes on: it was traced at 1/reducedBy
   * of its size (coordinates are still in the image's own pixels).
   */
  reducedBy?: number;
  /**
   * Pixels the page reaches beyond the image on every side, when a cut contour runs outside it
   * (set by trace; absent when everything drawn lies on the image). The page is then
   * width + 2·margin by height + 2·margin, the image's top-left corner at (margin, margin) on it;
   * the layers' coordinates are still the image's.
   */
  margin?: number;
  timings: StageTimings;
}
