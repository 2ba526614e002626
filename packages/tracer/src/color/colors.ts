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

/** Least share of a region's pixels that must be flat for their mean to be its color. */
const FLAT_SHARE = 0.05;

/**
 * Sums of a set of pixels' colors in three tiers of trust: flat pixels (inside an area of one
 * color), body pixels (not an anti-aliased blend) and all of them; pixels far from their palette
 * color (see `Palette.binNear`) do not count. Edge pixels lean towards the
 * neighbouring color, so a black engraving of thin strokes would read dark gray from all of them.
 */
export class ColorSum {
  private sums = new Float64Array(12);

  add(evidence: ColorEvidence, p: number): void {
    const c = evidence.color[p];
    if (!evidence.binNear[binOf(c)]) return;
    const tier = evidence.blend[p] ? 8 : evidence.rough[p] ? 4 : 0;
    // A flat pixel counts in all three tiers, a body pixel in two, a blend in one.
    for (let o = 8; o >= tier; o -= 4) {
      this.sums[o]++;
      this.sums[o + 1] += c >> 16;
      this.sums[o + 2] += (c >> 8) & 255;
      this.sums[o + 3] += c & 255;
    }
  }

  /** The mean of the most trusted tier that has enough pixels; undefined for no pixels. */
  mean(): [number, number, number] | undefined {
    const s = this.sums;
    const all = s[8];
    if (all === 0) return undefined;
    const o = s[0] >= Math.max(4, FLAT_SHARE * all) ? 0 : s[4] > 0 ? 4 : 8;
    return [s[o + 1] / s[o], s[o + 2] / s[o], s[o + 3] / s[o]];
  }
}

/**
 * Mean sRGB color of every label (3 numbers per label), from its most trusted pixels; a label
 * none of whose pixels count keeps `fallback`'s color.
 */
export function labelColors(
  evidence: ColorEvidence,
  labels: Uint8Array,
  count: number,
  fallback: Float64Array,
): Float64Array {
  const sums = Array.from({ length: count }, () => new ColorSum());
  for (let p = 0; p < labels.length; p++) sums[labels[p]].add(evidence, p);
  const rgb = fallback.slice(0, count * 3);
  sums.forEach((sum, l) => {
    const mean = sum.mean();
    if (mean) rgb.set(mean, l * 3);
  });
  return rgb;
}

/** The OKLab distance between two labels' colors (`rgb`: 3 numbers per label). */
export function labDistance(rgb: Float64Array): (a: number, b: number) => number {
  const lab = new Float64Array(rgb.length);
  for (let l = 0; l < rgb.length; l += 3) srgbToOklab(rgb[l], rgb[l + 1], rgb[l + 2], lab, l);
  return (a, b) =>
    Math.hypot(lab[a * 3] - lab[b * 3], lab[a * 3 + 1] - lab[b * 3 + 1], lab[a * 3 + 2] - lab[b * 3 + 2]);
}
