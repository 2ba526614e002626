import { srgbToOklab } from './color/oklab.js';
import type { RasterImage } from './model.js';
import type { Bitmap } from './outline/bitmap.js';

/** Blocks along the longer side the picture is compared on: enough to see a shape, cheap at any size. */
const BLOCKS = 256;
/**
 * OKLab distance from which a block's color counts as lost: about white against a 35% gray's
 * step, as the benchmark scores a result against its image. A gray ground traced white is lost,
 * and so is a dark gray one traced black: the picture had a gray that black and white cannot show.
 */
const LOST_DISTANCE = 0.15;
/** Pixels read along each side of a block: enough for its mean color, at any image size. */
const SAMPLES = 4;

/**
 * The share of a picture that a black-and-white result loses: on a grid of at most 256 blocks
 * along the longer side, each block's mean color on white, in the image and in the result (black
 * ink, the white it is shown on elsewhere), both blurred over 3x3 blocks so that an edge placed
 * half a pixel off does not count, and the blocks more than 0.15 apart in OKLab counted (a few
 * pixels along each side of a block are read, not all). A black ground traced white, a gray one
 * traced white or black, shaded art, a colored shape traced black are lost over their whole area;
 * anti-aliased edges are not.
 */
export function bwLoss(image: RasterImage, bitmap: Bitmap): number {
  const { width: w, height: h, data } = image;
  const size = Math.max(1, Math.ceil(Math.max(w, h) / BLOCKS));
  const gw = Math.ceil(w / size);
  const gh = Math.ceil(h / size);
  const picture = new Float64Array(gw * gh * 3);
  const ink = new Float64Array(gw * gh);
  const count = new Float64Array(gw * gh);
  const step = Math.max(1, Math.floor(size / SAMPLES));
  for (let y = 0; y < h; y += step) {
    const row = ((y / size) | 0) * gw;
    for (let x = 0; x < w; x += step) {
      const b = row + ((x / size) | 0);
      const p = y * w + x;
      const o = p * 4;
      const a = data[o + 3] / 255;
      picture[b * 3] += data[o] * a + 255 * (1 - a);
      picture[b * 3 + 1] += data[o + 1] * a + 255 * (1 - a);
      picture[b * 3 + 2] += data[o + 2] * a + 255 * (1 - a);
      ink[b] += bitmap.bits[p];
      count[b]++;
    }
  }
  const seen = blur3(picture, count, gw, gh, 3);
  const result = blur3(ink, count, gw, gh, 1);
  const lab = new Float64Array(3);
  const gray = new Float64Array(3);
  const limit = LOST_DISTANCE * LOST_DISTANCE;
  let lost = 0;
  for (let b = 0; b < gw * gh; b++) {
    srgbToOklab(seen[b * 3], seen[b * 3 + 1], seen[b * 3 + 2], lab);
    // The result is gray: black over the inked share of the block, white over the rest.
    const v = 255 * (1 - result[b]);
    srgbToOklab(v, v, v, gray);
    const dl = lab[0] - gray[0];
    const da = lab[1] - gray[1];
    const db = lab[2] - gray[2];
    if (dl * dl + da * da + db * db > limit) lost++;
  }
  return lost / (gw * gh);
}

/**
 * The mean over each block and its neighbours (clipped at the edges) of `channels` values a
 * block, summed over `count` pixels a block: per-pixel means, blurred.
 */
function blur3(
  sums: Float64Array,
  count: Float64Array,
  gw: number,
  gh: number,
  channels: number,
): Float64Array {
  const out = new Float64Array(sums.length);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      let n = 0;
      const o = (y * gw + x) * channels;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(gh - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(gw - 1, x + 1); xx++) {
          const b = yy * gw + xx;
          n += count[b];
          for (let c = 0; c < channels; c++) out[o + c] += sums[b * channels + c];
        }
      }
      for (let c = 0; c < channels; c++) out[o + c] /= n;
    }
  }
  return out;
}
