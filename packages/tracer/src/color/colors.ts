import type { Histogram } from './histogram.js';
import { srgbToOklab } from './oklab.js';

/** Least share of a label's counted pixels that must be flat for their mean to be its color. */
const FLAT_SHARE = 0.05;

/**
 * Mean sRGB color of every label (3 numbers per label), from the histogram bins sorted under it,
 * and from their most trusted pixels: flat ones (inside an area of one color) when there are enough
 * of them, else body pixels (not an anti-aliased blend), else all. Edge pixels lean towards the
 * neighbouring color, so a black engraving of thin strokes would read dark gray from all of them;
 * and bins far from their palette color (see `Palette.entryNear`) do not count. A label none of
 * whose bins count keeps `fallback`'s color.
 */
export function labelColors(
  hist: Histogram,
  entryLabel: Uint8Array,
  entryNear: Uint8Array,
  count: number,
  fallback: Float64Array,
): Float64Array {
  // Per label, three tiers (flat, body, all) of (pixels, r, g, b).
  const sums = new Float64Array(count * 12);
  const tiers = [
    [hist.flat, hist.flatSum],
    [hist.body, hist.sum],
    [hist.count, hist.allSum],
  ] as const;
  for (let k = 0; k < hist.size; k++) {
    if (!entryNear[k]) continue;
    const o = entryLabel[k] * 12;
    tiers.forEach(([n, sum], t) => {
      sums[o + 4 * t] += n[k];
      for (let ch = 0; ch < 3; ch++) sums[o + 4 * t + 1 + ch] += sum[k * 3 + ch];
    });
  }
  const rgb = fallback.slice(0, count * 3);
  for (let l = 0; l < count; l++) {
    const o = l * 12;
    const all = sums[o + 8];
    if (all === 0) continue;
    const t = o + (sums[o] >= Math.max(4, FLAT_SHARE * all) ? 0 : sums[o + 4] > 0 ? 4 : 8);
    for (let ch = 0; ch < 3; ch++) rgb[l * 3 + ch] = sums[t + 1 + ch] / sums[t];
  }
  return rgb;
}

/** The OKLab distance between two labels' colors (`rgb`: 3 numbers per label). */
export function labDistance(rgb: Float64Array): (a: number, b: number) => number {
  const lab = new Float64Array(rgb.length);
  for (let l = 0; l < rgb.length; l += 3) srgbToOklab(rgb[l], rgb[l + 1], rgb[l + 2], lab, l);
  return (a, b) => {
    const dl = lab[a * 3] - lab[b * 3];
    const da = lab[a * 3 + 1] - lab[b * 3 + 1];
    const db = lab[a * 3 + 2] - lab[b * 3 + 2];
    // Not Math.hypot: several times slower, and this runs for every pair of neighbouring regions.
    return Math.sqrt(dl * dl + da * da + db * db);
  };
}
