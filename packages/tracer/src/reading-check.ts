import { type InkMap, inkMap, shifted } from './ink/ink-map.js';
import { inverted } from './ink/invert.js';
import { lightAndDark } from './ink/light-on-dark.js';
import type { Color, RasterImage } from './model.js';
import { bwLoss } from './picture-loss.js';

/**
 * Most of the picture, and of its drawing (what is not its paper), a black-and-white reading may
 * lose before the automatic mode takes another. Color keeps the grays (its results lose under
 * 3 %). Measured on the bench's real set: ink on paper, line art and one-color logos lose 0-5 % of
 * the picture and 0-12 % of the drawing (their anti-aliasing), a sketch on cream paper darkening
 * to its corners 15 % of the picture (the shade) and none of its drawing; a dialog on a dark gray
 * ground 78 % of the picture, a gray photo 98 %, a plot of colored curves 9 % of the picture but
 * 89 % of its drawing, three colored axes on black read as light lines two thirds of theirs.
 */
const MAX_BW_LOSS = 0.2;
const MAX_DRAWING_LOSS = 0.3;

/** Whether a black-and-white result keeps the picture, by `bwLoss`'s two shares. */
function keeps({ lost, ofDrawing }: { lost: number; ofDrawing: number }): boolean {
  return lost <= MAX_BW_LOSS && ofDrawing <= MAX_DRAWING_LOSS;
}

/**
 * Whether the black and white the automatic mode read an image as keeps the picture: what its
 * cut (the ink map's, moved by the threshold setting) leaves of the image, measured by
 * `bwLoss`. A page is read against its paper and has checked itself (see `pageKeepsPicture`).
 */
export function bwKeepsPicture(image: RasterImage, ink: InkMap, cutShift: number): boolean {
  return ink.document || keeps(bwLoss(image, inkAt(ink, cutShift)));
}

/**
 * Light lines on a dark ground read from the picture's negative, when that keeps the picture:
 * the ink found in the negative, painted in the lines' color over the ground's, loses no more
 * than black and white may (lines of several colors on black, read as one ink, lose the others).
 * The negative, its ink map and the two colors come back for the trace.
 */
export function lightLinesKeepPicture(
  image: RasterImage,
  cutShift: number,
): { negative: RasterImage; ink: InkMap; colors: { light: Color; dark?: Color } } | undefined {
  const negative = inverted(image);
  const ink = inkMap(negative, 'auto', { lines: true });
  const colors = lightAndDark(image);
  const { light, dark } = colors;
  const paper = dark ?? { r: 255, g: 255, b: 255 };
  return keeps(bwLoss(image, inkAt(ink, cutShift), { ink: light, paper }))
    ? { negative, ink, colors }
    : undefined;
}

/** Whether the pixel at `p` is ink at the ink map's cut, moved by the threshold setting. */
function inkAt({ values, table, cut }: InkMap, cutShift: number): (p: number) => boolean {
  const level = shifted(cut, cutShift) * 255;
  return (p) => table[values[p]] > level;
}
