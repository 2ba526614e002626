import type { Histogram } from './histogram.js';
import type { Palette } from './palette.js';

/**
 * Mean sRGB color of every palette label (3 numbers per label), from the flat pixels of the
 * bins close to it. Edge pixels are anti-aliased blends with the neighbour, and with a small
 * forced palette a label also owns far colors (white taking the blue of the tears): each counts
 * only for a label that has nothing better, in that order.
 */
export function labelColors(
  hist: Histogram,
  palette: Pick<Palette, 'binLabel' | 'binNear'>,
  count: number,
): Float64Array {
  const near = new Float64Array(count * 4);
  const flat = new Float64Array(count * 4);
  const all = new Float64Array(count * 4);
  for (let k = 0; k < hist.size; k++) {
    const bin = hist.bin[k];
    const o = palette.binLabel[bin] * 4;
    const w = palette.binNear[bin] * hist.flat[k];
    near[o] += w;
    flat[o] += hist.flat[k];
    all[o] += hist.count[k];
    for (let ch = 0; ch < 3; ch++) {
      near[o + 1 + ch] += palette.binNear[bin] * hist.flatSum[k * 3 + ch];
      flat[o + 1 + ch] += hist.flatSum[k * 3 + ch];
      all[o + 1 + ch] += hist.sum[k * 3 + ch];
    }
  }
  const rgb = new Float64Array(count * 3);
  for (let l = 0; l < count; l++) {
    const acc = near[l * 4] > 0 ? near : flat[l * 4] > 0 ? flat : all;
    if (acc[l * 4] === 0) continue;
    for (let ch = 0; ch < 3; ch++) rgb[l * 3 + ch] = acc[l * 4 + 1 + ch] / acc[l * 4];
  }
  return rgb;
}
