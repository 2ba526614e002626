/** Every value of `cornerDetection`. */
export const cornerDetections = ['auto', 'sharp', 'rounded', 'none'] as const;
/** Every value of `quality`, fastest first. */
export const qualities = ['draft', 'standard', 'high', 'ultra'] as const;
/** Every value of `mode`. */
export const traceModes = ['bw', 'color'] as const;

/** How sharp corners are kept. */
export type CornerDetection = (typeof cornerDetections)[number];
/** Trade-off between speed and fidelity. */
export type Quality = (typeof qualities)[number];
/** Black-and-white outlines, or a stack of color layers. */
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
}

/** The product's defaults (spec section 3), plus bw mode and an automatic palette. */
export const defaultSettings: Readonly<TraceSettings> = Object.freeze({
  smoothness: 50,
  threshold: 30,
  cornerDetection: 'auto',
  quality: 'standard',
  mode: 'bw',
  colors: 'auto',
});

/** Largest accepted image, in pixels (50 megapixels). */
export const MAX_PIXELS = 50_000_000;
