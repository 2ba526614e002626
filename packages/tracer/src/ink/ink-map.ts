import type { RasterImage } from '../model.js';
import type { Bitmap, WindowInk } from '../outline/bitmap.js';
import type { ReadAs } from '../settings/index.js';
import { darkScreenText } from './dark-screen.js';
import { looksFlat, looksLikeDocument, MAX_COLORFUL } from './document.js';
import { BLACK_ON_WHITE, inkAndPaper, type Levels } from './levels.js';
import { lightScreenText } from './light-screen.js';
import { isColorful, negative, readLuminance } from './luminance.js';
import { pageKeepsPicture } from './page-check.js';
import { lightTextPanels } from './panels.js';
import { SAUVOLA_K, sauvolaLevels } from './sauvola.js';
import { clearSurface, findSurface, paperOver } from './surface.js';
import { continueThinLines } from './thin-lines.js';

/** How much ink every pixel holds, from the picture's own paper and ink levels. */
export interface InkMap {
  width: number;
  height: number;
  /** A value per pixel (its luminance, or its local ink level on a page), row by row. */
  values: Uint8Array;
  /** The ink level of each value: 0 for paper, 255 for full ink, in proportion in between. */
  table: Uint8Array;
  /** The automatic cut on the ink level, 0-1: pixels with more ink are foreground. */
  cut: number;
  /** Whether the page was read as a document, its ink found against the paper around it. */
  document: boolean;
  /** Whether its strokes are the gaps in its ink: a dark screen's light text (see darkScreenText). */
  lightStrokes?: boolean;
}

/** Mid-gray: the cut of plain thresholding, and of the eye's "is it dark?". */
const MID_GRAY = 127.5;
/** A side of mid-gray holding less than this share of the pixels does not count as present. */
const PRESENT = 0.005;
/**
 * Least share of pixels in mid-tones (19% to 81% luminance) for a picture to be read locally:
 * clean art has under 5% (its anti-aliased edges), every photo or scan of a page in the bench's
 * real set over 20%.
 */
const MIN_MID_TONES = 0.1;
/**
 * A screen saved as JPEG has 13-23 % mid-tones (its ringing, its gray frames), photos over 45 %:
 * up to this share, an opaque picture's thin lines are drawn whole as clean art's are, when they
 * are at least MIN_LINES_SHARE of its ink. Its small text breaks into dashes at a plain cut
 * (the lines add 37-138 % to a screenshot's ink); the grain of a textured logo is no line (it
 * adds under 8 %).
 */
const MAX_LINES_MID_TONES = 0.25;
const MIN_LINES_SHARE = 0.25;

/** Least share of the pixels an image's ink covers for it to count as there. */
const MIN_INK = 0.001;

/**
 * Most share of pixels less than opaque in a picture on its own ground: a window's screenshot has
 * clear rounded corners, art on transparency a clear background.
 */
const MAX_CLEAR_ON_GROUND = 0.01;

/**
 * Longer side below which a picture is an icon, whose every line is drawn at the gray it was
 * given (a pale rule on a page 32 px high, a sprite's shading), not small text to keep whole (a
 * word cropped from a screen is longer than this).
 */
const MIN_LINES_SIDE = 64;

/** The share of pixels the global reading takes for ink. */
function inkShare(counts: Float64Array, table: Uint8Array, cut: number): number {
  let ink = 0;
  let all = 0;
  for (let v = 0; v < 256; v++) {
    all += counts[v];
    if (table[v] > cut * 255) ink += counts[v];
  }
  return all > 0 ? ink / all : 0;
}

/** How much ink the thin lines drawn in `values` add to that of `levels`, as a share of it. */
function drawnShare(levels: Uint8Array, values: Uint8Array, cut: number): number {
  const ink = cut * 255;
  let added = 0;
  let before = 0;
  for (let i = 0; i < levels.length; i++) {
    if (levels[i] > ink) before++;
    else if (values[i] > ink) added++;
  }
  return added / Math.max(1, before);
}

/** Each pixel's opacity read as darkness (opaque is black, clear is white), with its histogram. */
function alphaAsLuminance(image: RasterImage): { lum: Uint8Array; counts: Float64Array } {
  const n = image.width * image.height;
  const lum = new Uint8Array(n);
  const counts = new Float64Array(256);
  for (let i = 0; i < n; i++) {
    lum[i] = 255 - image.data[i * 4 + 3];
    counts[lum[i]]++;
  }
  return { lum, counts };
}

/** How many pixels are mid-tones, neither near black nor near white. */
function midTones(counts: Float64Array): number {
  let mid = 0;
  for (let v = 48; v < 208; v++) mid += counts[v];
  return mid;
}

/** Share of an opaque picture darker than mid-gray from which it is a dark screen, its light lines the thin ones. */
const DARK_GROUND = 0.5;

/** The share of the pixels darker than mid-gray. */
function darkShare(counts: Float64Array, n: number): number {
  let dark = 0;
  for (let v = 0; v < MID_GRAY; v++) dark += counts[v];
  return dark / n;
}

/**
 * How many pixels of a dark screen are mid-tones between its ground and its light text: from 19 %
 * to 81 % of the way from its ground (its most common dark level) to the level its lightest
 * PRESENT share of pixels reach. Its ground is a mid-tone itself on the usual scale (a dark
 * theme's grays), not grain.
 */
function midTonesOfDarkScreen(counts: Float64Array, n: number): number {
  let ground = 0;
  for (let v = 1; v < MID_GRAY; v++) if (counts[v] > counts[ground]) ground = v;
  let light = 255;
  let seen = counts[light];
  while (light > ground && seen < PRESENT * n) seen += counts[--light];
  const from = ground + 0.19 * (light - ground);
  const to = light - 0.19 * (light - ground);
  let mid = 0;
  for (let v = Math.ceil(from); v <= to; v++) mid += counts[v];
  return mid;
}

/**
 * Reads the ink off a picture. Most pictures (logos, line art, clipart, photos) are cut globally:
 * at mid-gray, as people and potrace read dark and light, unless one side of mid-gray is empty
 * (a light logo, a dark picture), then half way between the levels of ink and paper the
 * histogram shows (see `inkAndPaper`). A photo or scan of a page (see `looksLikeDocument`) is
 * read with Sauvola's local method instead (see `sauvolaLevels`), which finds faint text and
 * ignores shadows, creases and the table beneath the page; so is a dark screen's light text, on
 * its negative (see `darkScreenText`), and a light screen's text with it (see `lightScreenText`).
 * Light `lines` on a dark ground, read from their negative (a chalkboard, white digits on black),
 * are line art, not a screen's text.
 */
export function inkMap(image: RasterImage, read: ReadAs = 'auto', { lines = false } = {}): InkMap {
  const { width, height } = image;
  const { lum, colorful, clear, counts } = readLuminance(image);
  const transparent = clear > 0;
  const { table, cut } = globalLevels(lum.length, counts);
  // For each luminance, whether the global reading takes it for ink.
  const globalInk = () => table.map((level) => (level > cut * 255 ? 1 : 0));
  if (transparent && inkShare(counts, table, cut) < MIN_INK) {
    // Light art on transparency shows nothing on white: its shape is its alpha.
    const alpha = alphaAsLuminance(image);
    const levels = globalLevels(alpha.lum.length, alpha.counts);
    if (inkShare(alpha.counts, levels.table, levels.cut) >= MIN_INK) {
      return { width, height, values: alpha.lum, ...levels, document: false };
    }
  }
  // Only an opaque, nearly colorless picture with shades between ink and paper (shadow, grain,
  // a table) can need the local reading; clean art has them only along its edges. Read as a page,
  // any picture is read locally; read as a picture, none.
  const mid = midTones(counts);
  const clean = mid < MIN_MID_TONES * lum.length;
  const mayBePage = read === 'auto' && !transparent && colorful < MAX_COLORFUL && !clean;
  if (read === 'page' || mayBePage) {
    // The table or desk around a photographed page is paper too: its grain is not ink, and the ink
    // beside it is read against the page's paper. A screen drawn flat lies on no table: the dark
    // desktop around a white window is part of the picture.
    const surface = looksFlat(image) ? undefined : findSurface(lum, width, height);
    const local = sauvolaLevels(surface ? paperOver(lum, surface) : lum, width, height);
    if (surface) clearSurface(local, surface, SAUVOLA_K);
    const readings = { width, height, lum, globalInk: globalInk(), local, localCut: SAUVOLA_K, colorful };
    // A page is paper with ink on it: a reading that wipes dark ground or shading is not one.
    const isInk = (i: number) => local[i] > SAUVOLA_K * 255;
    if (
      read === 'page' ||
      (looksLikeDocument(readings) && pageKeepsPicture(image, lum, isInk, { surface }))
    ) {
      return { width, height, values: local, table: IDENTITY, cut: SAUVOLA_K, document: true };
    }
  }
  const opaque = clear < MAX_CLEAR_ON_GROUND;
  // A dark screen: an opaque picture with grain (a screenshot saved as JPEG, a photo of a
  // screen) mostly darker than mid-gray. Clean art keeps its dark lines' reading, whatever its
  // ground: it has no grain to break its light lines.
  const darkScreen = opaque && !clean && darkShare(counts, lum.length) > DARK_GROUND;
  if (read === 'auto' && darkScreen) {
    // Its light text, read against the ground around it (see darkScreenText).
    const text = darkScreenText(image, lum, globalInk(), colorful);
    if (text) {
      return {
        width,
        height,
        values: text,
        table: IDENTITY,
        cut: 1 - SAUVOLA_K,
        document: false,
        lightStrokes: true,
      };
    }
  }
  const screenMid = darkScreen ? midTonesOfDarkScreen(counts, lum.length) : mid;
  const grainyScreen = opaque && screenMid < MAX_LINES_MID_TONES * lum.length;
  if ((clean || grainyScreen) && Math.max(width, height) >= MIN_LINES_SIDE) {
    // Clean art and screens: small and gray text keeps its strokes (see continueThinLines). On an
    // opaque ground (a screen, a drawing on its paper) every thin line is drawn, whatever its
    // color and wherever it runs; on transparency, only gray lines that continue ink.
    const levels = new Uint8Array(lum.length);
    for (let i = 0; i < lum.length; i++) levels[i] = table[lum[i]];
    const thin = opaque
      ? { drawn: () => true, alone: true }
      : { drawn: (p: number) => !isColorful(image.data, p), alone: false };
    // On a screen, light text on a panel (a selected row, an address bar) is read against it.
    const paneled = (!clean && !darkScreen && lightTextPanels(levels, width, height, cut)) || levels;
    // On a dark screen (which has no panels) the thin lines are its light text: the paper's,
    // drawn on its negative.
    const own = darkScreen ? negative(levels) : paneled;
    const ownCut = darkScreen ? 1 - cut : cut;
    const drawn = continueThinLines(own, width, height, ownCut, thin);
    const taken = clean || drawnShare(own, drawn, ownCut) >= MIN_LINES_SHARE;
    const chosen = taken ? drawn : own;
    const values = darkScreen ? negative(chosen) : chosen;
    // A light screen's text, as wide as it shows against its ground (see lightScreenText).
    const screen = read === 'auto' && !lines && !clean && !darkScreen;
    const text = screen && lightScreenText(image, lum, values, cut, globalInk(), colorful);
    if (text) return { width, height, values: text, table: IDENTITY, cut, document: false };
    if (chosen !== own || paneled !== levels)
      return { width, height, values, table: IDENTITY, cut, document: false };
  }
  return { width, height, values: lum, table, cut, document: false };
}

/** Values that are ink levels already. */
export const IDENTITY = Uint8Array.from({ length: 256 }, (_, v) => v);

/**
 * The ink level of every luminance against the picture's global levels, and the automatic cut:
 * mid-gray when both sides of it hold pixels, else half way between ink and paper.
 */
function globalLevels(n: number, counts: Float64Array): { table: Uint8Array; cut: number } {
  let dark = 0;
  for (let v = 0; v < MID_GRAY; v++) dark += counts[v];
  const both = dark >= PRESENT * n && n - dark >= PRESENT * n;
  let levels: Levels = inkAndPaper(counts);
  let cut = 0.5;
  if (both) {
    // Mid-gray measured on the picture's own scale places edges between its ink and its paper;
    // when it falls near one end of that scale (ink barely darker than mid-gray), black on white.
    const own = (levels.paper - MID_GRAY) / (levels.paper - levels.ink);
    if (own >= 0.2 && own <= 0.8) cut = own;
    else levels = BLACK_ON_WHITE;
  }
  const scale = 255 / (levels.paper - levels.ink);
  const table = new Uint8Array(256);
  for (let l = 0; l < 256; l++) table[l] = Math.max(0, Math.min(255, Math.round((levels.paper - l) * scale)));
  return { table, cut };
}

/** The automatic cut moved by the threshold setting, towards 0.05 (bolder) or 0.95 (lighter). */
export function shifted(cut: number, shift: number): number {
  return shift < 0 ? cut + shift * (cut - 0.05) : cut + shift * (0.95 - cut);
}

/** Foreground = ink level above `cut` (0-1), written into `bits` (all 0, as long as the map). */
export function threshold(
  ink: InkMap,
  cut: number,
  bits: Uint8Array = new Uint8Array(ink.values.length),
): Bitmap {
  const { width, height, values, table } = ink;
  const foreground = table.map((level) => (level > cut * 255 ? 1 : 0));
  let i = 0;
  if (foreground[0] === 0 && values.byteOffset % 4 === 0) {
    // Value 0 is paper: four values at a time while they all are, their bits left 0. Most of a
    // thin mask's box, on the finer grid (see ink/fine.ts), is paper.
    const words = new Uint32Array(values.buffer, values.byteOffset, values.length >> 2);
    for (let k = 0; k < words.length; k++) {
      if (words[k] === 0) continue;
      for (i = k << 2; i < (k + 1) << 2; i++) bits[i] = foreground[values[i]];
    }
    i = words.length << 2;
  }
  for (; i < values.length; i++) bits[i] = foreground[values[i]];
  return { width, height, bits };
}

/**
 * Coverage maps the ink level linearly on either side of the cut so that the cut sits at exactly
 * one half: 1 for full ink, 0.5 at the cut, 0 for paper. Summed over the 2x2 pixels around a
 * corner, it says where the edge truly passes (exact for a straight edge rendered with area
 * anti-aliasing).
 */
export function windowInk(ink: InkMap, cut: number): WindowInk {
  const below = cut > 0 ? 0.5 / cut : 0;
  const above = cut < 1 ? 0.5 / (1 - cut) : 0;
  const { width: w, values, table } = ink;
  const coverage = Float64Array.from(table, (level) => {
    const v = level / 255;
    return v > cut ? Math.min(1, 0.5 + (v - cut) * above) : Math.max(0, 0.5 - (cut - v) * below);
  });
  return (x, y) => {
    const i = (y - 1) * w + x - 1;
    return (
      coverage[values[i]] + coverage[values[i + 1]] + coverage[values[i + w]] + coverage[values[i + w + 1]]
    );
  };
}
