import { isColorful, rgbSpread } from './ink/luminance.js';
import type { RasterImage } from './model.js';

/** Most RGB spread of the mean of three pixels along a row that is gray: the fringes cancel out. */
const CANCELLED = 20;
/**
 * Least fringe pixels, and least share of the colored pixels, that make text subpixel-rendered,
 * counted on every ROW_STEP-th row (a line of text is taller).
 */
const MIN_FRINGES = 12;
const MIN_FRINGE_SHARE = 0.1;
const ROW_STEP = 8;

/**
 * The image with the colored fringes of subpixel-rendered text (ClearType's) made gray, or the
 * image itself when it has none. Such text is drawn on a screen's red, green and blue stripes a
 * third of a pixel apart: black letters come out with orange and blue edges, which color traced
 * as orange and blue letter halves (a page of text on the bench lost 2.4 % of the picture, a
 * plot's legend came out in orange and blue, and its pink curve took an olive label). A fringe
 * is a colored pixel beside another colored one along its row, whose color three pixels along
 * the row (it and a neighbour either side, or it and the two beside it on one side) cancel to a
 * gray. There must be fringes of the centered kind, MIN_FRINGES of them and MIN_FRINGE_SHARE of
 * the colored pixels on the rows counted (the real set's colored art has under 2 %: its colors do
 * not cancel). A fringe takes the mean of its channels, the light its three stripes give together.
 */
export function withoutSubpixelFringes(image: RasterImage): RasterImage {
  const { width: w, height: h, data } = image;
  if (w < 5) return image;
  // An opaque pixel with a clear hue (see isColorful), at byte offset `o`.
  const colored = (o: number) => data[o + 3] === 255 && isColorful(data, o >> 2);
  // The mean of the three pixels from `o` along the row is gray.
  const cancels = (o: number) =>
    rgbSpread(
      data[o] + data[o + 4] + data[o + 8],
      data[o + 1] + data[o + 5] + data[o + 9],
      data[o + 2] + data[o + 6] + data[o + 10],
    ) <
    3 * CANCELLED;
  // Whether the colored pixel at `o` has a colored neighbour along its row.
  const paired = (o: number) => colored(o - 4) || colored(o + 4);
  let coloredCount = 0;
  let centered = 0;
  for (let y = 0; y < h; y += ROW_STEP) {
    for (let x = 2, o = 4 * (y * w + 2); x < w - 2; x++, o += 4) {
      if (!colored(o)) continue;
      coloredCount++;
      if (paired(o) && cancels(o - 4)) centered++;
    }
  }
  if (centered < MIN_FRINGES || centered < MIN_FRINGE_SHARE * coloredCount) return image;
  const gray = new Uint8Array(data);
  for (let y = 0; y < h; y++) {
    for (let x = 2, o = 4 * (y * w + 2); x < w - 2; x++, o += 4) {
      if (!colored(o) || !paired(o) || !(cancels(o - 4) || cancels(o - 8) || cancels(o))) continue;
      const mean = Math.round((data[o] + data[o + 1] + data[o + 2]) / 3);
      gray[o] = mean;
      gray[o + 1] = mean;
      gray[o + 2] = mean;
    }
  }
  return { ...image, data: gray };
}
