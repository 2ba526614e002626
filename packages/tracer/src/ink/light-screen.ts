import type { RasterImage } from '../model.js';
import { MAX_SCREEN_COLORFUL } from './dark-screen.js';
import { looksLikeDocument } from './document.js';
import { pageKeepsPicture } from './page-check.js';
import { SAUVOLA_K, sauvolaLevels } from './sauvola.js';

/**
 * A light screen's text (a dialog saved as JPEG), its strokes as wide as they show against the
 * ground around them: the screen's ink levels (`levels`, cut at `cut`) together with its local
 * reading (see `sauvolaLevels`), on the local reading's scale (cut at SAUVOLA_K); or undefined when
 * the local reading is not the screen's. Read with one global cut, a JPEG dialog's small text came
 * out thinner than it shows, its anti-aliased rims dropped; read locally alone, faint gray text
 * (#777 on white) lost strokes. Together, each keeps what the other drops.
 *
 * The marks must look like text (see `looksLikeDocument`, whose two readings may agree: a screen's
 * text is clear) and the reading must keep the picture (see `pageKeepsPicture`): what it takes for
 * ink is darker than the ground around it, a screen's ground its commonest level.
 */
export function lightScreenText(
  image: RasterImage,
  lum: Uint8Array,
  levels: Uint8Array,
  cut: number,
  globalInk: Uint8Array,
  colorful: number,
): Uint8Array | undefined {
  if (colorful >= MAX_SCREEN_COLORFUL) return undefined;
  const { width, height } = image;
  const local = sauvolaLevels(lum, width, height);
  const readings = { width, height, lum, globalInk, local, localCut: SAUVOLA_K, colorful: 0 };
  if (!looksLikeDocument(readings, { agreeing: true })) return undefined;
  // The local levels on the screen's own scale: each side of SAUVOLA_K stretched to that side of
  // the cut. On a lower cut the finer grid's interpolated levels drew every stroke a pixel bolder.
  const from = SAUVOLA_K * 255;
  const to = cut * 255;
  const below = to / from;
  const above = (255 - to) / (255 - from);
  const together = new Uint8Array(local.length);
  for (let i = 0; i < local.length; i++) {
    const v = local[i];
    const own = Math.round(v > from ? to + (v - from) * above : v * below);
    together[i] = Math.max(own, levels[i]);
  }
  const isInk = (i: number) => together[i] > to;
  return pageKeepsPicture(image, lum, isInk, { screen: true }) ? together : undefined;
}
