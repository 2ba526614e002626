import type { RasterImage } from './model.js';

/** Draft quality traces images at least this big on both sides at half size: 4x fewer pixels. */
export const DRAFT_HALVING_SIDE = 512;

/**
 * The image at half its size, each pixel the mean of a 2x2 block composited on white (an odd last
 * row or column is dropped). Averaging keeps the anti-aliasing the sub-pixel placement reads.
 */
export function halve(image: RasterImage): RasterImage {
  const { width, height, data } = image;
  const w = width >> 1;
  const h = height >> 1;
  const out = new Uint8Array(w * h * 4);
  const row = width * 4;
  for (let y = 0; y < h; y++) {
    let i = 2 * y * row;
    let o = y * w * 4;
    for (let x = 0; x < w; x++, i += 8, o += 4) {
      const j = i + row;
      if ((data[i + 3] & data[i + 7] & data[j + 3] & data[j + 7]) === 255) {
        for (let c = 0; c < 3; c++)
          out[o + c] = (data[i + c] + data[i + 4 + c] + data[j + c] + data[j + 4 + c] + 2) >> 2;
      } else {
        for (let c = 0; c < 3; c++) {
          const sum =
            onWhite(data, i, c) + onWhite(data, i + 4, c) + onWhite(data, j, c) + onWhite(data, j + 4, c);
          out[o + c] = Math.round(sum / 4);
        }
      }
      out[o + 3] = 255;
    }
  }
  return { width: w, height: h, data: out };
}

function onWhite(data: RasterImage['data'], i: number, c: number): number {
  const a = data[i + 3];
  return (data[i + c] * a + 255 * (255 - a)) / 255;
}
