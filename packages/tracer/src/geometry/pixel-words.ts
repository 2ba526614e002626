import type { RasterImage } from '../model.js';

/** Whether this machine stores the low byte of a word first (then RGBA reads as 0xAABBGGRR). */
export const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** Where each channel of an RGBA pixel sits in a 32-bit word read in this machine's byte order. */
export const [R_SHIFT, G_SHIFT, B_SHIFT, A_SHIFT] = LITTLE_ENDIAN ? [0, 8, 16, 24] : [24, 16, 8, 0];

/**
 * The picture's pixels as 32-bit words, one per pixel, for one read instead of four. The bytes are
 * copied first when they do not start on a word boundary.
 */
export function pixelWords(image: RasterImage): Uint32Array {
  const { data } = image;
  const n = image.width * image.height;
  return data.byteOffset % 4 === 0
    ? new Uint32Array(data.buffer, data.byteOffset, n)
    : new Uint32Array(new Uint8Array(data.subarray(0, n * 4)).buffer);
}
