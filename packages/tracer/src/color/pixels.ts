import { LITTLE_ENDIAN, pixelWords } from '../geometry/pixel-words.js';
import type { RasterImage } from '../model.js';

/**
 * Alpha below which a pixel is transparent (an eighth covered: barely visible). The faint pixels
 * above it still count, so a thin anti-aliased line drawn on transparency stays whole and a soft
 * shadow keeps most of its extent.
 */
export const CLEAR_BELOW = 32;

/** A picture's pixels as color mode reads them. */
export interface Pixels {
  /** Every pixel's color composited on white, packed 0xRRGGBB. */
  color: Uint32Array;
  /** Every pixel's alpha, when some pixel is transparent. */
  alpha?: Uint8Array;
  /** 1 for every transparent pixel (see `readPixels`), when there are any. */
  clear?: Uint8Array;
  /** How many pixels are transparent. */
  transparent: number;
}

/**
 * Reads the picture as colors composited on white, the page it is most often shown on. Packing
 * makes "same color as the neighbour", the commonest question, a single comparison. A pixel is
 * transparent below alpha 32; the faint pixels above keep their color composited on white, so a
 * thin line drawn on transparency stays whole and a soft shadow shows most of its extent.
 */
export function readPixels(image: RasterImage): Pixels {
  const { data } = image;
  const n = image.width * image.height;
  const color = new Uint32Array(n);
  let alpha: Uint8Array | undefined;
  const words = pixelWords(image);
  const swap = LITTLE_ENDIAN;
  for (let i = 0, o = 0; i < n; i++, o += 4) {
    const a = data[o + 3];
    if (a === 255) {
      if (alpha !== undefined) alpha[i] = 255;
      const v = words[i];
      // RGBA reads as 0xAABBGGRR on a little-endian machine, 0xRRGGBBAA on a big-endian one.
      color[i] = swap ? ((v & 0xff) << 16) | (v & 0xff00) | ((v >>> 16) & 0xff) : v >>> 8;
      continue;
    }
    if (!alpha) alpha = new Uint8Array(n).fill(255);
    alpha[i] = a;
    const white = 255 * (255 - a) + 127;
    const r = ((data[o] * a + white) / 255) | 0;
    const g = ((data[o + 1] * a + white) / 255) | 0;
    const b = ((data[o + 2] * a + white) / 255) | 0;
    color[i] = (r << 16) | (g << 8) | b;
  }
  if (!alpha) return { color, transparent: 0 };
  const clear = new Uint8Array(n);
  let transparent = 0;
  for (let i = 0; i < n; i++) {
    if (alpha[i] < CLEAR_BELOW) {
      clear[i] = 1;
      transparent++;
    }
  }
  // A picture whose every pixel is at least faintly there is traced as an opaque one.
  return transparent === 0 ? { color, transparent } : { color, alpha, clear, transparent };
}
