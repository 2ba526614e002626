import { binOf } from './histogram.js';
import { srgbToOklab } from './oklab.js';

/** Which pixels say what a region's color is. */
export interface ColorEvidence {
  color: Uint32Array;
  /** 1 for histogram bins near their palette color (see `Palette.binNear`). */
  binNear: Uint8Array;
  /** 1 for pixels with a 4-neighbour of clearly different color (see `Histogram.rough`). */
  rough: Uint8Array;
  /** 1 for anti-aliased blends (see `Histogram.blend`). */
  blend: Uint8Array;
}

/** Least share of a label's counted pixels that must be flat for their mean to be its color. */
const FLAT_SHARE = 0.05;

/**
 * Mean sRGB color of every label (3 numbers per label), from its most trusted pixels: flat ones
 * (inside an area of one color) when there are enough of them, else body pixels (not an
 * anti-aliased blend), else all. Edge pixels lean towards the neighbouring color, so a black
 * engraving of thin strokes would read dark gray from all of them; and pixels far from their
 * palette color (see `Palette.binNear`) do not count. A label none of whose pixels count keeps
 * `fallback`'s color.
 */
export function labelColors(
  evidence: ColorEvidence,
  labels: Uint8Array,
  count: number,
  fallback: Float64Array,
): Float64Array {
  const { color, binNear, rough, blend } = evidence;
  // Per label, three tiers (flat, body, all) of (pixels, r, g, b).
  const sums = new Float64Array(count * 12);
  for (let p = 0; p < labels.length; p++) {
    const c = color[p];
    if (!binNear[binOf(c)]) continue;
    const o = labels[p] * 12;
    const r = c >> 16;
    const g = (c >> 8) & 255;
    const b = c & 255;
    const from = blend[p] ? 8 : rough[p] ? 4 : 0;
    for (let t = o + from; t <= o + 8; t += 4) {
      sums[t]++;
      sums[t + 1] += r;
      sums[t + 2] += g;
      sums[t + 3] += b;
    }
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
  return (a, b) =>
    Math.hypot(lab[a * 3] - lab[b * 3], lab[a * 3 + 1] - lab[b * 3 + 1], lab[a * 3 + 2] - lab[b * 3 + 2]);
}
