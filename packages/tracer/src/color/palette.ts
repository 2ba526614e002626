import { BIN_COUNT, type Histogram } from './histogram.js';
import { srgbToOklab } from './oklab.js';

/**
 * Smallest OKLab distance between two automatic palette colors (about 11 levels of sRGB gray):
 * below the closest distinct flat colors in the corpus (0.05), above quality-75 JPEG noise.
 */
const DELTA = 0.045;
/**
 * Colors with at least this share of the picture's flat pixels are real colors even when they
 * lie between two others (light blue between blue and white): blends only fill thin edges.
 */
const BLEND_MAX_SHARE = 0.002;
/** sRGB distance from a blend of two palette colors within which a color is taken as that blend. */
const MIX_TOLERANCE = 5;
/**
 * OKLab distance per sRGB level of grain (σ per channel) that two automatic colors must also
 * keep: after the median filters, grain of σ 20 still spreads one color over some 15 levels.
 */
const GRAIN_DELTA = 0.0035;
/** Least share of the flat pixels for an automatic color: JPEG noise makes many tiny clusters. */
const MIN_SHARE = 0.0002;
/** Most colors an automatic palette gets. */
const AUTO_MAX = 32;
/** Lloyd steps that move each color to the weighted mean of the flat bins it wins. */
const REFINE_STEPS = 3;

/** The colors a picture is made of, and which of them every histogram bin belongs to. */
export interface Palette {
  size: number;
  /** OKLab of each color, 3 numbers per color. */
  lab: Float64Array;
  /** Index of the nearest palette color for every bin of the histogram (0 for empty bins). */
  binLabel: Uint8Array;
  /** 1 for bins close to their palette color: the ones that say what that color really is. */
  binNear: Uint8Array;
}

interface Bins {
  ids: Uint16Array;
  /** Flat pixels in all bins. */
  flatTotal: number;
  count: Uint32Array;
  flat: Uint32Array;
  rgb: Float64Array;
  lab: Float64Array;
}

/**
 * Picks the dominant colors greedily, most frequent flat color first. A color joins when it is
 * far enough from the colors already taken and is not a blend of two of them (anti-aliased edges
 * between flat regions are such blends). `colors` > 0 forces that many colors (fewer only when
 * the picture has fewer), relaxing those rules as needed; 0 picks every color covering at least
 * `minRegion` flat pixels and MIN_SHARE of them, up to AUTO_MAX, kept further apart on a grainy
 * picture (`grain`: σ per channel before denoising). Then a few weighted k-means
 * steps over the flat bins centre each color, and every bin goes to its nearest color.
 */
export function buildPalette(hist: Histogram, colors: number, minRegion: number, grain = 0): Palette {
  const bins = binColors(hist);
  const m = bins.ids.length;
  const chosen: number[] = [];
  if (colors > 0) {
    const want = Math.min(colors, m);
    const order = byFlatCount(bins, 0);
    const passes = [
      { delta: DELTA, blends: true, minFlat: 1 },
      { delta: DELTA / 2, blends: false, minFlat: 1 },
      { delta: DELTA / 4, blends: false, minFlat: 0 },
      { delta: 0, blends: false, minFlat: 0 },
    ];
    for (const pass of passes) pick(bins, order, chosen, want, pass.delta, pass.blends, pass.minFlat);
  }
  const delta = Math.max(DELTA, GRAIN_DELTA * grain);
  if (colors === 0) {
    const minFlat = Math.max(1, minRegion, MIN_SHARE * bins.flatTotal);
    const order = byFlatCount(bins, minFlat);
    pick(bins, order, chosen, AUTO_MAX, delta, true, minFlat);
    // A picture with no flat area at all still has a most common color.
    if (chosen.length === 0) chosen.push(byFlatCount(bins, 0)[0]);
  }
  let lab: Float64Array = new Float64Array(chosen.length * 3);
  chosen.forEach((k, c) => {
    lab.set(bins.lab.subarray(k * 3, k * 3 + 3), c * 3);
  });
  for (let step = 0; step < REFINE_STEPS; step++) refine(bins, lab, lab.length / 3);
  // Refining can pull a color picked from a wide blend or grain cluster onto another one.
  if (colors === 0) {
    lab = withoutNearTwins(lab, delta);
    refine(bins, lab, lab.length / 3);
  }
  const size = lab.length / 3;
  const binLabel = new Uint8Array(BIN_COUNT);
  const binNear = new Uint8Array(BIN_COUNT);
  for (let k = 0; k < m; k++) {
    const { index, d2 } = nearest(bins.lab, k, lab, size);
    binLabel[bins.ids[k]] = index;
    binNear[bins.ids[k]] = d2 <= delta * delta ? 1 : 0;
  }
  return { size, lab, binLabel, binNear };
}

/** Drops every color closer than `delta` to one earlier in the list (earlier colors cover more). */
function withoutNearTwins(lab: Float64Array, delta: number): Float64Array {
  const kept: number[] = [];
  for (let c = 0; c < lab.length / 3; c++) {
    if (kept.every((k) => dist2(lab, c * 3, lab, k * 3) >= delta * delta)) kept.push(c);
  }
  return Float64Array.from(kept.flatMap((c) => Array.from(lab.subarray(c * 3, c * 3 + 3))));
}

/** Bins with at least `minFlat` flat pixels, most flat pixels first (ties: most pixels, first seen). */
function byFlatCount(bins: Bins, minFlat: number): number[] {
  const order: number[] = [];
  for (let k = 0; k < bins.ids.length; k++) if (bins.flat[k] >= minFlat) order.push(k);
  return order.sort((a, b) => bins.flat[b] - bins.flat[a] || bins.count[b] - bins.count[a] || a - b);
}

/** Mean color (sRGB and OKLab) of every non-empty bin. */
function binColors(hist: Histogram): Bins {
  const m = hist.size;
  const rgb = new Float64Array(m * 3);
  const lab = new Float64Array(m * 3);
  let flatTotal = 0;
  for (let k = 0; k < m; k++) {
    const c = hist.count[k];
    for (let ch = 0; ch < 3; ch++) rgb[k * 3 + ch] = hist.sum[k * 3 + ch] / c;
    srgbToOklab(rgb[k * 3], rgb[k * 3 + 1], rgb[k * 3 + 2], lab, k * 3);
    flatTotal += hist.flat[k];
  }
  return { ids: hist.bin.subarray(0, m), count: hist.count, flat: hist.flat, rgb, lab, flatTotal };
}

/** Adds bins from `order` to `chosen` while they pass the distance and blend rules, up to `limit`. */
function pick(
  bins: Bins,
  order: number[],
  chosen: number[],
  limit: number,
  delta: number,
  blends: boolean,
  minFlat: number,
): void {
  for (const k of order) {
    if (chosen.length >= limit || bins.flat[k] < minFlat) return;
    if (chosen.includes(k)) continue;
    let far = true;
    for (const c of chosen) {
      if (dist2(bins.lab, k * 3, bins.lab, c * 3) <= delta * delta) {
        far = false;
        break;
      }
    }
    const blend = blends && bins.flat[k] < BLEND_MAX_SHARE * bins.flatTotal && isBlend(bins.rgb, k, chosen);
    if (far && !blend) chosen.push(k);
  }
}

/** Whether bin k's color lies on the straight sRGB line between two chosen colors (a blend). */
function isBlend(rgb: Float64Array, k: number, chosen: number[]): boolean {
  const r = rgb[k * 3];
  const g = rgb[k * 3 + 1];
  const b = rgb[k * 3 + 2];
  for (let i = 0; i < chosen.length; i++) {
    const p = chosen[i] * 3;
    for (let j = i + 1; j < chosen.length; j++) {
      const q = chosen[j] * 3;
      const dr = rgb[q] - rgb[p];
      const dg = rgb[q + 1] - rgb[p + 1];
      const db = rgb[q + 2] - rgb[p + 2];
      const dd = dr * dr + dg * dg + db * db;
      const t = ((r - rgb[p]) * dr + (g - rgb[p + 1]) * dg + (b - rgb[p + 2]) * db) / dd;
      if (!(t > 0 && t < 1)) continue;
      const er = r - rgb[p] - t * dr;
      const eg = g - rgb[p + 1] - t * dg;
      const eb = b - rgb[p + 2] - t * db;
      if (er * er + eg * eg + eb * eb < MIX_TOLERANCE * MIX_TOLERANCE) return true;
    }
  }
  return false;
}

/** One Lloyd step over the flat bins near a palette color; blends and outliers are left out. */
function refine(bins: Bins, lab: Float64Array, size: number): void {
  const acc = new Float64Array(size * 4);
  for (let k = 0; k < bins.ids.length; k++) {
    const w = bins.flat[k];
    if (w === 0) continue;
    const { index, d2 } = nearest(bins.lab, k, lab, size);
    if (d2 > DELTA * DELTA) continue;
    acc[index * 4] += w;
    for (let ch = 0; ch < 3; ch++) acc[index * 4 + 1 + ch] += w * bins.lab[k * 3 + ch];
  }
  for (let c = 0; c < size; c++) {
    const w = acc[c * 4];
    if (w > 0) for (let ch = 0; ch < 3; ch++) lab[c * 3 + ch] = acc[c * 4 + 1 + ch] / w;
  }
}

function nearest(
  from: Float64Array,
  k: number,
  lab: Float64Array,
  size: number,
): { index: number; d2: number } {
  let index = 0;
  let best = Number.POSITIVE_INFINITY;
  for (let c = 0; c < size; c++) {
    const d = dist2(from, k * 3, lab, c * 3);
    if (d < best) {
      best = d;
      index = c;
    }
  }
  return { index, d2: best };
}

function dist2(a: Float64Array, i: number, b: Float64Array, j: number): number {
  const dl = a[i] - b[j];
  const da = a[i + 1] - b[j + 1];
  const db = a[i + 2] - b[j + 2];
  return dl * dl + da * da + db * db;
}
