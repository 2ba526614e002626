import { luminanceLevel } from '../geometry/luminance.js';
import type { Color, RasterImage } from '../model.js';

/** Fewest pixels along the shorter side: a smaller image has no ground to speak of. */
const MIN_SIDE = 16;
/** Width, in levels, of the band of luminance the ground lies in (a JPEG's noise, a board's smudges). */
const GROUND_BAND = 32;
/** The ground is dark: the mean luminance of its band is below this (a blueprint's blue is about 60). */
const DARK = 96;
/** Least share of the border, and of the whole picture, that is ground. */
const BORDER_GROUND = 0.8;
const PICTURE_GROUND = 0.6;
/** Most share of the picture darker than its ground: the ground is the dark of the picture. */
const MAX_DARKER = 0.02;
/** A light pixel: at least this many levels above the ground's mean. */
const LIGHTER = 64;
/** Fewest light pixels, as a share of the picture and as a count: a few strokes, not a speck. */
const MIN_LIGHT = 0.002;
const MIN_LIGHT_PIXELS = 40;
/**
 * A light pixel lies in a thin stroke when the pixels off the ground around it run at most this
 * many pixels along its row or its column: a 3 px line with its anti-aliased edges, drawn at 45°,
 * runs 6 to 7.
 */
const THIN_RUN = 8;
/**
 * Least share of the light pixels in thin strokes: the rest are junctions, dots, blobs. A white
 * engraving's dense hatching and a score's note heads leave 0.71 and 0.74 of them in thin strokes;
 * a colored cartoon and gray shading on black, none.
 */
const THIN_SHARE = 0.6;
/**
 * The lines are of one ink: this share of their light pixels lies within this RGB distance of the
 * blends of the ground's color and the lines' (anti-aliased edges, chalk's lighter and darker
 * grains), as one ink on one ground gives.
 */
const ONE_INK_SHARE = 0.9;
const ONE_INK = 48;
/**
 * Rows read, spread over the picture (all of them on a smaller one): the decision needs shares,
 * not every pixel, and a 16-megapixel picture is read in a thirtieth of the time.
 */
const SAMPLE_ROWS = 512;

/** The luminance of the pixel at byte offset o, 0-255, as the ink map reads it. */
function luminanceAt(data: RasterImage['data'], o: number): number {
  return luminanceLevel(data[o], data[o + 1], data[o + 2]);
}

/**
 * The band of GROUND_BAND levels that holds the most of the border's pixels: its lowest level,
 * the share of the border in it, and their mean level. The ground of line art runs all round it.
 */
function borderBand(image: RasterImage): { from: number; share: number; level: number } {
  const { width: w, height: h, data } = image;
  const counts = new Float64Array(256);
  const add = (x: number, y: number) => counts[luminanceAt(data, (y * w + x) * 4)]++;
  for (let x = 0; x < w; x++) {
    add(x, 0);
    add(x, h - 1);
  }
  for (let y = 1; y < h - 1; y++) {
    add(0, y);
    add(w - 1, y);
  }
  const border = 2 * w + 2 * (h - 2);
  let best = 0;
  let from = 0;
  let band = 0;
  for (let v = 0; v < 256; v++) {
    band += counts[v] - (v >= GROUND_BAND ? counts[v - GROUND_BAND] : 0);
    if (band > best) {
      best = band;
      from = Math.max(0, v - GROUND_BAND + 1);
    }
  }
  let sum = 0;
  for (let v = from; v < from + GROUND_BAND && v < 256; v++) sum += v * counts[v];
  return { from, share: best / border, level: best > 0 ? sum / best : 255 };
}

/** The rows read: every row, or SAMPLE_ROWS spread evenly over a taller picture. */
function sampledRows(h: number): number[] {
  const rows = Math.min(h, SAMPLE_ROWS);
  return Array.from({ length: rows }, (_, r) => Math.floor((r * h) / rows));
}

/**
 * Whether an image is light line art on a dark ground, to be read with the light as the ink: a
 * chalkboard sketch, an engraving in white lines, a blueprint, light text on a dark screen. It is
 * opaque; one dark level (the ground, of any hue) runs along 80 % of its border and covers 60 % of
 * the picture, with hardly anything darker; at least 0.2 % of it is clearly lighter (64 levels
 * above the ground); 60 % of those light pixels lie in strokes at most a few pixels wide (the
 * pixels off the ground around them run at most 8 px along a row or a column); and the lines are
 * of one ink (90 % of their light pixels within 48 RGB levels of the blends of the ground's color
 * and the lines'). A dark photo has no one level over most of it, or broad light areas; gray
 * shading and a colored cartoon on black are broad too; colored lines of many colors are no one
 * ink; dark art on white has a light ground. The shares are read on up to 512 rows spread over
 * the picture.
 */
export function looksLikeLightLinesOnDark(image: RasterImage): boolean {
  const { width: w, height: h, data } = image;
  if (Math.min(w, h) < MIN_SIDE) return false;
  const band = borderBand(image);
  if (band.share < BORDER_GROUND || band.level >= DARK) return false;
  for (let o = 3; o < data.length; o += 4) if (data[o] !== 255) return false;
  const rows = sampledRows(h);
  const n = rows.length * w;
  let ground = 0;
  let groundSum = 0;
  let darker = 0;
  const groundColor = { r: 0, g: 0, b: 0 };
  for (const y of rows) {
    for (let o = y * w * 4; o < (y + 1) * w * 4; o += 4) {
      const v = luminanceAt(data, o);
      if (v < band.from) darker++;
      else if (v < band.from + GROUND_BAND) {
        ground++;
        groundSum += v;
        groundColor.r += data[o];
        groundColor.g += data[o + 1];
        groundColor.b += data[o + 2];
      }
    }
  }
  if (ground < PICTURE_GROUND * n || darker > MAX_DARKER * n) return false;
  // Off the ground: the lines with their anti-aliased edges. Light: the lines themselves.
  const off = band.from + GROUND_BAND;
  const lightFrom = Math.ceil(groundSum / ground + LIGHTER);
  const isOff = (x: number, y: number) => luminanceAt(data, (y * w + x) * 4) >= off;
  const light: number[] = [];
  let thin = 0;
  for (const y of rows) {
    let from = 0;
    for (let x = 0; x <= w; x++) {
      if (x < w && isOff(x, y)) continue;
      // A run of pixels off the ground along the row, from..x-1: its light pixels, and which of
      // them lie in a thin stroke, along the row or along their column.
      for (let k = from; k < x; k++) {
        const o = (y * w + k) * 4;
        if (luminanceAt(data, o) < lightFrom) continue;
        light.push(o);
        if (x - from <= THIN_RUN || columnRun(isOff, k, y, h) <= THIN_RUN) thin++;
      }
      from = x + 1;
    }
  }
  if (light.length < Math.max(MIN_LIGHT * n, MIN_LIGHT_PIXELS)) return false;
  if (thin < THIN_SHARE * light.length) return false;
  const groundMean = { r: groundColor.r / ground, g: groundColor.g / ground, b: groundColor.b / ground };
  return oneInk(data, light, groundMean, cores(data, light, (o) => luminanceAt(data, o)).mean);
}

/** The run of pixels off the ground through (x, y) along its column, counted up to THIN_RUN + 1. */
function columnRun(isOff: (x: number, y: number) => boolean, x: number, y: number, h: number): number {
  let run = 1;
  for (let k = y - 1; k >= 0 && run <= THIN_RUN && isOff(x, k); k--) run++;
  for (let k = y + 1; k < h && run <= THIN_RUN && isOff(x, k); k++) run++;
  return run;
}

/**
 * Whether the light pixels are of one ink: most of them near the line through the ground's color
 * and the lines' (beyond the lines' too: lighter grains).
 */
function oneInk(data: RasterImage['data'], pixels: number[], ground: Color, lines: Color): boolean {
  const d = [lines.r - ground.r, lines.g - ground.g, lines.b - ground.b];
  const length2 = Math.max(1, d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  let near = 0;
  for (const o of pixels) {
    const p = [data[o] - ground.r, data[o + 1] - ground.g, data[o + 2] - ground.b];
    const t = Math.max(0, (p[0] * d[0] + p[1] * d[1] + p[2] * d[2]) / length2);
    if (Math.hypot(p[0] - t * d[0], p[1] - t * d[1], p[2] - t * d[2]) <= ONE_INK) near++;
  }
  return near >= ONE_INK_SHARE * pixels.length;
}

/**
 * The cores of some pixels (byte offsets): those whose level is at least the median of theirs
 * (the lighter half of a line's pixels: its middle, not its anti-aliased edges), and their mean
 * color.
 */
function cores(
  data: RasterImage['data'],
  pixels: number[],
  level: (o: number) => number,
): { offsets: number[]; mean: Color } {
  const counts = new Float64Array(256);
  for (const o of pixels) counts[level(o)]++;
  let median = 0;
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += counts[v];
    if (seen >= pixels.length / 2) {
      median = v;
      break;
    }
  }
  const offsets = pixels.filter((o) => level(o) >= median);
  const sum = { r: 0, g: 0, b: 0 };
  for (const o of offsets) {
    sum.r += data[o];
    sum.g += data[o + 1];
    sum.b += data[o + 2];
  }
  const k = Math.max(1, offsets.length);
  return { offsets, mean: { r: sum.r / k, g: sum.g / k, b: sum.b / k } };
}

/**
 * The colors a picture read with its light as the ink shows: the light (the mean of the lighter
 * half of its light side) and the dark (the mean of the darker half of its dark side), split half
 * way between its darkest and lightest opaque pixels, read on up to 512 rows; the dark is left out
 * when any pixel is less than opaque, as transparency is the background then.
 */
export function lightAndDark(image: RasterImage): { light: Color; dark?: Color } {
  const { width: w, height: h, data } = image;
  let opaque = true;
  for (let o = 3; o < data.length && opaque; o += 4) if (data[o] !== 255) opaque = false;
  // Per luminance level: how many opaque pixels, and the sums of their channels.
  const counts = new Float64Array(256);
  const sums = new Float64Array(256 * 3);
  for (const y of sampledRows(h)) {
    for (let o = y * w * 4; o < (y + 1) * w * 4; o += 4) {
      if (data[o + 3] !== 255) continue;
      const v = luminanceAt(data, o);
      counts[v]++;
      sums[3 * v] += data[o];
      sums[3 * v + 1] += data[o + 1];
      sums[3 * v + 2] += data[o + 2];
    }
  }
  let min = 255;
  let max = 0;
  for (let v = 0; v < 256; v++) {
    if (counts[v] === 0) continue;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  const split = Math.ceil((min + max) / 2);
  const light = halfMean(counts, sums, split, 255);
  // A picture of one level has no dark side: it is all light.
  const dark = split > min ? halfMean(counts, sums, split - 1, 0) : light;
  return opaque ? { light, dark } : { light };
}

/**
 * The mean color of the levels from `outer` inwards to the median of those between `inner` and
 * `outer` (either way round): the half of a side farthest from the split.
 */
function halfMean(counts: Float64Array, sums: Float64Array, inner: number, outer: number): Color {
  const step = outer >= inner ? -1 : 1;
  let all = 0;
  for (let v = outer; v !== inner + step; v += step) all += counts[v];
  let seen = 0;
  const sum = [0, 0, 0];
  for (let v = outer; v !== inner + step && seen < all / 2; v += step) {
    seen += counts[v];
    for (let c = 0; c < 3; c++) sum[c] += sums[3 * v + c];
  }
  const k = Math.max(1, seen);
  return rounded({ r: sum[0] / k, g: sum[1] / k, b: sum[2] / k });
}

function rounded({ r, g, b }: Color): Color {
  return { r: Math.round(r), g: Math.round(g), b: Math.round(b) };
}
