import { luminanceLevel } from '../geometry/luminance.js';
import type { Color, RasterImage } from '../model.js';

/** Levels (sRGB, summed over the channels) within which a dark pixel is the ink's own color. */
const SAME_INK = 24;
/** Least share of the dark pixels that must be of one color for the ink to be flat. */
const FLAT_SHARE = 0.5;
/** Most rows read: enough to see the ink's color on a picture of any size. */
const SAMPLE_ROWS = 512;

/**
 * The color a picture's ink is drawn in, when it is flat: half its dark pixels (opaque, luminance
 * under half) within a few levels of its most common dark color, as a logo's #231F20 or a
 * clipart's dark brown is, and as a scan's mottled ink is not. Their mean color; undefined when
 * the ink is not flat, or the picture has none.
 */
export function flatInkColor(image: RasterImage): Color | undefined {
  const counts = new Map<number, number>();
  let dark = 0;
  eachDark(image, (c) => {
    dark++;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  });
  let common = -1;
  let most = 0;
  for (const [c, n] of counts) {
    if (n > most) {
      most = n;
      common = c;
    }
  }
  if (common < 0) return undefined;
  let same = 0;
  const sum = [0, 0, 0];
  eachDark(image, (c) => {
    const r = c >> 16;
    const g = (c >> 8) & 255;
    const b = c & 255;
    const apart =
      Math.abs(r - (common >> 16)) + Math.abs(g - ((common >> 8) & 255)) + Math.abs(b - (common & 255));
    if (apart > SAME_INK) return;
    same++;
    sum[0] += r;
    sum[1] += g;
    sum[2] += b;
  });
  if (same < FLAT_SHARE * dark) return undefined;
  return { r: Math.round(sum[0] / same), g: Math.round(sum[1] / same), b: Math.round(sum[2] / same) };
}

/** Calls `visit` with the color (0xRRGGBB) of every dark pixel on the rows read (see SAMPLE_ROWS). */
function eachDark({ width: w, height: h, data }: RasterImage, visit: (color: number) => void): void {
  const rows = Math.min(h, SAMPLE_ROWS);
  for (let r = 0; r < rows; r++) {
    const y = Math.floor((r * h) / rows);
    for (let o = y * w * 4; o < (y + 1) * w * 4; o += 4) {
      if (data[o + 3] !== 255 || luminanceLevel(data[o], data[o + 1], data[o + 2]) >= 128) continue;
      visit((data[o] << 16) | (data[o + 1] << 8) | data[o + 2]);
    }
  }
}
