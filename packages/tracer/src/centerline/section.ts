import { IDENTITY, type InkMap } from '../ink/ink-map.js';
import { readLuminance } from '../ink/luminance.js';
import type { RasterImage } from '../model.js';

/** Each pixel's ink, 0 (paper) to 1 (full ink): `scale` of its value, row by row. */
export interface InkLevels {
  width: number;
  height: number;
  values: Uint8Array;
  scale: Float32Array;
}

/** The ink at a point, interpolated between the four nearest pixel centers (0 outside the image). */
export function inkAt(ink: InkLevels, x: number, y: number): number {
  const { width: w, height: h, values, scale } = ink;
  const u = x - 0.5;
  const v = y - 0.5;
  const i = Math.floor(u);
  const j = Math.floor(v);
  const fu = u - i;
  const fv = v - j;
  if (i >= 0 && j >= 0 && i + 1 < w && j + 1 < h) {
    const k = j * w + i;
    const a = scale[values[k]];
    const c = scale[values[k + w]];
    const top = a + (scale[values[k + 1]] - a) * fu;
    const bottom = c + (scale[values[k + w + 1]] - c) * fu;
    return top + (bottom - top) * fv;
  }
  // At the border: outside the image is paper.
  const a = i >= 0 && j >= 0 && i < w && j < h ? scale[values[j * w + i]] : 0;
  const b = i + 1 >= 0 && j >= 0 && i + 1 < w && j < h ? scale[values[j * w + i + 1]] : 0;
  const c = i >= 0 && j + 1 >= 0 && i < w && j + 1 < h ? scale[values[(j + 1) * w + i]] : 0;
  const d = i + 1 >= 0 && j + 1 >= 0 && i + 1 < w && j + 1 < h ? scale[values[(j + 1) * w + i + 1]] : 0;
  const top = a + (b - a) * fu;
  const bottom = c + (d - c) * fu;
  return top + (bottom - top) * fv;
}

/**
 * A stroke's darkest ink must reach this for its ink summed across it to be divided by it (its
 * width as it looks, for a gray stroke as for a black one).
 */
export const MIN_PEAK = 0.05;

/** Sampling step along a cross-section (px). */
const STEP = 0.25;
/** Ink below this is paper: the cross-section has left the stroke. */
const PAPER = 0.05;
/** Ink rising this much again past a valley below half the stroke's own ink is the next stroke. */
const RISE = 0.08;

/** What a cross-section found: `offset` of the ink's middle along the normal, `width` of ink. */
export interface Section {
  offset: number;
  width: number;
  /** The most ink on the section: the stroke's own darkness, for strokes 2 px wide or more. */
  peak: number;
  /** Whether both sides reached the paper (else a neighbour stroke or the reach cut it). */
  clean: boolean;
}

/**
 * The stroke's cross-section through (x, y) along the unit normal (nx, ny), out to `reach` px on
 * either side: the middle of its ink (the centroid of the ink along the line, exact for a straight
 * stroke rendered with area anti-aliasing, whatever its width) and its width (the ink summed).
 */
export function crossSection(
  ink: InkLevels,
  x: number,
  y: number,
  nx: number,
  ny: number,
  reach: number,
): Section {
  const c0 = inkAt(ink, x, y);
  let sum = c0;
  let moment = 0;
  let peak = c0;
  let clean = true;
  for (let side = -1; side <= 1; side += 2) {
    // The darkest ink met so far on this side, and the lightest since.
    let high = c0;
    let low = c0;
    let reached = false;
    for (let t = STEP; t <= reach; t += STEP) {
      const v = inkAt(ink, x + side * t * nx, y + side * t * ny);
      if (v < PAPER) {
        reached = true;
        break;
      }
      if (v > low + RISE && low < 0.5 * high) break;
      if (v > high) {
        high = v;
        low = v;
      } else if (v < low) low = v;
      if (v > peak) peak = v;
      sum += v;
      moment += side * t * v;
    }
    if (!reached) clean = false;
  }
  return { offset: sum > 0 ? moment / sum : 0, width: sum * STEP, peak, clean };
}

/**
 * Each pixel's ink for centering and measuring: its luminance's distance from the paper's (the
 * most common luminance) towards black, or towards white for light ink, unclipped, so that an
 * anti-aliased edge counts for what it covers. A page read against its local paper (Sauvola) has
 * its ink levels already.
 */
export function inkLevels(image: RasterImage, ink: InkMap, inked: Uint8Array): InkLevels {
  const { width, height, values, table } = ink;
  const scale = new Float32Array(256);
  let pixels: Uint8Array = values;
  if (ink.document) {
    for (let v = 0; v < 256; v++) scale[v] = table[v] / 255;
  } else {
    // The values are luminances unless the ink map made them ink levels (thin lines continued).
    const lum = table === IDENTITY ? readLuminance(image).lum : values;
    const counts = new Float64Array(256);
    for (let i = 0; i < lum.length; i++) counts[lum[i]]++;
    let paper = 0;
    for (let v = 1; v < 256; v++) if (counts[v] > counts[paper]) paper = v;
    // Ink darker than the paper, or lighter.
    let sum = 0;
    let count = 0;
    for (let i = 0; i < lum.length; i++) {
      if (inked[i] !== 0) {
        sum += lum[i];
        count++;
      }
    }
    const darkInk = count === 0 || sum / count <= paper;
    const span = darkInk ? paper : 255 - paper;
    for (let v = 0; v < 256; v++) {
      const level = span > 0 ? (darkInk ? paper - v : v - paper) / span : 0;
      scale[v] = level < 0 ? 0 : level > 1 ? 1 : level;
    }
    pixels = lum;
  }
  return { width, height, values: pixels, scale };
}
