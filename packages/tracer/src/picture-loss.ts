import { srgbToLinear, srgbToOklab } from './color/oklab.js';
import { luminance } from './geometry/luminance.js';
import type { Color, RasterImage } from './model.js';

/** Blocks along the longer side the picture is compared on: enough to see a shape, cheap at any size. */
const BLOCKS = 128;
/**
 * OKLab distance from which a block's color counts as lost: about white against a 35% gray's
 * step, as the benchmark scores a result against its image. A gray ground traced white is lost,
 * and so is a dark gray one traced black: the picture had a gray that black and white cannot show.
 */
const LOST_DISTANCE = 0.15;
/** Pixels read along each side of a block: enough for its mean color, at any image size. */
const SAMPLES = 4;
/** sRGB levels (summed over the channels) within which two blocks' colors are not lost. */
const CLOSE = 8;
/** Pixels read along each side of a block by `labelLoss`: its labels are flat, so fewer do. */
const COLOR_SAMPLES = 2;
/** Blocks along the longer side `labelLoss` compares. */
const LABEL_BLOCKS = 64;
/**
 * Black and white shows a picture's ink as black and its paper as white: ink at most this dark
 * (luminance, of the darkest 5 % of the picture) and paper at least this light (of the lightest
 * 5 %) are taken as black and white, the levels between stretched to match. A sketch's cream
 * paper and a logo's #111 ink are so kept; a dialog's gray ground (192 and under) is a gray that
 * black and white loses.
 */
const DARK_INK = 64;
const LIGHT_PAPER = 200;

/**
 * The share of a picture that a black-and-white result loses: on a grid of at most 128 blocks
 * along the longer side, each block's mean color on white, in the image (its dark ink and light
 * paper stretched to black and white, see DARK_INK) and in the result (black where `isInk` holds,
 * set, the white it is shown on elsewhere; or the `colors` given), both blurred over
 * 3x3 blocks so that an edge placed half a pixel off does not count, and the blocks more than
 * 0.15 apart in OKLab counted (a few pixels along each side of a block are read, not all). A
 * black ground traced white, a gray one traced white or black, shaded art, a colored shape traced
 * black are lost over their whole area; anti-aliased edges are not. Both as a share of the
 * picture and of its drawing, the blocks where the image is not its paper (the lightest block
 * nearby, or the paper color given): a plot whose colored curves were all lost keeps its white,
 * 91 % of the picture, and none of its drawing.
 */
export function bwLoss(
  image: RasterImage,
  isInk: (p: number) => boolean,
  colors?: { ink: Color; paper: Color },
): { lost: number; ofDrawing: number } {
  const { ink, paper } = colors ?? { ink: { r: 0, g: 0, b: 0 }, paper: { r: 255, g: 255, b: 255 } };
  const grid = blockGrid(image, BLOCKS);
  const { gw, gh } = grid;
  const inked = new Float64Array(gw * gh);
  const { picture, count } = readBlocks(image, grid, SAMPLES, (p, k) => {
    if (isInk(p)) inked[k]++;
  });
  const seen = blur3(picture, count, gw, gh, 3);
  if (!colors) stretchLevels(seen);
  const result = blur3(inked, count, gw, gh, 1);
  const lab = new Float64Array(3);
  const shown = new Float64Array(3);
  const ground = new Float64Array(3);
  const limit = LOST_DISTANCE * LOST_DISTANCE;
  // The paper a block lies on: the colors' paper given, or the lightest block around it, so a
  // shade across the paper (a vignette, a shadow) is paper and not drawing.
  const paperLevel = colors ? undefined : localPaper(seen, gw, gh);
  if (colors) srgbToOklab(paper.r, paper.g, paper.b, ground);
  let lost = 0;
  let drawn = 0;
  let lostDrawn = 0;
  for (let b = 0; b < gw * gh; b++) {
    srgbToOklab(seen[b * 3], seen[b * 3 + 1], seen[b * 3 + 2], lab);
    // The result: the ink over the inked share of the block, the paper over the rest. Black on
    // white, and the lightest block, are grays: their OKLab is their lightness alone.
    const t = result[b];
    if (colors) {
      srgbToOklab(
        ink.r * t + paper.r * (1 - t),
        ink.g * t + paper.g * (1 - t),
        ink.b * t + paper.b * (1 - t),
        shown,
      );
    } else grayOklab(255 * (1 - t), shown);
    const off = distance2(lab, shown) > limit;
    if (off) lost++;
    if (paperLevel) grayOklab(paperLevel[b], ground);
    if (distance2(lab, ground) > limit) {
      drawn++;
      if (off) lostDrawn++;
    }
  }
  return { lost: lost / (gw * gh), ofDrawing: drawn === 0 ? 0 : lostDrawn / drawn };
}

/**
 * What labellings of a picture lose of it: the share of the picture that a labelling's pixels,
 * painted in their labels' colors (`labelRgb`, 3 numbers a label), lose, on blocks as `bwLoss`
 * compares them (each block's mean on white, blurred over 3x3 blocks, more than 0.15 apart in
 * OKLab), at most `blocks` along the longer side, COLOR_SAMPLES pixels read along each side of a
 * block. The picture's own blocks are read once, for every labelling compared. A pixel partly
 * transparent counts as kept: an outline places an edge by the pixels' cover.
 */
export function labelLoss(
  image: RasterImage,
  blocks = LABEL_BLOCKS,
): (labels: Uint8Array, labelRgb: Float64Array) => number {
  const { data } = image;
  const grid = blockGrid(image, blocks);
  const { gw, gh } = grid;
  const { picture, count } = readBlocks(image, grid, COLOR_SAMPLES);
  const seen = blur3(picture, count, gw, gh, 3);
  const lab = new Float64Array(3);
  const other = new Float64Array(3);
  const limit = LOST_DISTANCE * LOST_DISTANCE;
  return (labels, labelRgb) => {
    const result = new Float64Array(gw * gh * 3);
    eachSample(image, grid, COLOR_SAMPLES, (p, k) => {
      const o = p * 4;
      const a = data[o + 3];
      if (a > 0 && a < 255) {
        const cover = a / 255;
        for (let c = 0; c < 3; c++) result[k * 3 + c] += data[o + c] * cover + 255 * (1 - cover);
      } else {
        const l = labels[p] * 3;
        for (let c = 0; c < 3; c++) result[k * 3 + c] += labelRgb[l + c];
      }
    });
    const shown = blur3(result, count, gw, gh, 3);
    let lost = 0;
    for (let k = 0; k < gw * gh * 3; k += 3) {
      const apart =
        Math.abs(seen[k] - shown[k]) +
        Math.abs(seen[k + 1] - shown[k + 1]) +
        Math.abs(seen[k + 2] - shown[k + 2]);
      // Within CLOSE levels in all, two colors are nearer than LOST_DISTANCE even by black.
      if (apart < CLOSE) continue;
      srgbToOklab(seen[k], seen[k + 1], seen[k + 2], lab);
      srgbToOklab(shown[k], shown[k + 1], shown[k + 2], other);
      if (distance2(lab, other) > limit) lost++;
    }
    return lost / (gw * gh);
  };
}

/** The blocks a picture is compared on: `size` pixels square, at most `blocks` along its longer side. */
interface BlockGrid {
  size: number;
  gw: number;
  gh: number;
}

function blockGrid({ width, height }: RasterImage, blocks: number): BlockGrid {
  const size = Math.max(1, Math.ceil(Math.max(width, height) / blocks));
  return { size, gw: Math.ceil(width / size), gh: Math.ceil(height / size) };
}

/**
 * Calls `visit(p, k)` for every pixel read of the picture, `samples` along each side of a block,
 * `k` its block, row by row.
 */
function eachSample(
  { width: w, height: h }: RasterImage,
  { size, gw }: BlockGrid,
  samples: number,
  visit: (p: number, k: number) => void,
): void {
  const step = Math.max(1, Math.floor(size / samples));
  for (let y = 0; y < h; y += step) {
    const row = ((y / size) | 0) * gw;
    for (let x = 0; x < w; x += step) visit(y * w + x, row + ((x / size) | 0));
  }
}

/**
 * The picture on its blocks, `samples` pixels read along each side of a block (see eachSample):
 * each block's color on white, summed over the pixels read, and how many were. `visit(p, k)` is
 * called for every pixel read too, to sum what a result shows there.
 */
function readBlocks(
  image: RasterImage,
  grid: BlockGrid,
  samples: number,
  visit?: (p: number, k: number) => void,
): { picture: Float64Array; count: Float64Array } {
  const { data } = image;
  const picture = new Float64Array(grid.gw * grid.gh * 3);
  const count = new Float64Array(grid.gw * grid.gh);
  eachSample(image, grid, samples, (p, k) => {
    const o = p * 4;
    const a = data[o + 3] / 255;
    picture[k * 3] += data[o] * a + 255 * (1 - a);
    picture[k * 3 + 1] += data[o + 1] * a + 255 * (1 - a);
    picture[k * 3 + 2] += data[o + 2] * a + 255 * (1 - a);
    visit?.(p, k);
    count[k]++;
  });
  return { picture, count };
}

/** A gray's OKLab (sRGB level 0-255): a lightness, the cube root of its linear light, and no hue. */
function grayOklab(level: number, out: Float64Array): void {
  out[0] = Math.cbrt(srgbToLinear(level));
  out[1] = 0;
  out[2] = 0;
}

/** Squared distance of two OKLab colors. */
function distance2(a: Float64Array, b: Float64Array): number {
  return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
}

/** Blocks around a block (each way) whose lightest is the paper it lies on. */
const PAPER_REACH = 4;

/** Each block's paper: the highest luminance among the blocks within PAPER_REACH of it. */
function localPaper(rgb: Float64Array, gw: number, gh: number): Float64Array {
  const n = gw * gh;
  const level = new Float64Array(n);
  for (let b = 0; b < n; b++) level[b] = luminance(rgb[b * 3], rgb[b * 3 + 1], rgb[b * 3 + 2]);
  const across = new Float64Array(n);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      let most = 0;
      for (let k = Math.max(0, x - PAPER_REACH); k <= Math.min(gw - 1, x + PAPER_REACH); k++)
        most = Math.max(most, level[y * gw + k]);
      across[y * gw + x] = most;
    }
  }
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      let most = 0;
      for (let k = Math.max(0, y - PAPER_REACH); k <= Math.min(gh - 1, y + PAPER_REACH); k++)
        most = Math.max(most, across[k * gw + x]);
      level[y * gw + x] = most;
    }
  }
  return level;
}

/**
 * Stretches the blocks' colors (3 a block) so that the picture's dark ink (its darkest 5 %, when
 * at most DARK_INK) is black and its light paper (its lightest 5 %, when at least LIGHT_PAPER)
 * is white, as black and white shows them.
 */
function stretchLevels(rgb: Float64Array): void {
  const n = rgb.length / 3;
  const counts = new Uint32Array(256);
  for (let b = 0; b < n; b++) {
    const level = luminance(rgb[b * 3], rgb[b * 3 + 1], rgb[b * 3 + 2]);
    counts[Math.max(0, Math.min(255, Math.round(level)))]++;
  }
  let dark = 0;
  for (let seen = counts[0]; seen < 0.05 * n; seen += counts[++dark]);
  let light = 255;
  for (let seen = counts[255]; seen < 0.05 * n; seen += counts[--light]);
  const lo = dark <= DARK_INK ? dark : 0;
  const hi = light >= LIGHT_PAPER ? light : 255;
  if (hi - lo <= 0) return;
  for (let i = 0; i < rgb.length; i++) rgb[i] = Math.max(0, Math.min(255, ((rgb[i] - lo) * 255) / (hi - lo)));
}

/**
 * The mean over each block and its neighbours (clipped at the edges) of `channels` values a
 * block, summed over `count` pixels a block: per-pixel means, blurred. Summed along rows, then
 * down columns.
 */
function blur3(
  sums: Float64Array,
  count: Float64Array,
  gw: number,
  gh: number,
  channels: 1 | 3,
): Float64Array {
  const rows = sum3(sums, count, gw, gh, channels, 1);
  const both = sum3(rows.sums, rows.count, gw, gh, channels, gw);
  const out = both.sums;
  for (let b = 0; b < count.length; b++)
    for (let c = 0; c < channels; c++) out[b * channels + c] /= both.count[b];
  return out;
}

/**
 * Each block's sums and count with those of its neighbours `step` blocks away either side (1:
 * along its row, gw: down its column), clipped at the edges; each block's sums in variables of
 * their own, as this runs on every block of a small picture, twice for each palette compared.
 */
function sum3(
  sums: Float64Array,
  count: Float64Array,
  gw: number,
  gh: number,
  channels: 1 | 3,
  step: number,
): { sums: Float64Array; count: Float64Array } {
  const out = new Float64Array(sums.length);
  const outCount = new Float64Array(count.length);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const b = y * gw + x;
      const first = step === 1 ? x === 0 : y === 0;
      const last = step === 1 ? x + 1 === gw : y + 1 === gh;
      const from = first ? b : b - step;
      const to = last ? b : b + step;
      let n = 0;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      for (let k = from; k <= to; k += step) {
        n += count[k];
        const o = k * channels;
        s0 += sums[o];
        if (channels === 3) {
          s1 += sums[o + 1];
          s2 += sums[o + 2];
        }
      }
      outCount[b] = n;
      const o = b * channels;
      out[o] = s0;
      if (channels === 3) {
        out[o + 1] = s1;
        out[o + 2] = s2;
      }
    }
  }
  return { sums: out, count: outCount };
}
