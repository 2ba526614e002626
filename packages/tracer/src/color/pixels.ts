import type { RasterImage } from '../model.js';

/** Whether this machine stores the low byte of a word first (then RGBA reads as 0xAABBGGRR). */
const littleEndian = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * The image as opaque colors packed 0xRRGGBB, one per pixel, composited over white: a transparent
 * pixel is the white page it will be shown on, never black (RGBA is straight, not premultiplied).
 * Packing makes "same color as the neighbour", the commonest question, a single comparison.
 */
export function compositeOnWhite(image: RasterImage): Uint32Array {
  const { data } = image;
  const n = image.width * image.height;
  const color = new Uint32Array(n);
  if (littleEndian) {
    // One 32-bit read per pixel; the bytes are copied first when they do not start on a word.
    const words =
      data.byteOffset % 4 === 0
        ? new Uint32Array(data.buffer, data.byteOffset, n)
        : new Uint32Array(new Uint8Array(data.subarray(0, n * 4)).buffer);
    for (let i = 0; i < n; i++) {
      const v = words[i];
      if (v >>> 24 === 255) color[i] = ((v & 0xff) << 16) | (v & 0xff00) | ((v >>> 16) & 0xff);
      else color[i] = blend(data, i * 4);
    }
  } else {
    for (let i = 0; i < n; i++) color[i] = blend(data, i * 4);
  }
  return color;
}

function blend(data: Uint8Array | Uint8ClampedArray, o: number): number {
  const a = data[o + 3];
  const white = 255 * (255 - a) + 127;
  const r = ((data[o] * a + white) / 255) | 0;
  const g = ((data[o + 1] * a + white) / 255) | 0;
  const b = ((data[o + 2] * a + white) / 255) | 0;
  return (r << 16) | (g << 8) | b;
}
