/** Every value of `cornerDetection`. */
export const cornerDetections = ['auto', 'sharp', 'rounded', 'none'] as const;
/** Every value of `quality`, fastest first. */
export const qualities = ['draft', 'standard', 'high', 'ultra'] as const;
/** Every value of `read`. */
export const readAs = ['auto', 'picture', 'page'] as const;
/** Every value of `mode`. */
export const traceModes = ['auto', 'bw', 'color', 'pixel'] as const;

/** How sharp corners are kept. */
export type CornerDetection = (typeof cornerDetections)[number];
/** Whether the image is a page (a scan or photo of paper), a picture, or for the engine to tell. */
export type ReadAs = (typeof readAs)[number];
/** Trade-off between speed and fidelity. */
export type Quality = (typeof qualities)[number];
/**
 * auto reads the image and picks one of the others (see reading.ts); bw traces black outlines, color a
 * stack of color layers, pixel every pixel as an exact square.
 */
export type TraceMode = (typeof traceModes)[number];

/** The user's settings, in the product's words. */
export interface TraceSettings {
  /** 0-100: how far jagged edges are smoothed into curves. */
  smoothness: number;
  /** 0-100: how dark a pixel must be to count as foreground (bw). Lower keeps fainter strokes. */
  threshold: number;
  cornerDetection: CornerDetection;
  quality: Quality;
  mode: TraceMode;
  /** Palette size for color mode: 2-32, or 'auto' to pick it from the image. */
  colors: number | 'auto';
  /**
   * page: read the ink against the paper around it (Sauvola), for scans and photos of pages;
   * picture: never; auto: when the image looks like a page.
   */
  read: ReadAs;
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
});

/** Largest accepted image, in pixels (50 megapixels). */
export const MAX_PIXELS = 50_000_000;
