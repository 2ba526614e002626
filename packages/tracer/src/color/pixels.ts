import type { RasterImage } from '../model.js';

/** Whether this machine stores the low byte of a word first (then RGBA reads as 0xAABBGGRR). */
const littleEndian = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** Alpha below which a pixel is transparent: less than half covered, it shows what lies beneath. */
export const OPAQUE_FROM = 128;

/** A picture's pixels as color mode reads them. */
export interface Pixels {
  /** Every pixel's color packed 0xRRGGBB: straight (not composited) where it is opaque enough. */
  color: Uint32Array;
  /** Every pixel's alpha, or undefined when the whole picture is opaque. */
  alpha?: Uint8Array;
  /** How many pixels are transparent (alpha below OPAQUE_FROM). */
  transparent: number;
}

/**
 * Reads the picture as packed colors. Packing makes "same color as the neighbour", the commonest
 * question, a single comparison. Pixels at least half opaque keep their own color, so an
 * anti-aliased logo edge on transparency is its logo's color (its coverage is its alpha); the
 * others are transparent, given white, the page they are most often shown on.
 */
export function readPixels(image: RasterImage): Pixels {
  const { data } = image;
  const n = image.width * image.height;
  const color = new Uint32Array(n);
  let alpha: Uint8Array | undefined;
  let transparent = 0;
  // One 32-bit read per pixel; the bytes are copied first when they do not start on a word.
  const words =
    littleEndian &&
    (data.byteOffset % 4 === 0
      ? new Uint32Array(data.buffer, data.byteOffset, n)
      : new Uint32Array(new Uint8Array(data.subarray(0, n * 4)).buffer));
  for (let i = 0, o = 0; i < n; i++, o += 4) {
    const a = data[o + 3];
    if (a !== 255 && !alpha) {
      alpha = new Uint8Array(n).fill(255);
    }
    if (alpha) alpha[i] = a;
    if (a < OPAQUE_FROM) {
      color[i] = 0xffffff;
      transparent++;
    } else if (words) {
      const v = words[i];
      color[i] = ((v & 0xff) << 16) | (v & 0xff00) | ((v >>> 16) & 0xff);
    } else {
      color[i] = (data[o] << 16) | (data[o + 1] << 8) | data[o + 2];
    }
  }
  return { color, alpha, transparent };
}
