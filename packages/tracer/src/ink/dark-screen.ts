import type { RasterImage } from '../model.js';
import { looksLikeDocument } from './document.js';
import { negative } from './luminance.js';
import { pageKeepsPicture } from './page-check.js';
import { SAUVOLA_K, sauvolaLevels } from './sauvola.js';

/** Most of a screen that is colored: its panels may be (a button, an icon), not its ground. */
export const MAX_SCREEN_COLORFUL = 0.5;

/**
 * A dark screen's light text (a dark theme's dialog saved as JPEG, a photo of a console), read
 * against the ground around it as a page's ink is against its paper (see `sauvolaLevels`), on the
 * screen's negative: the ink levels of its ground, whose cut is 1 - SAUVOLA_K, the text the gaps in
 * it; or undefined when that reading is not the screen's. `globalInk` says for each luminance
 * whether the global reading takes it for ink (the dark ground). Read globally, a dark dialog's
 * 1 px light text lost its stems: "Control" came out "Co∩gro".
 *
 * The light marks must look like text (see `looksLikeDocument`, whose two readings may agree here:
 * a screen's text is clear) and reading them so must keep the picture (see `pageKeepsPicture`):
 * what it turns to ground is as dark as the screen's commonest level, so a light bar or a gray
 * photo is no hollow outline.
 */
export function darkScreenText(
  image: RasterImage,
  lum: Uint8Array,
  globalInk: Uint8Array,
  colorful: number,
): Uint8Array | undefined {
  if (colorful >= MAX_SCREEN_COLORFUL) return undefined;
  const { width, height } = image;
  const light = negative(lum);
  // The global reading of the negative: what it took for paper, by the negative's luminance.
  const lightInk = globalInk.map((ink) => 1 - ink).reverse();
  const local = sauvolaLevels(light, width, height);
  // A screen's colored buttons and icons are part of it: color does not rule it out here.
  const readings = {
    width,
    height,
    lum: light,
    globalInk: lightInk,
    local,
    localCut: SAUVOLA_K,
    colorful: 0,
  };
  if (!looksLikeDocument(readings, { agreeing: true })) return undefined;
  const isInk = (i: number) => local[i] > SAUVOLA_K * 255;
  return pageKeepsPicture(image, light, isInk, { screen: true }) ? negative(local) : undefined;
}
