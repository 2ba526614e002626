import type { FitPath } from '../geometry/line-fit.js';
import { gradientMean, type Layer, type Segment, type Subpath } from '../model.js';
import type { TraceParams } from '../params.js';
import {
  type Boundaries,
  type Chain,
  findBoundaries,
  labelAt,
  leftPixel,
  OUTSIDE,
  rightPixel,
} from './boundary.js';
import { type FittedChain, fitChain, reversed } from './chain-fit.js';
import { gapFiller } from './gap-filler.js';
import { coverageOf } from './ink.js';
import type { LabelledImage } from './layers.js';
import { paintOrder } from './order.js';

/** Least share of a chain's corners with gray levels for its points to be placed from them. */
const MEASURED = 1 / 3;
/** A chain with fewer placed corners than this follows the picture's share instead of its own. */
const FEW = 8;

/**
 * Cut-out layers: one per color, shapes that never overlap. The boundaries between the labels are
 * cut into chains once (see boundary.ts), each placed from the gray levels and fitted once, and
 * every color's outlines are put together from the chains around it, so two neighbours share
 * their border exactly and holes lie where other colors are. Under them all lies their gap filler
 * (see gap-filler.ts). The background, kept, is a shape of its own (the first shape); removed, or
 * transparent, it is left out. Shapes come in painting order, outermost first.
 */
export function traceCutout(image: LabelledImage, groundLabel: number, params: TraceParams): Layer[] {
  const { labels, map, graph, labelRgb, alpha } = image;
  const { width, height } = map.runs;
  const spare = labelRgb.length / 3 - 1;
  const clear = alpha ? spare : -1;
  // Kept, the background's regions inside the picture are background like the rest of it.
  const merge = !alpha && !params.removeBackground;
  const cls = merge ? labels.map((l) => (l === spare ? groundLabel : l)) : labels;
  const order = paintOrder(map, graph, groundLabel, image.gradients)
    .groups.map((g) => g.label)
    .filter((l) => !(merge && l === spare));
  if (!alpha && !params.removeBackground) order.unshift(groundLabel);
  if (order.length === 0) return [];
  const bounds = findBoundaries(cls, width, height);
  const fitted = fitChains(image, cls, bounds.chains, clear, params);
  const fill = image.fillRgb ?? labelRgb;
  const colorOf = (label: number) => {
    const [r, g, b] = fill.subarray(label * 3, label * 3 + 3);
    return { r: Math.round(r), g: Math.round(g), b: Math.round(b) };
  };
  const layers: Layer[] = [];
  const used = new Uint8Array(bounds.chains.length * 2);
  const around = chainsOf(bounds.chains);
  for (const label of order) {
    const subpaths: Subpath[] = [];
    for (const k of around.get(label) ?? []) {
      const side = bounds.chains[k].left === label ? 0 : 1;
      if (used[k * 2 + side] === 0) subpaths.push(outline(bounds, fitted, used, cls, width, label, k, side));
    }
    const gradient = image.gradients?.[label];
    if (subpaths.length > 0)
      layers.push(
        gradient
          ? { color: gradientMean(gradient), gradient, subpaths }
          : { color: colorOf(label), subpaths },
      );
  }
  const seams = { chains: bounds.chains, fitted, order, labels: cls, width, height, colorOf };
  return [...gapFiller({ ...seams, hasOutside: !merge }), ...layers];
}

/** The chains around every label (either side). */
function chainsOf(chains: Chain[]): Map<number, number[]> {
  const around = new Map<number, number[]>();
  chains.forEach((chain, k) => {
    for (const l of [chain.left, chain.right]) {
      if (l === OUTSIDE) continue;
      const list = around.get(l);
      if (list) list.push(k);
      else around.set(l, [k]);
    }
  });
  return around;
}

/**
 * One closed outline of `label`, from chain k walked with the label on its left (side 0: as the
 * chain runs; 1: backwards). At each junction the walk turns to keep the label on its left, and
 * to its left first, so a color's pixels that meet only at a corner are separate shapes.
 */
function outline(
  { chains, leaving }: Boundaries,
  fitted: FittedChain[],
  used: Uint8Array,
  cls: Uint8Array,
  width: number,
  label: number,
  k0: number,
  side0: number,
): Subpath {
  const height = cls.length / width;
  const segments: Segment[] = [];
  let start = fitted[k0].start;
  let k = k0;
  let back = side0 === 1;
  for (let first = true; ; first = false) {
    used[k * 2 + (back ? 1 : 0)] = 1;
    const part = back ? reversed(fitted[k]) : fitted[k];
    if (first) start = part.start;
    for (const s of part.segments) segments.push(s);
    const chain = chains[k];
    if (chain.closed) break;
    const last = chain.x.length - 1;
    const x = back ? chain.x[0] : chain.x[last];
    const y = back ? chain.y[0] : chain.y[last];
    const d = back ? (chain.startDir + 2) & 3 : chain.endDir;
    const [alx, aly] = leftPixel(x, y, d);
    const [arx, ary] = rightPixel(x, y, d);
    const aheadLeft = labelAt(cls, width, height, alx, aly) === label;
    const aheadRight = labelAt(cls, width, height, arx, ary) === label;
    const turn = aheadLeft ? (aheadRight ? (d + 1) & 3 : d) : (d + 3) & 3;
    const next = leaving.get((y * (width + 1) + x) * 4 + turn);
    if (next === undefined) throw new Error('cutout: an outline does not continue at a junction');
    k = next >> 1;
    back = (next & 1) === 1;
    if (used[k * 2 + (back ? 1 : 0)] === 1) break;
  }
  return { start, segments };
}

/**
 * Every chain placed and fitted once. A point of a chain inside the picture moves from its pixel
 * corner along the chain's normal to where the gray levels of the 2x2 pixels around it put the
 * edge (as outline/subpixel.ts places a path's corners, the coverage read between the two colors as
 * ink.ts reads it); its ends, at the junctions, stay on their corners.
 */
function fitChains(
  image: LabelledImage,
  cls: Uint8Array,
  chains: Chain[],
  clear: number,
  params: TraceParams,
): FittedChain[] {
  const { width, height } = image.map.runs;
  const coverage = coverageOf({
    color: image.color,
    labelRgb: image.labelRgb,
    clear: image.alpha ? { alpha: image.alpha, label: clear } : undefined,
  });
  const placed: { fit: FitPath; gray: number; counted: number }[] = [];
  let grayAll = 0;
  let countedAll = 0;
  for (const chain of chains) {
    const { x: xs, y: ys, closed } = chain;
    const n = xs.length;
    const fx = Float64Array.from(xs);
    const fy = Float64Array.from(ys);
    // Ink is read for an opaque side: against transparency, coverage is alpha.
    const leftIn = chain.left !== clear && chain.left !== OUTSIDE;
    const inside = leftIn ? chain.left : chain.right;
    const outside = leftIn ? chain.right : chain.left;
    let gray = 0;
    let counted = 0;
    const from = closed ? 0 : 1;
    const to = closed ? n : n - 1;
    for (let k = from; k < to && outside !== OUTSIDE && inside !== OUTSIDE; k++) {
      const x = xs[k];
      const y = ys[k];
      if (x < 1 || y < 1 || x >= width || y >= height) continue;
      const a = closed ? (k - 2 + n) % n : Math.max(0, k - 2);
      const b = closed ? (k + 2) % n : Math.min(n - 1, k + 2);
      const dx = xs[b] - xs[a];
      const dy = ys[b] - ys[a];
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len === 0) continue;
      let ink = 0;
      for (let q = 0; q < 4; q++) {
        const p = (y - 1 + (q >> 1)) * width + x - 1 + (q & 1);
        const own = cls[p];
        ink +=
          own === inside
            ? Math.min(1, Math.max(0.5, coverage(p, outside, inside)))
            : Math.min(0.5, Math.max(0, coverage(p, own, inside)));
      }
      counted++;
      if (Math.abs(ink - Math.round(ink)) > 0.05) gray++;
      // The normal towards the outside label: the chain has its left label on its left.
      const sign = leftIn ? 1 : -1;
      const ux = (-sign * dy) / len;
      const uy = (sign * dx) / len;
      const t = ((ink - 2) * Math.max(Math.abs(ux), Math.abs(uy))) / 2;
      const clamped = Math.max(-0.7, Math.min(0.7, t));
      fx[k] = x + clamped * ux;
      fy[k] = y + clamped * uy;
    }
    placed.push({ fit: { x: Array.from(xs), y: Array.from(ys), fx, fy }, gray, counted });
    grayAll += gray;
    countedAll += counted;
  }
  const shareAll = countedAll > 0 ? grayAll / countedAll : 0;
  const fits = placed.map(({ fit, gray, counted }) => {
    const share = counted >= FEW ? gray / counted : shareAll;
    // On aliased edges there is nothing to measure: the chain is fitted on the pixel grid.
    return share >= MEASURED
      ? { fit, measured: true }
      : { fit: { ...fit, fx: Float64Array.from(fit.x), fy: Float64Array.from(fit.y) }, measured: false };
  });
  return fits.map(({ fit, measured }, k) => fitChain(fit, chains[k].closed, measured, params));
}
