import { srgbToOklab } from './color/oklab.js';
import type { Color, RasterImage } from './model.js';
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
 * along the longer side, each block's mean color on white, in the image and in the result (`ink`,
 * black, where the bitmap is set; `paper`, the white it is shown on, elsewhere), both blurred over
 * 3x3 blocks so that an edge placed half a pixel off does not count, and the blocks more than
 * 0.15 apart in OKLab counted (a few pixels along each side of a block are read, not all). A
 * black ground traced white, a gray one traced white or black, shaded art, a colored shape traced
 * black are lost over their whole area; anti-aliased edges are not. Both as a share of the
 * picture and of its drawing, the blocks where the image or the result is not the paper: a plot
 * whose colored curves were all lost keeps its white, 91 % of the picture, and none of its drawing.
 */
export function bwLoss(
  image: RasterImage,
  bitmap: Bitmap,
  ink: Color = { r: 0, g: 0, b: 0 },
  paper: Color = { r: 255, g: 255, b: 255 },
): { lost: number; ofDrawing: number } {
  const { width: w, height: h, data } = image;
  const size = Math.max(1, Math.ceil(Math.max(w, h) / BLOCKS));
  const gw = Math.ceil(w / size);
  const gh = Math.ceil(h / size);
  const picture = new Float64Array(gw * gh * 3);
  const inked = new Float64Array(gw * gh);
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
      inked[b] += bitmap.bits[p];
      count[b]++;
    }
  }
  const seen = blur3(picture, count, gw, gh, 3);
  const result = blur3(inked, count, gw, gh, 1);
  const lab = new Float64Array(3);
  const shown = new Float64Array(3);
  const ground = new Float64Array(3);
  const limit = LOST_DISTANCE * LOST_DISTANCE;
  let lost = 0;
  let drawn = 0;
  srgbToOklab(paper.r, paper.g, paper.b, ground);
  for (let b = 0; b < gw * gh; b++) {
    srgbToOklab(seen[b * 3], seen[b * 3 + 1], seen[b * 3 + 2], lab);
    // The result: the ink over the inked share of the block, the paper over the rest.
    const t = result[b];
    srgbToOklab(
      ink.r * t + paper.r * (1 - t),
      ink.g * t + paper.g * (1 - t),
      ink.b * t + paper.b * (1 - t),
      shown,
    );
    const dl = lab[0] - shown[0];
    const da = lab[1] - shown[1];
    const db = lab[2] - shown[2];
    const off = dl * dl + da * da + db * db > limit;
    if (off) lost++;
    const gl = lab[0] - ground[0];
    const ga = lab[1] - ground[1];
    const gb = lab[2] - ground[2];
    if (off || gl * gl + ga * ga + gb * gb > limit) drawn++;
  }
  return { lost: lost / (gw * gh), ofDrawing: drawn === 0 ? 0 : lost / drawn };
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
