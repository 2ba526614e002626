import { squaredDistance } from '../geometry/distance.js';
import { type InkMap, inkMap, shifted, threshold, windowInk } from '../ink/ink-map.js';
import type { Layer, RasterImage, StageTimings, Subpath } from '../model.js';
import type { WindowInk } from '../outline/bitmap.js';
import { traceBitmap } from '../outline/trace-bitmap.js';
import type { TraceParams } from '../params.js';
import { lap } from '../timings.js';
import { bridgeGaps } from './bridges.js';
import { cleanGrid, unpad } from './clean.js';
import { filledParts } from './filled.js';
import { fitPoints } from './fit.js';
import { buildGraph, dropWhere } from './graph.js';
import { type CenterPath, centerPaths } from './paths.js';
import { inkLevels } from './section.js';
import { simplify } from './simplify.js';
import { skeletonize } from './thin.js';
import { byWidth, widthOf } from './widths.js';

const black = { r: 0, g: 0, b: 0 };

/**
 * Centerline mode: open stroked paths along the middle of each stroke (line art, handwriting,
 * sketches, technical drawings), and the ink that is no stroke (blobs, areas much wider than the
 * strokes) as filled outlines. The ink is read as black and white reads it (ink-map.ts), thinned
 * to a skeleton (thin.ts), made a graph of ends and junctions with its spurs pruned (graph.ts),
 * centered on the ink's gray levels and joined at junctions (paths.ts), and fitted with cubics
 * (fit.ts). The stroke width is measured across the strokes, or params.strokeWidth when given.
 */
export function traceCenterline(
  image: RasterImage,
  params: TraceParams,
  timings: StageTimings,
): { layers: Layer[] } {
  let t = performance.now();
  const ink = inkMap(image, params.read);
  const cut = shifted(ink.cut, params.cutShift);
  const bitmap = threshold(ink, cut);
  t = lap(timings, 'threshold', t);

  const grid = cleanGrid(bitmap, params.turdsize, inkBytes(ink));
  const { stride, bits } = grid;
  const dist2 = squaredDistance(bits, stride, bits.length / stride);
  const skel = skeletonize(bits, dist2, stride);
  t = lap(timings, 'thinning', t);

  let graph = buildGraph(skel, dist2, stride);
  simplify(graph);
  const levels = inkLevels(image, ink, bitmap.bits);
  const filled = filledParts(graph, grid, dist2, levels, params.strokeWidth);
  if (filled.mask && filled.thick) {
    // The strokes end where the filled area begins.
    const mask = filled.mask;
    for (let p = 0; p < skel.length; p++) if (mask[p] !== 0) skel[p] = 0;
    graph = buildGraph(skel, dist2, stride);
    simplify(graph);
  } else if (filled.mask) {
    dropWhere(graph, filled.mask);
  }
  t = lap(timings, 'graph', t);

  const paths = centerPaths(graph, levels, {
    cornerTurn: cornerTurn(params),
    width: image.width,
    height: image.height,
    filled: filled.thick ? filled.mask : undefined,
  });
  const joined = bridgeGaps(paths, paths.map(widthOf));
  const tolerance = FIT_BASE + params.opttolerance;
  const strokes = joined.map((path) => ({
    subpath: toSubpath(path, tolerance),
    width: widthOf(path),
    sections: path.widths.length,
  }));
  t = lap(timings, 'curves', t);

  const layers: Layer[] = [];
  for (const group of byWidth(strokes, params.strokeWidth, filled.typical)) {
    layers.push({ color: black, subpaths: group.subpaths, stroke: group.width, fill: false });
  }
  if (filled.mask) {
    const shapes = unpad(filled.mask, image.width, image.height);
    const subpaths = traceBitmap(
      shapes,
      params,
      onlyWhereWhole(windowInk(ink, cut), bitmap.bits, shapes.bits, image.width),
      timings,
    );
    if (subpaths.length > 0) layers.push({ color: black, subpaths });
  }
  lap(timings, 'filled', t);
  return { layers };
}

/** The fit's tolerance (px) over the engine's merge tolerance (0.2 px at the default smoothness). */
const FIT_BASE = 0.15;

/**
 * The turn (radians) over about a stroke width that makes a corner: 60° at the default
 * smoothness, from 44° (smoothness 0) to 70°; none when alphamax leaves no corners (4/3);
 * cornerDetection sharp keeps turns of its angle too.
 */
function cornerTurn(params: TraceParams): number {
  const { alphamax, turn } = params.corners;
  if (alphamax >= 4 / 3) return Number.POSITIVE_INFINITY;
  const degrees = 35 + 25 * (alphamax / 0.95);
  const angle = (degrees * Math.PI) / 180;
  return turn !== undefined ? Math.min(angle, turn) : angle;
}

/** Each pixel's ink level, 0 (paper) to 255 (full ink), as the ink map reads it. */
function inkBytes(ink: InkMap): Uint8Array {
  const { values, table } = ink;
  const out = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = table[values[i]];
  return out;
}

function toSubpath(path: CenterPath, tolerance: number): Subpath {
  const { xs, ys, knots, closed } = path;
  // No segment of no length (a point met twice).
  const segments = fitPoints(xs, ys, knots, tolerance).filter((s, k, all) => {
    const from = k === 0 ? { x: xs[0], y: ys[0] } : all[k - 1].to;
    return s.kind !== 'line' || s.to.x !== from.x || s.to.y !== from.y;
  });
  const start = { x: xs[0], y: ys[0] };
  if (closed) {
    // The model ends a closed subpath at its start exactly.
    const last = segments[segments.length - 1];
    if (last) last.to = start;
    return { start, segments };
  }
  return { start, segments, open: true };
}

/**
 * The ink around a pixel corner, only where the filled shape and the ink agree on all four pixels
 * around it: where a filled area was cut from the strokes it joins, the edge is the cut's.
 */
function onlyWhereWhole(ink: WindowInk, all: Uint8Array, shape: Uint8Array, width: number): WindowInk {
  return (x, y) => {
    const i = (y - 1) * width + x - 1;
    if (all[i] !== shape[i] || all[i + 1] !== shape[i + 1]) return Number.NaN;
    if (all[i + width] !== shape[i + width] || all[i + width + 1] !== shape[i + width + 1]) return Number.NaN;
    return ink(x, y);
  };
}
