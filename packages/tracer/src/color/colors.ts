import type { Histogram } from './histogram.js';
import { srgbToOklab } from './oklab.js';

/** Least share of a label's counted pixels that must be flat for their mean to be its color. */
const FLAT_SHARE = 0.05;
/** Least body pixels of a thin label (see strokeColors) for its most covered ones to be told. */
const STROKE_MIN = 8;
/** Share of a thin label's body pixels, the most covered, whose mean is its color. */
const STROKE_SHARE = 0.25;
/**
 * Most a thin label's pixels may stray from the line from the paper's color, against their
 * spread along it (both as mean squares; mottle strays twice as much as it spreads).
 */
const STROKE_STRAIGHT = 0.25;

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
  const sums = tierSums(hist, entryLabel, entryNear, count);
  const rgb = fallback.slice(0, count * 3);
  for (let l = 0; l < count; l++) {
    const o = l * 12;
    const all = sums[o + 8];
    if (all === 0) continue;
    const t = o + (isFlat(sums[o], all) ? 0 : sums[o + 4] > 0 ? 4 : 8);
    for (let ch = 0; ch < 3; ch++) rgb[l * 3 + ch] = sums[t + 1 + ch] / sums[t];
  }
  return rgb;
}

/**
 * Per label, 12 numbers: three tiers (flat, body, all) of (pixels, r, g, b), summed over the
 * histogram entries sorted under it that are near its palette color (see `Palette.entryNear`).
 */
function tierSums(
  hist: Histogram,
  entryLabel: Uint8Array,
  entryNear: Uint8Array,
  count: number,
): Float64Array {
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
  return sums;
}

/** Whether a label's color is its flat pixels' mean: `flat` of `all` its counted pixels. */
const isFlat = (flat: number, all: number) => flat >= Math.max(4, FLAT_SHARE * all);

/**
 * The colors of thin strokes on the paper (label `ground`: the background, or transparency
 * composited on white), from every label's color (`labelRgb`, see labelColors). A stroke a pixel
 * or two wide covers few pixels whole: most are its color blended with the paper's, in every
 * share, and their mean is paler than the stroke (a chart's red curve came out pink, 35 levels
 * off). Where a label has no flat pixels to speak of, and its body pixels lie on the line from
 * the paper's color through their mean and bunch at the far end (their far quarter is nearer
 * their mean than their near quarter: blends trail off towards the paper), its color is the mean
 * of its far quarter, the pixels the stroke covers most. Mottle spreads every way, or evenly
 * along the line, and keeps its mean.
 */
export function strokeColors(
  hist: Histogram,
  entryLabel: Uint8Array,
  entryNear: Uint8Array,
  labelRgb: Float64Array,
  ground: number,
): Float64Array {
  const rgb = labelRgb.slice();
  const count = rgb.length / 3;
  const sums = tierSums(hist, entryLabel, entryNear, count);
  const members: number[][] = Array.from({ length: count }, () => []);
  for (let k = 0; k < hist.size; k++) if (entryNear[k] && hist.body[k] > 0) members[entryLabel[k]].push(k);
  const at = (k: number, ch: number) => hist.sum[k * 3 + ch] / hist.body[k];
  for (let l = 0; l < count; l++) {
    const [flat, body, all] = [sums[l * 12], sums[l * 12 + 4], sums[l * 12 + 8]];
    if (l === ground || isFlat(flat, all) || body < STROKE_MIN) continue;
    const mean = Array.from(labelRgb.subarray(l * 3, l * 3 + 3));
    const towards = mean.map((m, ch) => m - labelRgb[ground * 3 + ch]);
    const length = Math.hypot(...towards);
    if (length < 1) continue;
    const axis = towards.map((v) => v / length);
    // Each entry's place along the line from the paper, from the mean, and how far off it.
    let along = 0;
    let across = 0;
    const placed = members[l].map((k) => {
      let a = 0;
      let d2 = 0;
      for (let ch = 0; ch < 3; ch++) {
        const d = at(k, ch) - mean[ch];
        a += d * axis[ch];
        d2 += d * d;
      }
      along += hist.body[k] * a * a;
      across += hist.body[k] * (d2 - a * a);
      return { k, a };
    });
    if (!(across < STROKE_STRAIGHT * along)) continue;
    // Farthest from the paper first.
    placed.sort((p, q) => q.a - p.a);
    const far = quarterMean(hist, placed, body);
    const near = quarterMean(hist, placed.reverse(), body);
    if (far.distance >= near.distance) continue;
    rgb.set(far.rgb, l * 3);
  }
  return rgb;
}

/**
 * The mean color of the first STROKE_SHARE of the `total` body pixels of `sorted` entries (by
 * their place `a` along the line, from their mean), and how far from the mean it lies.
 */
function quarterMean(
  hist: Histogram,
  sorted: { k: number; a: number }[],
  total: number,
): { rgb: number[]; distance: number } {
  const rgb = [0, 0, 0];
  let taken = 0;
  let a = 0;
  for (const { k, a: ak } of sorted) {
    const n = Math.min(hist.body[k], STROKE_SHARE * total - taken);
    if (n <= 0) break;
    taken += n;
    a += n * ak;
    for (let ch = 0; ch < 3; ch++) rgb[ch] += (n * hist.sum[k * 3 + ch]) / hist.body[k];
  }
  return { rgb: rgb.map((x) => x / taken), distance: Math.abs(a / taken) };
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
