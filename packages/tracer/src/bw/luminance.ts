import type { RasterImage } from '../model.js';

/** RGB spread (max minus min channel) from which a pixel counts as colorful. */
const COLORFUL = 40;

/** A picture's luminance, and what the choice of binarization needs to know about its colors. */
export interface Luminance {
  /** Every pixel's luminance composited on white, 0 (black) to 255 (white), Rec. 709 weights. */
  lum: Uint8Array;
  /** The share of pixels with a clear color (RGB spread above 40 levels). */
  colorful: number;
  /** Whether any pixel is less than opaque. */
  transparent: boolean;
}

/**
 * Reads the luminance of every pixel composited on white: a transparent pixel is the white page
 * it will be shown on, so it is never ink.
 */
export function readLuminance(image: RasterImage): Luminance {
  const { data } = image;
  const n = image.width * image.height;
  const lum = new Uint8Array(n);
  let colorful = 0;
  let transparent = false;
  for (let i = 0, o = 0; i < n; i++, o += 4) {
    const r = data[o];
    const g = data[o + 1];
    const b = data[o + 2];
    const a = data[o + 3];
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    if (a === 255) {
      lum[i] = Math.round(y);
      if (Math.max(r, g, b) - Math.min(r, g, b) > COLORFUL) colorful++;
    } else {
      lum[i] = Math.round(255 - (a * (255 - y)) / 255);
      transparent = true;
    }
  }
  return { lum, colorful: colorful / n, transparent };
}

/** How many pixels have each level. */
export function histogram(levels: Uint8Array): Float64Array {
  const counts = new Float64Array(256);
  for (let i = 0; i < levels.length; i++) counts[levels[i]]++;
  return counts;
}
