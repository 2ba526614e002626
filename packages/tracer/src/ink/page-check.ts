import type { RasterImage } from '../model.js';
import { MAX_COLORFUL } from './document.js';
import { isColorful } from './luminance.js';
import { onSurface, type Surface } from './surface.js';

/**
 * Blocks across the picture's shorter side on which the paper's brightness is estimated: large
 * enough to see shading across a shape, small enough to follow a shadow across a page.
 */
const BLOCKS_ACROSS = 8;
/**
 * Share of the picture's paper level below which a block's brightest pixel is not paper: a
 * shadow darkens a page by half at most, where a black ground or a dark photo is darker still.
 */
const LEAST_PAPER = 0.5;
/** A pixel under this share of its paper's brightness is drawn: read as paper, it is lost. */
const DRAWN = 0.7;
/** A pixel over this share of its paper's brightness is paper: read as ink, it is lost. */
const BLANK = 0.85;
/**
 * Most of a picture (its surface aside) that reading it as a page may lose. Measured on the
 * bench's real set: pages lose 0.3-7.5 % (shadows and creases, the gray print of a newspaper);
 * a low-chroma photo 25 %, a grayscale one 54 %, a textured shape on a soft ground 12 %.
 */
const MAX_PAGE_LOSS = 0.1;
/** Least share of the page that its reading finds ink in: a page has writing on it, not specks. */
const MIN_PAGE_INK = 0.005;

/**
 * Whether reading a picture as a page keeps it. A page is paper with ink on it: every pixel the
 * reading turns to paper must be paper-light (at least 0.7 of the brightness of the paper around
 * it, whatever the shade across the page), every pixel it takes for ink darker than that paper,
 * the page must hold some ink, and its paper must be gray, not colored. The paper around a pixel
 * is its block's brightest pixel, but never darker than half the picture's own paper level: a
 * black ground is not paper, however dark its block. The surface beneath a photographed page is
 * not the picture and does not count. A `screen`'s paper is never darker than its commonest level
 * (its ground: a filled bar or a selected row is not paper), and it may be colored.
 */
export function pageKeepsPicture(
  image: RasterImage,
  lum: Uint8Array,
  isInk: (i: number) => boolean,
  { surface, screen = false }: { surface?: Surface; screen?: boolean } = {},
): boolean {
  const { width, height } = image;
  const size = Math.max(4, Math.floor(Math.min(width, height) / BLOCKS_ACROSS));
  const bw = Math.ceil(width / size);
  const brightest = new Uint8Array(bw * Math.ceil(height / size));
  const counts = new Float64Array(256);
  const onPage = (i: number) => !surface || !onSurface(surface, i);
  for (let y = 0, i = 0; y < height; y++) {
    const row = ((y / size) | 0) * bw;
    for (let x = 0; x < width; x++, i++) {
      if (!onPage(i)) continue;
      const v = lum[i];
      const b = row + ((x / size) | 0);
      if (v > brightest[b]) brightest[b] = v;
      counts[v]++;
    }
  }
  const least = screen ? commonest(counts) : LEAST_PAPER * percentile(counts, 0.95);
  let lost = 0;
  let ink = 0;
  let colorful = 0;
  let all = 0;
  for (let y = 0, i = 0; y < height; y++) {
    const row = ((y / size) | 0) * bw;
    for (let x = 0; x < width; x++, i++) {
      if (!onPage(i)) continue;
      all++;
      const share = lum[i] / Math.max(least, brightest[row + ((x / size) | 0)], 1);
      const inked = isInk(i);
      if (inked) ink++;
      if (inked ? share > BLANK : share < DRAWN) lost++;
      if (!screen && isColorful(image.data, i)) colorful++;
    }
  }
  return (
    all > 0 &&
    lost <= MAX_PAGE_LOSS * all &&
    ink >= MIN_PAGE_INK * all &&
    (screen || colorful < MAX_COLORFUL * all)
  );
}

/** The level below which `share` of the counted pixels lie. */
function percentile(counts: Float64Array, share: number): number {
  let total = 0;
  for (let v = 0; v < 256; v++) total += counts[v];
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += counts[v];
    if (seen >= share * total) return v;
  }
  return 255;
}

/** The level most pixels have: a screen's ground. */
function commonest(counts: Float64Array): number {
  let level = 0;
  for (let v = 1; v < 256; v++) if (counts[v] > counts[level]) level = v;
  return level;
}
