import { forEachArea } from '../areas.js';
import { otsu } from './levels.js';

/** Blocks across a page's short side: coarse enough to see the paper, not its text. */
const BLOCKS_ACROSS = 48;
/** How far (in blocks) the page is eroded to cut a bright patch of the table off it. */
const OPENING = 3;
/** Least difference between the paper's and the surface's mean brightness (0-255). */
const MIN_GAP = 50;
/** Least share of the blocks the page covers. */
const MIN_PAGE = 0.1;
/** Least share of the blocks the surface covers: a margin thinner than this is left as it is. */
const MIN_SURFACE = 0.03;
/**
 * Least share of surface blocks inside the surface (all four neighbours surface too): a table is
 * broad, where a rule or a grid that runs to the picture's edge is a line of blocks.
 */
const MIN_BROAD = 0.5;
/**
 * Least share of the picture's border blocks on the surface: a table lies all around a page, where
 * a dark band along one edge of a scan (a masthead, a photo to the edge) is the page's own.
 */
const MIN_AROUND = 0.6;
/**
 * Least step across the page's edge, as a share of the paper-to-surface gap (the median over
 * neighbouring page and surface blocks): a page's edge is sharp, a shadow across paper is a
 * gradual slope and stays paper.
 */
const MIN_STEP = 0.5;

/**
 * Clears the ink `levels` of the surface a photographed page lies on (a table, a desk, the dark
 * around a scan): it is read as paper. A picture that shows no such surface is left as it is.
 * On a coarse grid of blocks, each block's brightness is its brightest pixel (the paper between a
 * block's letters, not their ink), split by Otsu's method. The page is the largest bright area
 * (see `pageBlocks`); the surface is every other block joined to the picture's border, cleared
 * only when it is broad, runs along most of the border, is much darker than the paper and meets
 * it at a sharp edge. Along the page's edge the mask follows the pixels: those darker than the
 * split are surface, the paper and its ink are kept.
 */
export function whitenSurface(levels: Uint8Array, lum: Uint8Array, width: number, height: number): void {
  const size = Math.max(8, Math.floor(Math.min(width, height) / BLOCKS_ACROSS));
  // Each column's block.
  const blockX = Int32Array.from({ length: width }, (_, x) => (x / size) | 0);
  const bw = Math.ceil(width / size);
  const bh = Math.ceil(height / size);
  const nb = bw * bh;
  const brightest = new Uint8Array(nb);
  for (let y = 0; y < height; y++) {
    const row = ((y / size) | 0) * bw;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const b = row + blockX[x];
      if (lum[i] > brightest[b]) brightest[b] = lum[i];
    }
  }
  const histogram = new Float64Array(256);
  for (let b = 0; b < nb; b++) histogram[brightest[b]]++;
  const split = otsu(histogram);
  let paperSum = 0;
  let paperN = 0;
  let surfaceSum = 0;
  for (let v = 0; v < 256; v++) {
    if (v > split) {
      paperSum += v * histogram[v];
      paperN += histogram[v];
    } else surfaceSum += v * histogram[v];
  }
  if (paperN === 0 || paperN === nb) return;
  const gap = paperSum / paperN - surfaceSum / (nb - paperN);
  const bright = new Uint8Array(nb);
  for (let b = 0; b < nb; b++) bright[b] = brightest[b] > split ? 1 : 0;
  const page = pageBlocks(bright, bw, bh);
  const surface = outside(page, bw, bh);
  let surfaceN = 0;
  let pageN = 0;
  let broad = 0;
  const steps: number[] = [];
  for (let b = 0; b < nb; b++) {
    if (page[b]) pageN++;
    if (!surface[b]) continue;
    surfaceN++;
    const x = b % bw;
    const y = (b / bw) | 0;
    let all = true;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ]) {
      if (nx < 0 || ny < 0 || nx >= bw || ny >= bh) continue;
      const q = ny * bw + nx;
      if (!surface[q]) all = false;
      if (page[q]) steps.push(brightest[q] - brightest[b]);
    }
    if (all) broad++;
  }
  steps.sort((a, b) => a - b);
  const step = steps.length > 0 ? steps[steps.length >> 1] : 0;
  let edge = 0;
  for (let x = 0; x < bw; x++) edge += surface[x] + surface[(bh - 1) * bw + x];
  for (let y = 1; y < bh - 1; y++) edge += surface[y * bw] + surface[y * bw + bw - 1];
  const found =
    gap >= MIN_GAP &&
    pageN >= MIN_PAGE * nb &&
    surfaceN >= MIN_SURFACE * nb &&
    broad >= MIN_BROAD * surfaceN &&
    step >= MIN_STEP * gap &&
    edge >= MIN_AROUND * (2 * bw + 2 * bh - 4);
  if (!found) return;
  // Surface blocks are cleared whole; in the blocks beside them (the page's edge), the pixels
  // darker than the split.
  const near = spread(surface, bw, bh, 1, 1);
  for (let y = 0; y < height; y++) {
    const row = ((y / size) | 0) * bw;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const b = row + blockX[x];
      if (surface[b] || (near[b] && lum[i] <= split)) levels[i] = 0;
    }
  }
}

/** The largest 4-connected area of a block mask. */
function largest(mask: Uint8Array, bw: number, bh: number): Uint8Array {
  const keys = new Int8Array(mask.length);
  for (let b = 0; b < mask.length; b++) keys[b] = mask[b] ? 1 : -1;
  const area = new Int32Array(mask.length);
  let count = 0;
  let best = -1;
  let bestSize = 0;
  forEachArea(
    bw,
    bh,
    keys,
    ({ size }) => {
      if (size > bestSize) {
        bestSize = size;
        best = count;
      }
      count++;
    },
    (b) => {
      area[b] = count;
    },
  );
  const out = new Uint8Array(mask.length);
  for (let b = 0; b < mask.length; b++) out[b] = mask[b] && area[b] === best ? 1 : 0;
  return out;
}

/**
 * The page's blocks: the largest bright area with its holes filled (a dark picture on the page,
 * dense print), opened (eroded, its largest part kept, grown back within itself) so that a bright
 * patch of the table joined to it by a neck (a lamp's glare on varnished wood) is left out.
 */
function pageBlocks(bright: Uint8Array, bw: number, bh: number): Uint8Array {
  const page = outside(largest(bright, bw, bh), bw, bh).map((out) => 1 - out);
  const core = largest(spread(page, bw, bh, OPENING, 0), bw, bh);
  if (!core.includes(1)) return page;
  const opened = spread(core, bw, bh, OPENING, 1);
  for (let b = 0; b < opened.length; b++) opened[b] &= page[b];
  return opened;
}

/**
 * A block mask eroded (`value` 0: a block stays when every block within `r` is set; the grid's
 * outside counts as set) or grown (`value` 1: a block is set when any block within `r` is).
 */
function spread(mask: Uint8Array, bw: number, bh: number, r: number, value: 0 | 1): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      let hit = false;
      for (let ny = Math.max(0, y - r); ny <= Math.min(bh - 1, y + r) && !hit; ny++) {
        for (let nx = Math.max(0, x - r); nx <= Math.min(bw - 1, x + r); nx++) {
          if (mask[ny * bw + nx] === value) {
            hit = true;
            break;
          }
        }
      }
      out[y * bw + x] = value === 1 ? (hit ? 1 : 0) : hit ? 0 : 1;
    }
  }
  return out;
}

/** The blocks outside the page: not page, and joined to the grid's border through blocks that are not page. */
function outside(page: Uint8Array, bw: number, bh: number): Uint8Array {
  const nb = bw * bh;
  const out = new Uint8Array(nb);
  const stack = new Int32Array(nb);
  let top = 0;
  const push = (b: number) => {
    if (!page[b] && !out[b]) {
      out[b] = 1;
      stack[top++] = b;
    }
  };
  for (let x = 0; x < bw; x++) {
    push(x);
    push((bh - 1) * bw + x);
  }
  for (let y = 0; y < bh; y++) {
    push(y * bw);
    push(y * bw + bw - 1);
  }
  while (top > 0) {
    const b = stack[--top];
    const x = b % bw;
    if (x > 0) push(b - 1);
    if (x < bw - 1) push(b + 1);
    if (b >= bw) push(b - bw);
    if (b + bw < nb) push(b + bw);
  }
  return out;
}
