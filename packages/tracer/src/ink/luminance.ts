import { levelOnWhite, luminanceLevel } from '../geometry/luminance.js';
import { A_SHIFT, B_SHIFT, G_SHIFT, pixelWords, R_SHIFT } from '../geometry/pixel-words.js';
import type { RasterImage } from '../model.js';

/** RGB spread (max minus min channel) from which a pixel counts as colorful. */
const COLORFUL = 40;

/** A picture's luminance, and what the choice of binarization needs to know about its colors. */
export interface Luminance {
  /** Every pixel's luminance composited on white, 0 (black) to 255 (white), Rec. 709 weights. */
  lum: Uint8Array;
  /** The share of pixels with a clear color (RGB spread above 40 levels). */
  colorful: number;
  /** The share of pixels less than opaque (0: an opaque picture). */
  clear: number;
  /** How many pixels have each luminance. */
  counts: Float64Array;
}

/** A color's RGB spread: its largest channel less its smallest. */
export function rgbSpread(r: number, g: number, b: number): number {
  return (r > g ? (r > b ? r : b) : g > b ? g : b) - (r < g ? (r < b ? r : b) : g < b ? g : b);
}

/** Whether a color has a clear hue (RGB spread above COLORFUL), as opposed to a gray. */
function colorfulRgb(r: number, g: number, b: number): boolean {
  return rgbSpread(r, g, b) > COLORFUL;
}

/** Whether the pixel at `p` (row-major) has a clear color, as opposed to a gray. */
export function isColorful(data: RasterImage['data'], p: number): boolean {
  return colorfulRgb(data[p * 4], data[p * 4 + 1], data[p * 4 + 2]);
}

/**
 * Reads the luminance of every pixel composited on white: a transparent pixel is the white page
 * it will be shown on, so it is never ink.
 */
export function readLuminance(image: RasterImage): Luminance {
  const n = image.width * image.height;
  const lum = new Uint8Array(n);
  let colorful = 0;
  let clear = 0;
  const counts = new Uint32Array(256);
  const words = pixelWords(image);
  for (let i = 0; i < n; i++) {
    const word = words[i];
    const r = (word >>> R_SHIFT) & 255;
    const g = (word >>> G_SHIFT) & 255;
    const b = (word >>> B_SHIFT) & 255;
    const a = (word >>> A_SHIFT) & 255;
    const y = luminanceLevel(r, g, b);
    if (a === 255) {
      lum[i] = y;
      counts[y]++;
      if (colorfulRgb(r, g, b)) colorful++;
    } else {
      const v = levelOnWhite(y, a);
      lum[i] = v;
      counts[v]++;
      clear++;
    }
  }
  return {
    lum,
    colorful: colorful / n,
    clear: clear / n,
    counts: Float64Array.from(counts),
  };
}

/** Every level's negative: ink for paper. */
export function negative(levels: Uint8Array): Uint8Array {
  return levels.map((v) => 255 - v);
}
