import { shifted } from './bw/trace-bw.js';
import { type InkMap, threshold } from './ink/ink-map.js';
import type { RasterImage } from './model.js';
import { bwLoss } from './picture-loss.js';

/**
 * Most of the picture a black-and-white reading may lose before the automatic mode reads the
 * image in color instead, which keeps its grays (color results lose under 3 %). Measured on the
 * bench's real set: ink on paper, line art and one-color logos lose 0-5 % (their anti-aliasing);
 * a dialog on a light gray ground 90 %, white lines on a dark gray ground 88 %.
 */
const MAX_BW_LOSS = 0.1;

/**
 * Whether the black and white the automatic mode read an image as keeps the picture: what its
 * cut (the ink map's, moved by the threshold setting) leaves of the image, measured by
 * `bwLoss`. A page is read against its paper and has checked itself (see `pageKeepsPicture`).
 */
export function bwKeepsPicture(image: RasterImage, ink: InkMap, cutShift: number): boolean {
  return ink.document || bwLoss(image, threshold(ink, shifted(ink.cut, cutShift))) <= MAX_BW_LOSS;
}
