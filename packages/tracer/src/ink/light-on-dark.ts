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
/** Least share of the light pixels in thin strokes: the rest are junctions, dots, a few blobs. */
const THIN_SHARE = 0.8;
/** The lines are of one color: this share of their cores within this RGB distance of their mean. */
const ONE_COLOR_SHARE = 0.9;
const ONE_COLOR = 64;

/** Rec. 709 luminance of the pixel at byte offset o. */
function luminanceAt(data: RasterImage['data'], o: number): number {
  return 0.2126 * data[o] + 0.7152 * data[o + 1] + 0.0722 * data[o + 2];
}

/**
 * The band of GROUND_BAND levels that holds the most of the border's pixels: its lowest level,
 * and the share of the border in it. The ground of line art runs all round it.
 */
function borderBand(image: RasterImage): { from: number; share: number } {
  const { width: w, height: h, data } = image;
  const counts = new Float64Array(256);
  const add = (x: number, y: number) => counts[Math.round(luminanceAt(data, (y * w + x) * 4))]++;
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
  return { from, share: best / border };
}

/**
 * Whether an image is light line art on a dark ground, to be read with the light as the ink: a
 * chalkboard sketch, an engraving in white lines, a blueprint, light text on a dark screen. It is
 * opaque; one dark level (the ground, of any hue) runs along 80 % of its border and covers 60 % of
 * the picture, with hardly anything darker; at least 0.2 % of it is clearly lighter (64 levels
 * above the ground); 80 % of those light pixels lie in strokes at most a few pixels wide (the
 * pixels off the ground around them run at most 8 px along a row or a column); and the lines'
 * cores are of one color (90 % within 64 RGB levels of their mean). A dark photo has no one level
 * over most of it, or broad light areas; gray shading and a colored cartoon on black are broad
 * too; colored lines of many colors are no one ink; dark art on white has a light ground.
 */
export function looksLikeLightLinesOnDark(image: RasterImage): boolean {
  const { width: w, height: h, data } = image;
  if (Math.min(w, h) < MIN_SIDE) return false;
  const band = borderBand(image);
  if (band.share < BORDER_GROUND) return false;
  const n = w * h;
  const lum = new Float32Array(n);
  let ground = 0;
  let groundSum = 0;
  let darker = 0;
  for (let p = 0, o = 0; p < n; p++, o += 4) {
    if (data[o + 3] !== 255) return false;
    const y = luminanceAt(data, o);
    lum[p] = y;
    const v = Math.round(y);
    if (v < band.from) darker++;
    else if (v < band.from + GROUND_BAND) {
      ground++;
      groundSum += y;
    }
  }
  if (ground < PICTURE_GROUND * n || darker > MAX_DARKER * n) return false;
  const groundLevel = groundSum / ground;
  if (groundLevel >= DARK) return false;
  // Off the ground: the lines with their anti-aliased edges. Light: the lines themselves.
  const off = new Uint8Array(n);
  const top = band.from + GROUND_BAND - 0.5;
  let light = 0;
  for (let p = 0; p < n; p++) {
    if (lum[p] >= top) off[p] = 1;
    if (lum[p] >= groundLevel + LIGHTER) light++;
  }
  if (light < Math.max(MIN_LIGHT * n, MIN_LIGHT_PIXELS)) return false;
  const across = runsAcross(off, w, h);
  let thin = 0;
  for (let p = 0; p < n; p++) if (lum[p] >= groundLevel + LIGHTER && across[p] <= THIN_RUN) thin++;
  if (thin < THIN_SHARE * light) return false;
  return oneColor(image, lum, groundLevel + LIGHTER);
}

/** For each pixel of the mask, the shorter of its runs along its row and along its column. */
function runsAcross(mask: Uint8Array, w: number, h: number): Uint16Array {
  const runs = new Uint16Array(mask.length);
  const MAX = 0xffff;
  for (let y = 0; y < h; y++) {
    let from = -1;
    for (let x = 0; x <= w; x++) {
      const on = x < w && mask[y * w + x] === 1;
      if (on && from < 0) from = x;
      if (!on && from >= 0) {
        for (let k = from; k < x; k++) runs[y * w + k] = Math.min(MAX, x - from);
        from = -1;
      }
    }
  }
  for (let x = 0; x < w; x++) {
    let from = -1;
    for (let y = 0; y <= h; y++) {
      const on = y < h && mask[y * w + x] === 1;
      if (on && from < 0) from = y;
      if (!on && from >= 0) {
        for (let k = from; k < y; k++) runs[k * w + x] = Math.min(runs[k * w + x], y - from);
        from = -1;
      }
    }
  }
  return runs;
}

/** Whether the lighter half of the light pixels (the lines' cores) is of one color. */
function oneColor(image: RasterImage, lum: Float32Array, lightFrom: number): boolean {
  const cores = lightCores(image, lum, lightFrom);
  const mean = cores.mean;
  let near = 0;
  const { data } = image;
  for (const o of cores.offsets) {
    const d = Math.hypot(data[o] - mean.r, data[o + 1] - mean.g, data[o + 2] - mean.b);
    if (d <= ONE_COLOR) near++;
  }
  return near >= ONE_COLOR_SHARE * cores.offsets.length;
}

/** The light pixels at least as light as their median (byte offsets), and their mean color. */
function lightCores(
  image: RasterImage,
  lum: Float32Array,
  lightFrom: number,
): { offsets: number[]; mean: Color } {
  const counts = new Float64Array(256);
  let all = 0;
  for (let p = 0; p < lum.length; p++) {
    if (lum[p] >= lightFrom) {
      counts[Math.round(lum[p])]++;
      all++;
    }
  }
  let median = 255;
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += counts[v];
    if (seen >= all / 2) {
      median = v;
      break;
    }
  }
  const offsets: number[] = [];
  const sum = { r: 0, g: 0, b: 0 };
  for (let p = 0; p < lum.length; p++) {
    if (lum[p] < lightFrom || Math.round(lum[p]) < median) continue;
    const o = p * 4;
    offsets.push(o);
    sum.r += image.data[o];
    sum.g += image.data[o + 1];
    sum.b += image.data[o + 2];
  }
  const k = Math.max(1, offsets.length);
  return { offsets, mean: { r: sum.r / k, g: sum.g / k, b: sum.b / k } };
}

/**
 * The colors a picture read with its light as the ink shows: the light (the mean of the lighter
 * half of its light side) and the dark (the mean of the darker half of its dark side), split half
 * way between its darkest and lightest opaque pixels; the dark is left out when any pixel is less
 * than opaque, as transparency is the background then.
 */
export function lightAndDark(image: RasterImage): { light: Color; dark?: Color } {
  const { data } = image;
  const n = image.width * image.height;
  const lum = new Float32Array(n);
  let min = 255;
  let max = 0;
  let opaque = true;
  for (let p = 0, o = 0; p < n; p++, o += 4) {
    lum[p] = luminanceAt(data, o);
    if (data[o + 3] !== 255) {
      opaque = false;
      lum[p] = Number.NaN;
      continue;
    }
    min = Math.min(min, lum[p]);
    max = Math.max(max, lum[p]);
  }
  const split = (min + max) / 2;
  const light = lightCores(image, lum, split).mean;
  if (!opaque) return { light: rounded(light) };
  // The dark side's cores: the same reading on the negative.
  const negative = lum.map((v) => (v < split ? 255 - v : -1));
  const dark = lightCores(image, negative, 255 - split);
  // A picture of one level has no dark side: it is all light.
  return { light: rounded(light), dark: rounded(dark.offsets.length > 0 ? dark.mean : light) };
}

function rounded({ r, g, b }: Color): Color {
  return { r: Math.round(r), g: Math.round(g), b: Math.round(b) };
}
