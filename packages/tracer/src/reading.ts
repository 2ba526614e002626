import { levelOnWhite, luminance } from './geometry/luminance.js';
import { looksFlat, looksLikeScreen } from './ink/document.js';
import { type InkMap, inkMap } from './ink/ink-map.js';
import { isArtwork, type Layer, type RasterImage, type Reading } from './model.js';
import type { CellGrid } from './pixel/cells.js';
import { pixelArtCells } from './pixel/pixel-art.js';
import type { ReadAs } from './settings/index.js';
import { withoutSubpixelFringes } from './subpixel-text.js';

/** The reading belongs to the traced result (model.ts); it is named here too, where it is made. */
export type { Reading };

/** RGB spread (max minus min channel) from which a pixel counts as colored. */
const COLORED = 40;
/** Least share of the painted pixels that must be colored for the image to be read in color. */
const MIN_COLORED = 0.003;
/**
 * On a dark ground (most of the painted pixels darker than mid-gray), least share of the rest, the
 * light drawing, that makes the picture a color one however little of it is colored: galaxies
 * among stars on black are 0.2 % of the picture, 31 % of what is drawn on it.
 */
const DARK_GROUND_COLORED = 0.15;
/** Most colored share a page may have (a letterhead, a stamp): more, and it is a color image. */
const PAGE_MAX_COLORED = 0.15;
/**
 * Least share of the painted pixels in areas of mid-tones (luminance 19% to 81%, and so are their
 * four neighbours) that makes an image shaded rather than inked: an inked image's mid-tones are
 * the anti-aliasing along its edges, one pixel wide.
 */
const MIN_SHADES = 0.05;
/**
 * Mid-tones of which this share lies within PAPER_BAND levels, over at least PAPER_AREA of the
 * painted pixels, are paper, not shading.
 */
const PAPER_SHARE = 0.85;
const PAPER_BAND = 48;
const PAPER_AREA = 0.5;
/**
 * Least share of the drawn pixels (darker than light on white) in gray lines a pixel wide (a
 * mid-tone pixel between light ones across, mid-tones along) that makes line art gray rather than
 * inked: a dialog's gray text and frames, a log paper's gray grid, which black and white would
 * turn black or drop. An inked drawing's own lines have 10 % or less: their anti-aliasing lies
 * beside dark ink, not between light pixels.
 */
const MIN_GRAY_LINES = 0.15;
/** Art on transparency is light art when at least this share of its painted pixels is light... */
const LIGHT_ART = 0.5;
/** ...and at most this share is dark (luminance below 50%), ... */
const LIGHT_ART_DARK = 0.05;
/** ...and at least this share of the image is clear. */
const LIGHT_ART_CLEAR = 0.05;
/**
 * Most of the painted pixels that may be dark (luminance under 50 %) in faint art, which the
 * automatic mode keeps in its own light colors: none, but for a JPEG's ringing. Black and white
 * would paint a pale gray ring black.
 */
const FAINT_ART_DARK = 0.001;
/**
 * Least share of the painted pixels of art on transparency in light tones (light, but darker than
 * white: see LIGHT_TONE) from which they are its fill. Black and white takes them for paper, and
 * paper on transparency is clear: a gray shirt inside its black outlines came back as a hole (mean
 * error 15-21 levels; in color 2-5). Ink art on transparency has under 3 % (the bench's real set
 * and 825 other images): the anti-aliasing between its ink and its white.
 */
const MIN_LIGHT_FILL = 0.2;
/** Luminance from which a light pixel is white, not a tone. */
const LIGHT_TONE = 240;
/** What the automatic mode looks at, counted in one pass over the image. */
interface ImageStats {
  /** Pixels at least half opaque. */
  painted: number;
  /** Painted pixels with a clear color; light (luminance >= 81%); dark (below 50%). */
  colored: number;
  light: number;
  dark: number;
  /** Painted mid-tone pixels whose four neighbours are painted mid-tones too. */
  shades: number;
  /** The most of them within one band of PAPER_BAND levels: a toned or shadowed paper. */
  paper: number;
  /** Opaque light pixels in a tone, not white (see LIGHT_TONE). */
  lightTone: number;
  /** Whether any pixel is less than opaque. */
  transparent: boolean;
}

function imageStats(image: RasterImage): ImageStats {
  const { width: w, height: h, data } = image;
  let painted = 0;
  let colored = 0;
  let light = 0;
  let dark = 0;
  let transparent = false;
  let lightTone = 0;
  let shades = 0;
  const levels = new Float64Array(256);
  // A mid-tone pixel's luminance, rounded, plus one; 0 for every other pixel: the last three rows
  // read, row y in `mid[y % 3]`, which is all the count of shades looks at.
  const mid = [new Uint8Array(w), new Uint8Array(w), new Uint8Array(w)];
  for (let y = 0, o = 0; y < h; y++) {
    const row = mid[y % 3];
    for (let x = 0; x < w; x++, o += 4) {
      row[x] = 0;
      const r = data[o];
      const g = data[o + 1];
      const b = data[o + 2];
      const a = data[o + 3];
      if (a < 255) transparent = true;
      if (a < 128) continue;
      painted++;
      const l = luminance(r, g, b);
      const max = r > g ? (r > b ? r : b) : g > b ? g : b;
      const min = r < g ? (r < b ? r : b) : g < b ? g : b;
      if (max - min > COLORED) colored++;
      if (l >= 208) {
        light++;
        if (l < LIGHT_TONE && a === 255) lightTone++;
      } else if (l < 128) dark++;
      if (l >= 48 && l < 208) row[x] = Math.round(l) + 1;
    }
    // The row above is read whole now: its mid-tones with mid-tone neighbours are shades.
    if (y < 2) continue;
    const up = mid[(y - 2) % 3];
    const here = mid[(y - 1) % 3];
    for (let x = 1; x < w - 1; x++) {
      if (here[x] && here[x - 1] && here[x + 1] && up[x] && row[x]) {
        shades++;
        levels[here[x] - 1]++;
      }
    }
  }
  let paper = 0;
  let band = 0;
  for (let v = 0; v < 256; v++) {
    band += levels[v] - (v >= PAPER_BAND ? levels[v - PAPER_BAND] : 0);
    paper = Math.max(paper, band);
  }
  return { painted, colored, light, dark, shades, paper, lightTone, transparent };
}

const DARK = 0;
const MID = 1;
const LIGHT = 2;

/**
 * Whether MIN_GRAY_LINES of the pixels drawn (darker than light, on white) are in gray lines a
 * pixel wide: a mid-tone pixel between light ones across the line and mid-tones along it.
 */
function grayLineArt({ width: w, height: h, data }: RasterImage): boolean {
  const tone = new Uint8Array(w * h);
  let drawn = 0;
  for (let p = 0, o = 0; p < tone.length; p++, o += 4) {
    const a = data[o + 3];
    const y = luminance(data[o], data[o + 1], data[o + 2]);
    const level = a === 255 ? y : levelOnWhite(Math.round(y), a);
    tone[p] = level >= 208 ? LIGHT : level >= 48 ? MID : DARK;
    if (tone[p] !== LIGHT) drawn++;
  }
  let lines = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let p = y * w + 1; p < (y + 1) * w - 1; p++) {
      if (tone[p] !== MID) continue;
      const across =
        tone[p - w] === LIGHT && tone[p + w] === LIGHT && tone[p - 1] === MID && tone[p + 1] === MID;
      const down =
        tone[p - 1] === LIGHT && tone[p + 1] === LIGHT && tone[p - w] === MID && tone[p + w] === MID;
      if (across || down) lines++;
    }
  }
  return drawn > 0 && lines >= MIN_GRAY_LINES * drawn;
}

/**
 * The automatic mode: reads what kind of image this is and so how to trace it. Pixel art as
 * exact squares; colored images in color (on a dark ground, by the share of what is drawn on it:
 * see DARK_GROUND_COLORED), unless they are pages (a letterhead on a scan); light art on
 * transparency in color (in black and white it would be traced from its alpha); gray shading in
 * color (steps of gray), unless it is a page, and so gray lines (see MIN_GRAY_LINES) and light
 * fills on transparency (see MIN_LIGHT_FILL); art with nothing dark in it in its own light colors
 * (see FAINT_ART_DARK); the rest, one ink on a light ground, in black and white. A page's ink map
 * comes back too, so the trace does not read it twice. Read as a page, an image is one; read as a
 * picture, it is never one (nor pixel art); drawn flat or on a screen (a screenshot), it is not one
 * either.
 */
export function readImage(
  image: RasterImage,
  read: ReadAs = 'auto',
): { reading: Reading; image: RasterImage; ink?: InkMap; cells?: CellGrid } {
  if (read === 'page') return { reading: { mode: 'bw', kind: 'page' }, image, ink: inkMap(image, 'page') };
  const cells = read === 'auto' ? pixelArtCells(image) : undefined;
  if (cells) return { reading: { mode: 'pixel', kind: 'pixel-art' }, image, cells };
  // Pixel art is every pixel as it is; any other picture is read, and traced, with the colored
  // fringes of subpixel-rendered text gray (see subpixel-text.ts).
  const seen = withoutSubpixelFringes(image);
  return { ...readPicture(seen, read), image: seen };
}

/** The reading of a picture that is not pixel art nor a page by the setting (see readImage). */
function readPicture(image: RasterImage, read: ReadAs): { reading: Reading; ink?: InkMap } {
  const stats = imageStats(image);
  const n = image.width * image.height;
  const coloredShare = stats.painted > 0 ? stats.colored / stats.painted : 0;
  // Mid-tones in one narrow band over most of an opaque image are its paper (toned, or in a
  // shadow); a gray area among others is shading.
  const toned =
    !stats.transparent &&
    stats.paper >= PAPER_SHARE * stats.shades &&
    stats.paper >= PAPER_AREA * stats.painted;
  const shaded = stats.shades >= MIN_SHADES * stats.painted && !toned;
  const page = (): InkMap | undefined => {
    const picture = read === 'picture' || stats.transparent || coloredShare >= PAGE_MAX_COLORED;
    if (picture || !shaded || looksFlat(image) || looksLikeScreen(image)) return undefined;
    const ink = inkMap(image);
    return ink.document ? ink : undefined;
  };
  const drawnOnDark = stats.dark > stats.painted / 2 ? stats.painted - stats.dark : 0;
  if (
    coloredShare >= MIN_COLORED ||
    (drawnOnDark > 0 && stats.colored >= DARK_GROUND_COLORED * drawnOnDark)
  ) {
    const ink = page();
    return ink
      ? { reading: { mode: 'bw', kind: 'page' }, ink }
      : { reading: { mode: 'color', kind: 'color' } };
  }
  const lightArt =
    stats.painted > 0 &&
    stats.light >= LIGHT_ART * stats.painted &&
    stats.dark <= LIGHT_ART_DARK * stats.painted &&
    n - stats.painted >= LIGHT_ART_CLEAR * n;
  if (lightArt) {
    return { reading: { mode: 'color', kind: 'light-art' } };
  }
  if (shaded) {
    const ink = page();
    return ink
      ? { reading: { mode: 'bw', kind: 'page' }, ink }
      : { reading: { mode: 'color', kind: 'shades' } };
  }
  // On transparency, light fills are part of the picture: color keeps them, in their tones.
  if (stats.transparent && stats.lightTone >= MIN_LIGHT_FILL * stats.painted) {
    return { reading: { mode: 'color', kind: 'shades' } };
  }
  const faint = stats.light < stats.painted && stats.dark <= FAINT_ART_DARK * stats.painted;
  if (faint) return { reading: { mode: 'color', kind: 'light-art' } };
  return { reading: grayLineArt(image) ? { mode: 'color', kind: 'shades' } : { mode: 'bw', kind: 'ink' } };
}

/** How a result was read, in the product's words: "Read as a color image, 6 colors". */
export function describeReading({ reading, layers }: { reading: Reading; layers: Layer[] }): string {
  // Colors of the artwork: a cut contour is a line to cut along, a gap filler lies under the shapes.
  const artwork = layers.filter(isArtwork);
  const gradients = artwork.filter((layer) => layer.gradient).length;
  // A color may paint two layers (small details lifted on top of the rest): it is one color.
  const flat = artwork.filter((layer) => !layer.gradient);
  const colors = new Set(flat.map(({ color: { r, g, b }, opacity }) => `${r},${g},${b},${opacity ?? 1}`))
    .size;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  // Shapes painted with a gradient are counted apart: each is a shading, not a color.
  const count = (word: string) =>
    [
      ...(colors > 0 || gradients === 0 ? [plural(colors, word)] : []),
      ...(gradients > 0 ? [plural(gradients, 'gradient')] : []),
    ].join(' and ');
  switch (reading.kind) {
    case 'pixel-art':
      return `Read as pixel art, ${count('color')}`;
    case 'page':
      return 'Read as a page, in black and white';
    case 'ink':
      return 'Read as black-and-white art';
    case 'color':
      return `Read as a color image, ${count('color')}`;
    case 'shades':
      return `Read as shaded art, ${count('tone')}`;
    case 'light-art':
      return `Read as light art, ${count('color')}`;
    case 'light-lines':
      return 'Read as light lines on a dark ground';
    case 'strokes':
      return 'Traced along the middle of each stroke';
    case 'silhouette':
      return 'Traced as the silhouette of its opaque pixels';
  }
}
