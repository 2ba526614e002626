import { luminanceLevel } from '../geometry/luminance.js';
import type { Color, RasterImage } from '../model.js';

/** Levels (sRGB, summed over the channels) within which a dark pixel is the ink's own color. */
const SAME_INK = 24;
/** Least share of the dark pixels that must be of one color for the ink to be flat. */
const FLAT_SHARE = 0.5;
/** Most rows read: enough to see the ink's color on a picture of any size. */
const SAMPLE_ROWS = 512;
/** Least alpha of a pixel whose color is read: under it, the pixel is more clear than ink. */
const VISIBLE = 128;

/** The ink's color, and how opaque it is (0-1) when it is drawn half transparent. */
export interface FlatInk {
  color: Color;
  opacity?: number;
}

/**
 * The color a picture's ink is drawn in, when it is flat: half its dark pixels (luminance under
 * half) within a few levels of its most common dark color, as a logo's #231F20 or a clipart's dark
 * brown is, and as a scan's mottled ink is not. Their mean color; undefined when the ink is not
 * flat, or the picture has none. The dark pixels read are those of the ink's own alpha (the most
 * common among dark pixels at least half opaque): opaque ink's, not its anti-aliased rim; and ink
 * drawn at 75 % (a clipart's translucent black strokes) comes back with that opacity.
 */
export function flatInk(image: RasterImage): FlatInk | undefined {
  const alphas = new Float64Array(256);
  eachDark(image, (_, a) => {
    if (a >= VISIBLE) alphas[a]++;
  });
  const alpha = alphas.indexOf(Math.max(...alphas));
  if (alphas[alpha] === 0) return undefined;
  const counts = new Map<number, number>();
  let dark = 0;
  eachDark(image, (c, a) => {
    if (a !== alpha) return;
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
  let same = 0;
  const sum = [0, 0, 0];
  eachDark(image, (c, a) => {
    if (a !== alpha) return;
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
  const color = { r: Math.round(sum[0] / same), g: Math.round(sum[1] / same), b: Math.round(sum[2] / same) };
  return alpha === 255 ? { color } : { color, opacity: alpha / 255 };
}

/**
 * Calls `visit` with the color (0xRRGGBB) and alpha of every dark pixel (its color's luminance
 * under half) on the rows read (see SAMPLE_ROWS) that is not wholly clear.
 */
function eachDark(
  { width: w, height: h, data }: RasterImage,
  visit: (color: number, alpha: number) => void,
): void {
  const rows = Math.min(h, SAMPLE_ROWS);
  for (let r = 0; r < rows; r++) {
    const y = Math.floor((r * h) / rows);
    for (let o = y * w * 4; o < (y + 1) * w * 4; o += 4) {
      if (data[o + 3] === 0 || luminanceLevel(data[o], data[o + 1], data[o + 2]) >= 128) continue;
      visit((data[o] << 16) | (data[o + 1] << 8) | data[o + 2], data[o + 3]);
    }
  }
}
