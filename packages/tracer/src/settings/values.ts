import { toPixels, type Unit, units } from './units.js';

/** Every value of `cornerDetection`. */
export const cornerDetections = ['auto', 'sharp', 'rounded', 'none'] as const;
/** Every value of `quality`, fastest first. */
export const qualities = ['draft', 'standard', 'high', 'ultra'] as const;
/** Every value of `read`. */
export const readAs = ['auto', 'picture', 'page'] as const;
/** Every value of `mode`. */
export const traceModes = ['auto', 'bw', 'color', 'pixel', 'centerline'] as const;
/** Every value of `layering`. */
export const layerings = ['stacked', 'cutout'] as const;
/** Every value of `background`. */
export const backgrounds = ['keep', 'remove'] as const;
/** Every value of `trace`. */
export const traceTargets = ['image', 'alpha'] as const;
/** Every value of `drawStyle`: filled shapes, each shape's outline stroked, or each edge stroked once. */
export const drawStyles = ['fillShapes', 'strokeShapes', 'strokeEdges'] as const;
/** Every value of `groupBy`: how an SVG's paths are grouped. */
export const groupings = ['none', 'color', 'layer'] as const;
/** Every value of `svgVersion`. */
export const svgVersions = ['1.1', 'tiny'] as const;
/** Every unit a cut contour's offset can be given in. */
export const offsetUnits = units;

/** How sharp corners are kept. */
export type CornerDetection = (typeof cornerDetections)[number];
/** Whether the image is a page (a scan or photo of paper), a picture, or for the engine to tell. */
export type ReadAs = (typeof readAs)[number];
/** Trade-off between speed and fidelity. */
export type Quality = (typeof qualities)[number];
/**
 * auto reads the image and picks one of bw, color and pixel (see reading.ts); bw traces black
 * outlines, color a stack of color layers, pixel every pixel as an exact square, centerline the
 * middle of each stroke as an open stroked path.
 */
export type TraceMode = (typeof traceModes)[number];

/** How the shapes are drawn (see export/draw-style.ts). */
export type DrawStyle = (typeof drawStyles)[number];
/** How an SVG's paths are grouped (see export/svg.ts). */
export type GroupBy = (typeof groupings)[number];
/** The SVG profile written: SVG 1.1, or SVG Tiny 1.2 (no arcs, no group opacity). */
export type SvgVersion = (typeof svgVersions)[number];

/** Stacked color layers each cover what lies under the next; cut-out shapes never overlap. */
export type Layering = (typeof layerings)[number];

/** A sticker's cut line: one outline around the visible shape, this far outside it. */
export interface CutContour {
  offset: number;
  /** px: image pixels; mm and in at the image's own size, 96 pixels to the inch (as SVG reads it). */
  unit: Unit;
}

/** A cut contour's offset in image pixels. */
export function offsetPixels({ offset, unit }: CutContour): number {
  return toPixels(offset, unit);
}

/** The widest cut contour offset, in millimetres, and in pixels. */
export const MAX_OFFSET_MM = 50;
export const MAX_OFFSET_PIXELS = toPixels(MAX_OFFSET_MM, 'mm');

/** The user's settings, in the product's words. */
export interface TraceSettings {
  /** 0-100: how far jagged edges are smoothed into curves. */
  smoothness: number;
  /** 0-100: how dark a pixel must be to count as foreground (bw). Lower keeps fainter strokes. */
  threshold: number;
  cornerDetection: CornerDetection;
  quality: Quality;
  mode: TraceMode;
  /** Palette size for color mode: 2 to MAX_COLORS, or 'auto' to pick it from the image. */
  colors: number | 'auto';
  /**
   * page: read the ink against the paper around it (Sauvola), for scans and photos of pages;
   * picture: never; auto: when the image looks like a page.
   */
  read: ReadAs;
  /** Centerline: the stroke width in pixels, or 'auto' to measure it from the image. */
  strokeWidth: number | 'auto';
  /** Color mode: '#rrggbb' colors that every region takes the nearest of; empty for the image's own. */
  palette: string[];
  /** Color mode: keep the background, or remove it (transparent output). */
  background: (typeof backgrounds)[number];
  /** Color mode: stacked layers, or cut-out shapes that do not overlap. */
  layering: Layering;
  /** Color mode: smooth shading fitted with linear and radial gradients. */
  gradients: boolean;
  /** Straight runs as lines, circles, ellipses and circular arcs as arcs. */
  shapes: boolean;
  /** A cut line around the visible shape of an image with transparency; null for none. */
  cutContour: CutContour | null;
  /** What is traced: the image, or its alpha channel's silhouette (for stencils). */
  trace: (typeof traceTargets)[number];
  /**
   * Black and white, centerline: the light parts are the ink (light lines on a dark ground).
   * Color and pixel modes ignore it.
   */
  invert: boolean;
  /**
   * Filled shapes (the default); each shape's outline stroked, no fill; or each edge between
   * shapes stroked once (color mode traces cut-out shapes for it, so that neighbours share their
   * edges). Applied when the result is written (export/draw-style.ts).
   */
  drawStyle: DrawStyle;
  /** SVG: no groups, one `<g>` per color, or one `<g>` per layer of the stacking. */
  groupBy: GroupBy;
  /** SVG: SVG 1.1, or SVG Tiny 1.2. */
  svgVersion: SvgVersion;
  /** SVG: written so that Adobe Illustrator reads it as it is drawn (see export/svg.ts). */
  adobeCompatible: boolean;
}

/** The product's defaults (spec section 3), plus the automatic mode and palette. */
export const defaultSettings: Readonly<TraceSettings> = Object.freeze({
  smoothness: 50,
  threshold: 30,
  cornerDetection: 'auto',
  quality: 'standard',
  mode: 'auto',
  colors: 'auto',
  read: 'auto',
  strokeWidth: 'auto',
  palette: [],
  background: 'keep',
  layering: 'stacked',
  gradients: false,
  shapes: false,
  cutContour: null,
  trace: 'image',
  invert: false,
  drawStyle: 'fillShapes',
  groupBy: 'none',
  svgVersion: '1.1',
  adobeCompatible: false,
});

/**
 * The most colors color mode is asked for. Labels are 8-bit with a spare one past the palette,
 * and a fixed palette asks for up to twice as many colors while it looks for them (trace-color.ts),
 * so 128 is the most that is traced exactly; past 32, a large picture is traced smaller to keep
 * within a trace's budget (see cost.ts).
 */
export const MAX_COLORS = 128;

/** The most colors a fixed palette holds. */
export const MAX_PALETTE = 32;

/** Largest accepted image, in pixels (50 megapixels). */
export const MAX_PIXELS = 50_000_000;
