import type { Histogram } from './histogram.js';

/**
 * Mean sRGB color of every palette label (3 numbers per label), from the flat pixels of the
 * bins it owns: edge pixels are anti-aliased blends with the neighbour, so they count only for
 * a label that has no flat pixel.
 */
export function labelColors(hist: Histogram, binLabel: Uint8Array, count: number): Float64Array {
  const flat = new Float64Array(count * 4);
  const all = new Float64Array(count * 4);
  for (let k = 0; k < hist.size; k++) {
    const o = binLabel[hist.bin[k]] * 4;
    flat[o] += hist.flat[k];
    all[o] += hist.count[k];
    for (let ch = 0; ch < 3; ch++) {
      flat[o + 1 + ch] += hist.flatSum[k * 3 + ch];
      all[o + 1 + ch] += hist.sum[k * 3 + ch];
    }
  }
  const rgb = new Float64Array(count * 3);
  for (let l = 0; l < count; l++) {
    const acc = flat[l * 4] > 0 ? flat : all;
    if (acc[l * 4] === 0) continue;
    for (let ch = 0; ch < 3; ch++) rgb[l * 3 + ch] = acc[l * 4 + 1 + ch] / acc[l * 4];
  }
  return rgb;
}
