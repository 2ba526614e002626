import { moveSubpaths } from '../geometry/scale.js';
import { hasThinParts, traceDoubled } from '../ink/fine.js';
import { IDENTITY } from '../ink/ink-map.js';
import { type Gradient, gradientMean, type Layer, type Point, type Subpath } from '../model.js';
import type { Bitmap } from '../outline/bitmap.js';
import type { PixelPath } from '../outline/decompose.js';
import { traceBitmap } from '../outline/trace-bitmap.js';
import { zeroedU8 } from '../outline/work.js';
import type { TraceParams } from '../params.js';

import type { RegionGraph } from './graph.js';
import { type MaskPixels, maskLevels, windowInk } from './ink.js';
import { paintOrder } from './order.js';
import { type RegionMap, regionAt, runsByRegion } from './regions.js';
import { isSmaller, type ResultSize, sizeOf } from './size.js';

/** A picture cut into labelled regions, with its pixels (0xRRGGBB) and each label's color. */
export interface LabelledImage {
  color: Uint32Array;
  /** Every pixel's alpha when the picture has transparent pixels (then the background label). */
  alpha?: Uint8Array;
  /** Final palette label of every pixel. */
  labels: Uint8Array;
  map: RegionMap;
  graph: RegionGraph;
  /** sRGB of every label, 3 numbers per label: what its edges are placed from. */
  labelRgb: Float64Array;
  /** The color every label is painted in, when not its own (a palette asked for). */
  fillRgb?: Float64Array;
  /** Whether the picture is clean art, without grain: every thin line in it is drawn. */
  clean?: boolean;
  /** The gradient every shaded label is painted with (see gradients.ts). */
  gradients?: (Gradient | undefined)[];
}

/**
 * Traces the layers in painting order (see `paintOrder`). A layer's mask also takes in every
 * region painted after it that it reaches through such regions, so a layer runs on under its
 * neighbours above: adjacent regions overlap instead of meeting at a hairline, and what lies on
 * a layer cuts no hole in it. Given the size of another result, the trace stops once that result
 * is smaller than the layers so far (see `isSmaller`): the rest could only add to them, and what
 * it gives is then a part, already the larger.
 */
export function traceLayers(
  image: LabelledImage,
  groundLabel: number,
  params: TraceParams,
  beaten?: ResultSize,
): Layer[] {
  const { map, graph } = image;
  // Regions under the least region's size, kept as pieces of a thin diagonal line or as dots, are
  // painted on top of the layers around them (see `paintOrder`): through holes in those they came
  // out shrunk or not at all. Larger ones keep their place: lifted, a dashed rule on a fill lost the
  // fill's finer grid, and its edges moved. On clean art only: in a scan's or a JPEG's grain, small
  // specks inside a fill are noise, which a hole drops and a layer on top would draw.
  const lift = image.clean ? params.minRegion : 0;
  const { groups, rank } = paintOrder(map, graph, groundLabel, image.gradients, lift);
  const members = runsByRegion(map);
  const stamp = new Int32Array(map.count);
  const queue = new Int32Array(map.count);
  const layerParams = { ...params, turdsize: Math.max(params.turdsize, params.minRegion - 1) };
  const layers: Layer[] = [];
  const size = { shapes: 0, weight: 0 };
  for (let k = 0; k < groups.length; k++) {
    const { label, regions, lifted } = groups[k];
    if (beaten && isSmaller(beaten, size)) break;
    let end = 0;
    for (const r of regions) {
      stamp[r] = k + 1;
      queue[end++] = r;
    }
    const gradient = image.gradients?.[label];
    // A shaded layer, painted first, keeps to its own outline (see shadeMask).
    const later = gradient ? (x: number, y: number) => rank[regionAt(map, x, y)] > k : undefined;
    if (!later) {
      for (let head = 0; head < end; head++) {
        const r = queue[head];
        // A lifted region is covered by the layers around it, and leads no further: run on through
        // it under their neighbours, a layer's edge moved (a pie chart's, a house's: mean error up
        // by a tenth to a quarter of a level).
        if (head >= regions.length && groups[rank[r]].lifted) continue;
        for (let e = graph.start[r]; e < graph.start[r + 1]; e++) {
          const s = graph.next[e];
          if (stamp[s] !== k + 1 && rank[s] >= k) {
            stamp[s] = k + 1;
            queue[end++] = s;
          }
        }
      }
    }
    // A lifted layer draws every one of its regions, however small: each was kept on purpose.
    const own = lifted ? (r: number) => rank[r] === k : undefined;
    const subpaths = traceMask(image, members, queue.subarray(0, end), layerParams, groundLabel, later, own);
    if (subpaths.length === 0) continue;
    const [r, g, b] = (image.fillRgb ?? image.labelRgb).subarray(label * 3, label * 3 + 3);
    const layer = gradient
      ? { color: gradientMean(gradient), gradient, subpaths }
      : { color: { r: Math.round(r), g: Math.round(g), b: Math.round(b) }, subpaths };
    layers.push(layer);
    sizeOf([layer], size);
  }
  return layers;
}

/**
 * Traces the union of the given regions, cropped to their bounding box plus a one-pixel margin
 * (so every window around an edge is still there for edge placement), and moves the outlines
 * back into place. A mask with much of it thin (see `hasThinParts`) is traced on a grid twice as
 * fine: a one-pixel rule or gap keeps its place and width instead of being pinched and shifted.
 */
function traceMask(
  image: LabelledImage,
  members: { start: Int32Array; runs: Int32Array },
  regions: Int32Array,
  params: TraceParams,
  groundLabel: number,
  later?: (x: number, y: number) => boolean,
  own?: (region: number) => boolean,
): Subpath[] {
  const { color, alpha, labels, map, labelRgb } = image;
  const { runs, box } = map;
  const { width, height } = runs;
  let x0 = width;
  let y0 = height;
  let x1 = 0;
  let y1 = 0;
  for (const r of regions) {
    x0 = Math.min(x0, box[r * 4]);
    y0 = Math.min(y0, box[r * 4 + 1]);
    x1 = Math.max(x1, box[r * 4 + 2]);
    y1 = Math.max(y1, box[r * 4 + 3]);
  }
  // A shaded mask grows by a pixel (see shadeMask): its windows need one more.
  const margin = later ? 2 : 1;
  x0 = Math.max(0, x0 - margin);
  y0 = Math.max(0, y0 - margin);
  const cw = Math.min(width, x1 + 1 + margin) - x0;
  const ch = Math.min(height, y1 + 1 + margin) - y0;
  const bits = zeroedU8('layer mask', cw * ch);
  for (const r of regions) {
    for (let k = members.start[r]; k < members.start[r + 1]; k++) {
      const run = members.runs[k];
      const row = (runs.y[run] - y0) * cw - x0;
      fillRun(bits, row + runs.x0[run], row + runs.x1[run]);
    }
  }
  if (later) shadeMask(bits, cw, ch, (i) => later(x0 + (i % cw), y0 + Math.floor(i / cw)));
  const bitmap: Bitmap = { width: cw, height: ch, bits };
  const mask: MaskPixels = {
    crop: { bits, x0, y0, width: cw, height: ch },
    imageWidth: width,
    color,
    labels,
    labelRgb,
    clear: alpha ? { alpha, label: groundLabel } : undefined,
  };
  // Speckles go, but for the dots kept on purpose (a stipple dot, an i's dot) and a lifted layer's
  // own regions.
  const keep = (path: PixelPath, x: number, y: number) => {
    if (path.sign !== '+') return false;
    const region = regionAt(map, x0 + x, y0 + y);
    return map.dot?.[region] === 1 || own?.(region) === true;
  };
  // On the finer grid a small region kept whole (a decimal point of a few faint pixels) may cover
  // fewer fine pixels than the finer grid's speckle size: it is kept too.
  const keepFine = (path: PixelPath, x: number, y: number) => {
    if (keep(path, x, y)) return true;
    const area = map.area[regionAt(map, x0 + x, y0 + y)];
    return path.sign === '+' && area >= params.minRegion && area < SMALL_MARK * params.minRegion;
  };
  // Thin strokes, or thin gaps where a layer beneath shows: traced on a grid twice as fine, the
  // mask's coverage interpolated, as black and white traces its thin strokes (see ink/fine.ts).
  if (params.finerGrid && hasThinParts(bitmap, image.clean)) {
    return pixelDots(
      traceDoubled(
        { width: cw, height: ch, values: maskLevels(mask), table: IDENTITY, cut: 0.5, document: false },
        0.5,
        { ...params, turdsize: 4 * params.turdsize, keep: keepFine },
        {},
        { x: x0, y: y0 },
      ),
    );
  }
  const traced = traceBitmap(bitmap, { ...params, keep }, windowInk(mask));
  return pixelDots(x0 === 0 && y0 === 0 ? traced : moveSubpaths(traced, 1, x0, y0));
}

/**
 * Regions under this many times the least region are small marks, kept whole on the finer grid.
 * Larger ones keep only their fine outlines above the speckle size there: kept too, the fine specks
 * along a larger region's faint rim (an engraving's gray edges) came out as ragged fragments, and the
 * engraving's SVG twice the size.
 */
const SMALL_MARK = 4;

/** Largest extent (px) of an outline that is a single pixel's: a dot kept on purpose, or a hole. */
const PIXEL_DOT = 1.5;

/**
 * Outlines of a single pixel as that pixel's square, wound as they were. Fitted with curves, a
 * pixel comes out as a rounded diamond inside it, a quarter covered: a dotted line's black dots
 * turned light gray.
 */
function pixelDots(subpaths: Subpath[]): Subpath[] {
  return subpaths.map((subpath) => {
    if (subpath.open) return subpath;
    // The extent, read until it is a pixel's no more: most outlines are far larger.
    let x0 = subpath.start.x;
    let x1 = x0;
    let y0 = subpath.start.y;
    let y1 = y0;
    for (const { to } of subpath.segments) {
      x0 = Math.min(x0, to.x);
      x1 = Math.max(x1, to.x);
      y0 = Math.min(y0, to.y);
      y1 = Math.max(y1, to.y);
      if (x1 - x0 >= PIXEL_DOT || y1 - y0 >= PIXEL_DOT) return subpath;
    }
    const points = [subpath.start, ...subpath.segments.map((s) => s.to)];
    let area = 0;
    for (let k = 0; k < points.length; k++) {
      const a = points[k];
      const b = points[(k + 1) % points.length];
      area += a.x * b.y - b.x * a.y;
    }
    const x = Math.floor((x0 + x1) / 2);
    const y = Math.floor((y0 + y1) / 2);
    const corners = [
      { x: x + 1, y },
      { x: x + 1, y: y + 1 },
      { x, y: y + 1 },
      { x, y },
    ];
    if (area < 0) corners.reverse().push(corners.shift() as Point);
    return { start: { x, y }, segments: corners.map((to) => ({ kind: 'line' as const, to })) };
  });
}

/**
 * A shaded layer's mask, painted before every flat layer: its holes filled where all they hold is
 * painted after it (not where transparency or an earlier layer shows through), and its edge grown
 * by a pixel under what is painted after it, so that a flat neighbour's edge lies over the shading
 * instead of meeting it at a hairline. Spread no further, it keeps to its own outline; spread as
 * far as flat layers do (under every later region it reaches), each shaded layer traced the whole
 * picture's outline again.
 */
function shadeMask(bits: Uint8Array, cw: number, ch: number, later: (i: number) => boolean): void {
  const n = cw * ch;
  // What is outside: the zero pixels 4-connected to the crop's border.
  const seen = new Uint8Array(n);
  const stack: number[] = [];
  const visit = (i: number) => {
    if (bits[i] === 0 && seen[i] === 0) {
      seen[i] = 1;
      stack.push(i);
    }
  };
  const flood = () => {
    const component: number[] = [];
    while (stack.length > 0) {
      const i = stack.pop() as number;
      component.push(i);
      const x = i % cw;
      if (x > 0) visit(i - 1);
      if (x + 1 < cw) visit(i + 1);
      if (i >= cw) visit(i - cw);
      if (i + cw < n) visit(i + cw);
    }
    return component;
  };
  for (let x = 0; x < cw; x++) {
    visit(x);
    visit(n - cw + x);
  }
  for (let y = 0; y < ch; y++) {
    visit(y * cw);
    visit(y * cw + cw - 1);
  }
  flood();
  for (let i = 0; i < n; i++) {
    if (bits[i] !== 0 || seen[i] !== 0) continue;
    visit(i);
    const hole = flood();
    if (hole.every(later)) for (const h of hole) bits[h] = 1;
  }
  // One pixel on under the later neighbours.
  const grown: number[] = [];
  for (let i = 0; i < n; i++) {
    if (bits[i] !== 0) continue;
    const x = i % cw;
    const beside =
      (x > 0 && bits[i - 1] === 1) ||
      (x + 1 < cw && bits[i + 1] === 1) ||
      (i >= cw && bits[i - cw] === 1) ||
      (i + cw < n && bits[i + cw] === 1);
    if (beside && later(i)) grown.push(i);
  }
  for (const i of grown) bits[i] = 1;
}

/** Sets bits from..to-1: most runs are a few pixels, for which a loop beats the call to `fill`. */
function fillRun(bits: Uint8Array, from: number, to: number): void {
  if (to - from > 16) bits.fill(1, from, to);
  else for (let i = from; i < to; i++) bits[i] = 1;
}
