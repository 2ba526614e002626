import { forEachArea } from '../geometry/areas.js';
import { luminanceLevel } from '../geometry/luminance.js';
import { A_SHIFT, B_SHIFT, G_SHIFT, pixelWords, R_SHIFT } from '../geometry/pixel-words.js';
import type { RasterImage } from '../model.js';

/** Most colorful share of a document: paper, ink and a small letterhead. Photos have far more. */
export const MAX_COLORFUL = 0.15;
/** Most ink a document has once read against its paper: text is thin. */
const MAX_LOCAL_INK = 0.22;
/** Above this overlap, the global and the local readings agree and the choice does not matter. */
const MAX_OVERLAP = 0.6;
/**
 * Least mean darkness of local ink against its paper (0-255): print and handwriting are dark on
 * the page (print 95 and more, pencil notes about 90, print blurred by a shaken camera 76), where
 * grain, brick and foliage (which the local reading also finds) are fainter (a hazy aerial photo's
 * 68, on the bench's real set).
 */
const MIN_INK_DARKNESS = 72;
/** Least share of the local ink in marks shaped like characters: text is what makes a page. */
const MIN_TEXT = 0.15;
/**
 * Most of a page one exact color other than black may cover: paper photographed or scanned has
 * grain, so its most common color is a few percent of it (0.3-5 % on the bench's scans and photos
 * of pages), where a screen is drawn flat (21-41 % on JPEG screenshots of dialogs, 50-85 % on PNG
 * ones). Black is left out: a photo's shadows may be crushed to it.
 */
const MAX_FLAT = 0.15;
/**
 * Most of a picture's light pixels one exact color may cover, for a page: photographed or scanned
 * paper has grain, so its commonest light color is at most 10 % of them on the bench's pages, where
 * a screen's windows are drawn flat (11-84 % on its screenshots, 53-61 % on a desktop's whose one
 * white window, a tenth of it, passed for a page on a dark table and wiped the rest).
 */
const MAX_PAPER_FLAT = 0.3;
/** Luminance (0-255) from which a pixel is light, and the least share of light pixels judged. */
const LIGHT = 160;
const MIN_LIGHT = 0.05;
/**
 * Least share of a picture's light pixels in runs of one exact color at least SCREEN_RUN long
 * along their row for it to be drawn on a screen, panels shaded top to bottom included (each of
 * their rows is flat). Paper's grain breaks such runs up: the bench's pages have 0-31 %, its
 * screenshots 10-89 %; two help screenshots (a map, a dialog on shaded panels) that were read as
 * pages, losing 37-40 % of the picture, have 50 % and 81 %.
 */
const MIN_SCREEN_RUNS = 0.4;
const SCREEN_RUN = 16;
/** Rows the screen's runs are counted on, spread over the picture. */
const SCREEN_ROWS = 256;
/** Pixels the flat share is counted on: a sample spread over the picture. */
const FLAT_SAMPLE = 1 << 16;
/** A pixel word's color channels, without its alpha. */
const RGB = ~(255 << A_SHIFT);

/** What the choice between the global and the local (Sauvola) reading of a picture looks at. */
export interface Readings {
  width: number;
  height: number;
  /** Every pixel's luminance, and for each luminance whether the global reading takes it for ink. */
  lum: Uint8Array;
  globalInk: Uint8Array;
  /** Ink levels and cut of the local reading. */
  local: Uint8Array;
  localCut: number;
  /** The share of clearly colored pixels. */
  colorful: number;
}

/**
 * Whether a picture is a page (a scan or a photo of paper), to be read locally. A page is nearly
 * colorless; its two readings disagree, the global one taking a shadow or the table beneath for
 * ink, or missing faint text; against its own paper its ink is sparse and dark; and much of that
 * ink is in marks of the size and fill of characters. Grayscale photos fail the last two: their
 * local "ink" is faint texture and long edges. Measured on the bench's real set: every document
 * passes, every logo, illustration and photo fails (a gray photo of the moon is the one known
 * exception, traced as a page).
 */
export function looksLikeDocument(r: Readings, { agreeing = false } = {}): boolean {
  if (r.colorful >= MAX_COLORFUL) return false;
  const n = r.width * r.height;
  const l = r.localCut * 255;
  let globalInk = 0;
  let localInk = 0;
  let both = 0;
  let darkness = 0;
  // The local ink as area keys: 1 for ink, -1 for paper.
  const keys = new Int8Array(n);
  for (let i = 0; i < n; i++) {
    const a = r.globalInk[r.lum[i]];
    const b = r.local[i] > l ? 1 : 0;
    keys[i] = 2 * b - 1;
    globalInk += a;
    localInk += b;
    both += a & b;
    if (b) darkness += r.local[i];
  }
  if (localInk === 0 || localInk > MAX_LOCAL_INK * n) return false;
  if (!agreeing && both / (globalInk + localInk - both) >= MAX_OVERLAP) return false;
  if (darkness / localInk < MIN_INK_DARKNESS) return false;
  return textShare(r, keys) >= MIN_TEXT;
}

/**
 * The share of the local ink in marks shaped like characters: 4-connected marks of at least 6
 * pixels and 5 rows, at most 1/12 of the picture's short side high and 1/6 wide, filling 12% to
 * 75% of their box (strokes, not blobs or rules).
 */
function textShare(r: Readings, keys: Int8Array): number {
  const { width: w, height: h } = r;
  const side = Math.min(w, h);
  let ink = 0;
  let text = 0;
  forEachArea(w, h, keys, ({ size, left, top, right, bottom }) => {
    ink += size;
    const bw = right - left + 1;
    const bh = bottom - top + 1;
    const fill = size / (bw * bh);
    if (size >= 6 && bh >= 5 && bh <= side / 12 && bw <= side / 6 && fill > 0.12 && fill < 0.75) text += size;
  });
  return ink === 0 ? 0 : text / ink;
}

/**
 * Whether a picture is drawn flat, as a screen is, rather than photographed or scanned: one exact
 * color covers much of it, or much of its light part (see MAX_PAPER_FLAT). The automatic mode does
 * not read such a picture as a page (its colors and shapes are the picture); read as a page, it is
 * one.
 */
export function looksFlat(image: RasterImage): boolean {
  const { all, light } = flatShares(image);
  return all > MAX_FLAT || light > MAX_PAPER_FLAT;
}

/**
 * Whether a picture is drawn on a screen: MIN_SCREEN_RUNS of its light pixels lie in runs of one
 * exact color SCREEN_RUN or more pixels long along their row. The automatic mode does not read
 * such a picture as a page.
 */
export function looksLikeScreen(image: RasterImage): boolean {
  const { width: w, height: h } = image;
  const words = pixelWords(image);
  const rows = Math.min(h, SCREEN_ROWS);
  let light = 0;
  let inRuns = 0;
  for (let r = 0; r < rows; r++) {
    const row = Math.floor((r * h) / rows) * w;
    for (let x = 0; x < w; ) {
      const word = words[row + x];
      let end = x + 1;
      while (end < w && words[row + end] === word) end++;
      if (wordLevel(word) >= LIGHT) {
        light += end - x;
        if (end - x >= SCREEN_RUN) inRuns += end - x;
      }
      x = end;
    }
  }
  return light > 0 && inRuns >= MIN_SCREEN_RUNS * light;
}

/**
 * The share of a picture its most common exact color covers, and the share of its light pixels
 * (when at least MIN_LIGHT of it) their most common exact color covers, counted on a spread sample.
 */
function flatShares(image: RasterImage): { all: number; light: number } {
  const words = pixelWords(image);
  const step = Math.max(1, Math.floor(words.length / FLAT_SAMPLE));
  const counts = new Map<number, number>();
  let most = 0;
  let mostLight = 0;
  let sampled = 0;
  let light = 0;
  for (let i = 0; i < words.length; i += step, sampled++) {
    const word = words[i];
    if ((word & RGB) === 0) continue;
    const count = (counts.get(word) ?? 0) + 1;
    counts.set(word, count);
    if (count > most) most = count;
    if (wordLevel(word) < LIGHT) continue;
    light++;
    if (count > mostLight) mostLight = count;
  }
  return { all: most / sampled, light: light >= MIN_LIGHT * sampled ? mostLight / light : 0 };
}

/** The luminance level (0-255) of a pixel word's color. */
function wordLevel(word: number): number {
  return luminanceLevel((word >>> R_SHIFT) & 255, (word >>> G_SHIFT) & 255, (word >>> B_SHIFT) & 255);
}
