import { forEachArea } from '../geometry/areas.js';
import { otsu } from './levels.js';

/** Blocks across a page's short side: coarse enough to see the paper, not its text. */
const BLOCKS_ACROSS = 48;
/** How far (in blocks) the page is eroded to cut a bright patch of the table off it. */
const OPENING = 3;
/** Least difference between the paper's and the surface's mean brightness (0-255). */
const MIN_GAP = 50;
/** Least share of the blocks the page covers. */
const MIN_PAGE = 0.1;
/** Least share of the blocks a surface all around the page covers (a thin margin counts by MIN_SIDE). */
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
 * A thin margin of surface (a page photographed close, a scan's dark edge) counts when it runs
 * along this share of two of the picture's sides: a masthead runs along one.
 */
const MIN_SIDE = 0.9;
/**
 * Least step across the page's edge, as a share of the paper-to-surface gap (the median over
 * neighbouring page and surface blocks): a page's edge is sharp, a shadow across paper is a
 * gradual slope and stays paper.
 */
const MIN_STEP = 0.5;
/** How far (in pixels) the shade of a page's edge reaches onto the page. */
const EDGE_SHADE = 3;

/** The surface a photographed page lies on, found by `findSurface`. */
export interface Surface {
  width: number;
  height: number;
  grid: BlockGrid;
  /** 1 for each block of the surface. */
  blocks: Uint8Array;
  /** 1 for each block of the page's edge: beside the surface or along the picture's border. */
  edge: Uint8Array;
  /** Each block's paper: its own brightest pixel, or on the surface the nearest page block's. */
  paper: Uint8Array;
  /** In the page's edge, 1 for each pixel of the surface. */
  pixels: Uint8Array;
}

/**
 * Finds the surface a photographed page lies on (a table, a desk, the dark around a scan), or
 * undefined when the picture shows none. On a coarse grid of blocks, each block's brightness is
 * its brightest pixel (the paper between a block's letters, not their ink), split by Otsu's
 * method; on a page lit unevenly that split can fall between the paper's light and shade, and the
 * darker part is split again. The page is the largest bright area (see `pageBlocks`); the surface
 * is every other block joined to the picture's border, taken only when it is much darker than the
 * paper, meets it at a sharp edge, and either is broad and runs along most of the border or runs
 * along two whole sides. Along the page's edge the surface follows the pixels: those nearly as
 * dark as it and joined to it; the paper, its shaded edge and its ink are kept.
 */
export function findSurface(lum: Uint8Array, width: number, height: number): Surface | undefined {
  const grid = blockGrid(lum, width, height);
  const histogram = new Float64Array(256);
  for (const v of grid.brightest) histogram[v]++;
  const split = otsu(histogram);
  const found = surfaceAt(grid, histogram, split, false);
  if (found) return surfacePixels(lum, grid, found);
  const lower = otsu(histogram.map((count, v) => (v <= split ? count : 0)));
  const shade = lower >= 0 ? surfaceAt(grid, histogram, lower, true) : undefined;
  return shade && surfacePixels(lum, grid, shade);
}

interface BlockGrid {
  /** A block's side, in pixels. */
  size: number;
  bw: number;
  bh: number;
  /** Each pixel column's block column, and each pixel row's block row. */
  blockX: Int32Array;
  blockY: Int32Array;
  /** Each block's brightest pixel. */
  brightest: Uint8Array;
}

function blockGrid(lum: Uint8Array, width: number, height: number): BlockGrid {
  const size = Math.max(8, Math.floor(Math.min(width, height) / BLOCKS_ACROSS));
  const blockX = new Int32Array(width);
  for (let x = 0; x < width; x++) blockX[x] = (x / size) | 0;
  const blockY = new Int32Array(height);
  for (let y = 0; y < height; y++) blockY[y] = (y / size) | 0;
  const bw = Math.ceil(width / size);
  const bh = Math.ceil(height / size);
  const brightest = new Uint8Array(bw * bh);
  for (let y = 0; y < height; y++) {
    for (let bx = 0, b = blockY[y] * bw; bx < bw; bx++, b++) {
      let most = brightest[b];
      for (let i = y * width + bx * size, end = y * width + Math.min(width, (bx + 1) * size); i < end; i++) {
        if (lum[i] > most) most = lum[i];
      }
      brightest[b] = most;
    }
  }
  return { size, bw, bh, blockX, blockY, brightest };
}

/**
 * The surface's blocks when the blocks at or below `split` show one (see `findSurface`), and the
 * luminance at or below which a pixel beside them is surface: the split, or when it divides the
 * page's own shade from the surface (`shaded`), half way from the dark blocks' mean brightness to
 * it, so that the shade along the page's edge stays paper.
 */
function surfaceAt(
  grid: BlockGrid,
  histogram: Float64Array,
  split: number,
  shaded: boolean,
): { blocks: Uint8Array; dark: number } | undefined {
  const { bw, bh, brightest } = grid;
  const nb = bw * bh;
  let paperSum = 0;
  let paperN = 0;
  let surfaceSum = 0;
  for (let v = 0; v < 256; v++) {
    if (v > split) {
      paperSum += v * histogram[v];
      paperN += histogram[v];
    } else surfaceSum += v * histogram[v];
  }
  if (paperN === 0 || paperN === nb) return undefined;
  const darkMean = surfaceSum / (nb - paperN);
  const gap = paperSum / paperN - darkMean;
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
  // The share of each side's blocks on the surface: top, bottom, left, right.
  const sides = [
    count(bw, (x) => surface[x]) / bw,
    count(bw, (x) => surface[(bh - 1) * bw + x]) / bw,
    count(bh, (y) => surface[y * bw]) / bh,
    count(bh, (y) => surface[y * bw + bw - 1]) / bh,
  ];
  const border = (sides[0] + sides[1]) * bw + (sides[2] + sides[3]) * bh;
  const around =
    surfaceN >= MIN_SURFACE * nb && broad >= MIN_BROAD * surfaceN && border >= MIN_AROUND * 2 * (bw + bh);
  const margin = sides.filter((share) => share >= MIN_SIDE).length >= 2;
  const found = gap >= MIN_GAP && pageN >= MIN_PAGE * nb && step >= MIN_STEP * gap && (around || margin);
  return found ? { blocks: surface, dark: shaded ? (darkMean + split) / 2 : split } : undefined;
}

function count(n: number, set: (i: number) => number): number {
  let c = 0;
  for (let i = 0; i < n; i++) c += set(i);
  return c;
}

/**
 * The surface's pixels: its blocks whole, and in the blocks beside them or along the picture's
 * border (the page's edge) the pixels at or below `dark` joined to them.
 */
function surfacePixels(
  lum: Uint8Array,
  grid: BlockGrid,
  { blocks, dark }: { blocks: Uint8Array; dark: number },
): Surface {
  const { bw, bh, blockX } = grid;
  const width = blockX.length;
  const height = lum.length / width;
  // Along the picture's border a margin of surface thinner than a block can run.
  const edge = spread(blocks, bw, bh, 1, 1);
  for (let x = 0; x < bw; x++) edge[x] = edge[(bh - 1) * bw + x] = 1;
  for (let y = 0; y < bh; y++) edge[y * bw] = edge[y * bw + bw - 1] = 1;
  for (let b = 0; b < edge.length; b++) edge[b] &= 1 - blocks[b];
  const pixels = new Uint8Array(lum.length);
  const surface: Surface = { width, height, grid, blocks, edge, paper: nearestPaper(grid, blocks), pixels };
  // A thin margin starts at the picture's border.
  const border = (i: number) => {
    if (edge[blockOf(surface, i)] && lum[i] <= dark) pixels[i] = 1;
  };
  for (let x = 0; x < width; x++) {
    border(x);
    border((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    border(y * width);
    border(y * width + width - 1);
  }
  flood(
    surface,
    (j) => !pixels[j] && lum[j] <= dark,
    (j) => {
      pixels[j] = 1;
    },
    Number.POSITIVE_INFINITY,
  );
  return surface;
}

function blockOf({ width, grid }: Surface, i: number): number {
  return grid.blockY[(i / width) | 0] * grid.bw + grid.blockX[i % width];
}

/** Whether pixel `i` is on the surface. */
export function onSurface(surface: Surface, i: number): boolean {
  return surface.pixels[i] === 1 || surface.blocks[blockOf(surface, i)] === 1;
}

/** Calls `stretch` for each row's run of pixels in one block: indices i0 to i1 (exclusive), block b. */
function forEachStretch(
  { width, height, grid }: Surface,
  stretch: (i0: number, i1: number, b: number) => void,
): void {
  const { size, bw } = grid;
  for (let y = 0; y < height; y++) {
    const row = grid.blockY[y] * bw;
    for (let bx = 0; bx < bw; bx++) {
      const i0 = y * width + bx * size;
      stretch(i0, y * width + Math.min(width, (bx + 1) * size), row + bx);
    }
  }
}

/**
 * Visits the pixels of the page's edge joined to the surface through pixels that pass `joins`,
 * up to `reach` pixels from it, each once (`visit` must make it fail `joins`).
 */
function flood(
  surface: Surface,
  joins: (p: number) => boolean,
  visit: (p: number) => void,
  reach: number,
): void {
  const { width, height, grid, edge, blocks, pixels } = surface;
  const { size, bw } = grid;
  const front: number[] = [];
  for (let b = 0; b < edge.length; b++) {
    if (!edge[b]) continue;
    const x0 = (b % bw) * size;
    const y0 = ((b / bw) | 0) * size;
    const x1 = Math.min(width, x0 + size);
    const y1 = Math.min(height, y0 + size);
    // Which of the blocks around are surface: the pixels beside them within this block touch it.
    const left = x0 > 0 && blocks[b - 1] === 1;
    const right = x1 < width && blocks[b + 1] === 1;
    const up = y0 > 0 && blocks[b - bw] === 1;
    const down = y1 < height && blocks[b + bw] === 1;
    for (let y = y0; y < y1; y++) {
      for (let x = x0, i = y * width + x0; x < x1; x++, i++) {
        if (!joins(i)) continue;
        const touches =
          (x > 0 && (pixels[i - 1] === 1 || (x === x0 && left))) ||
          (x < width - 1 && (pixels[i + 1] === 1 || (x === x1 - 1 && right))) ||
          (y > 0 && (pixels[i - width] === 1 || (y === y0 && up))) ||
          (y < height - 1 && (pixels[i + width] === 1 || (y === y1 - 1 && down)));
        if (touches) front.push(i);
      }
    }
  }
  // Breadth first, a ring of pixels at a time; each pixel of the page's edge joins at most once.
  const queue = new Int32Array(count(edge.length, (b) => edge[b]) * size * size);
  let tail = 0;
  for (const i of front) {
    visit(i);
    queue[tail++] = i;
  }
  let head = 0;
  for (let step = 1; step < reach && head < tail; step++) {
    const ring = tail;
    for (; head < ring; head++) {
      const i = queue[head];
      const y = (i / width) | 0;
      const x = i - y * width;
      for (let k = 0; k < 4; k++) {
        const nx = k === 0 ? x - 1 : k === 1 ? x + 1 : x;
        const ny = k === 2 ? y - 1 : k === 3 ? y + 1 : y;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const j = ny * width + nx;
        if (!edge[grid.blockY[ny] * bw + grid.blockX[nx]] || !joins(j)) continue;
        visit(j);
        queue[tail++] = j;
      }
    }
  }
}

/** Each block's paper: its own brightest pixel, or on the surface the nearest page block's. */
function nearestPaper({ bw, brightest }: BlockGrid, surface: Uint8Array): Uint8Array {
  const fill = new Uint8Array(brightest.length);
  const done = new Uint8Array(brightest.length);
  let front: number[] = [];
  for (let b = 0; b < fill.length; b++) {
    if (surface[b]) continue;
    fill[b] = brightest[b];
    done[b] = 1;
    front.push(b);
  }
  while (front.length > 0) {
    const next: number[] = [];
    for (const b of front) {
      const x = b % bw;
      for (const q of [x > 0 ? b - 1 : -1, x < bw - 1 ? b + 1 : -1, b - bw, b + bw]) {
        if (q < 0 || q >= fill.length || done[q]) continue;
        done[q] = 1;
        fill[q] = fill[b];
        next.push(q);
      }
    }
    front = next;
  }
  return fill;
}

/**
 * The luminance with the surface painted in its paper's brightness: what the local reading sees,
 * so that the page's edge reads as paper and the ink beside it keeps its contrast.
 */
export function paperOver(lum: Uint8Array, surface: Surface): Uint8Array {
  const out = new Uint8Array(lum);
  const { blocks, edge, paper, pixels } = surface;
  forEachStretch(surface, (i0, i1, b) => {
    if (blocks[b]) out.fill(paper[b], i0, i1);
    else if (edge[b]) for (let i = i0; i < i1; i++) if (pixels[i]) out[i] = paper[b];
  });
  return out;
}

/**
 * Clears the ink `levels` (0-255, ink above `cut` 0-1) of the surface, and the ink joined to it
 * within EDGE_SHADE pixels: the page edge's own shade, darker than the paper painted over the
 * surface. A line drawn along the page's edge loses no more than that.
 */
export function clearSurface(levels: Uint8Array, surface: Surface, cut: number): void {
  const { blocks, edge, pixels } = surface;
  forEachStretch(surface, (i0, i1, b) => {
    if (blocks[b]) levels.fill(0, i0, i1);
    else if (edge[b]) for (let i = i0; i < i1; i++) if (pixels[i]) levels[i] = 0;
  });
  flood(
    surface,
    (j) => levels[j] > cut * 255,
    (j) => {
      levels[j] = 0;
    },
    EDGE_SHADE,
  );
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
