import { collinear } from '../geometry/math.js';
import type { Point, Segment, StageTimings, Subpath } from '../model.js';
import type { TraceParams } from '../params.js';
import { lap } from '../timings.js';
import type { Bitmap, WindowInk } from './bitmap.js';
import { vertexBulge } from './bulge.js';
import { type Curve, curveWork, optimizeCurve, smooth } from './curve.js';
import { decompose, type KeepSpeckle, type PixelPath } from './decompose.js';
import { fitPolygon } from './polygon.js';
import { gridCorners, windowCorners } from './subpixel.js';

/** What a bitmap's trace takes: the speckle size, the corner threshold, the fit's tolerance, kept speckles. */
export type TraceBitmapParams = Pick<TraceParams, 'turdsize' | 'corners' | 'opttolerance'> & {
  keep?: KeepSpeckle;
};

/**
 * Traces the foreground of a bitmap into closed outlines, in image coordinates (y down).
 * Outer outlines and holes run in opposite directions. With `ink`, corners are placed
 * from the gray levels at sub-pixel precision; without it, on the pixel grid as potrace does.
 * `params.keep` keeps chosen speckles (see `decompose`).
 */
export function traceBitmap(
  bitmap: Bitmap,
  params: TraceBitmapParams,
  ink?: WindowInk,
  timings: StageTimings = {},
): Subpath[] {
  let t = performance.now();
  // Stage 1, path decomposition.
  const paths = decompose(bitmap, params.turdsize, params.keep);
  t = lap(timings, 'decompose', t);
  const subpaths: Subpath[] = [];
  for (const path of paths) subpaths.push(toSubpath(fitCurve(bitmap, path, params, ink), bitmap.height));
  lap(timings, 'curves', t);
  return subpaths;
}

/** Least share of a path's corners with gray levels for its edges to be placed from them. */
const MEASURED = 1 / 3;

/** The working arrays of an outline's two smoothed curves, which live until it is optimized. */
const MEASURED_CURVE = curveWork('curve.measured');
const OWN_CURVE = curveWork('curve.own');
/** ...and of its optimized curve, which lives until it is written as a subpath. */
const JOINED_CURVE = curveWork('curve.joined');

function fitCurve(
  bitmap: Bitmap,
  path: PixelPath,
  params: Pick<TraceParams, 'corners' | 'opttolerance'>,
  ink?: WindowInk,
): Curve {
  // The path's corners placed from the gray levels (what potrace, on a bitmap, cannot do).
  const placed = ink ? windowCorners(bitmap, path, ink) : undefined;
  // On aliased edges (no gray levels) there is nothing to measure: the placement would only
  // even out the staircase, and the arcs come out rounder as potrace fits them, on the grid.
  const measured = placed !== undefined && placed.gray >= MEASURED;
  const { fx, fy } = measured ? placed : gridCorners(path);
  const fit = { x: path.x, y: path.y, fx, fy };
  // Stages 2 and 3, optimal polygon and vertex adjustment.
  const polygon = fitPolygon(fit, measured);
  const { vx, vy } = polygon;
  const bulge = measured ? vertexBulge(fit, polygon) : undefined;
  // Holes run the other way round (potrace reverses negative paths before smoothing).
  if (path.sign === '-') {
    vx.reverse();
    vy.reverse();
    bulge?.reverse();
  }
  // Stage 4, smoothing and corner analysis.
  const curve = smooth(vx, vy, params.corners, bulge, MEASURED_CURVE);
  // Which segments to join is decided on potrace's own curve, so that paths get no longer than
  // potrace's; the joined curves take their shape from the measured one (without a bulge, the same).
  const own = bulge ? smooth(vx, vy, params.corners, undefined, OWN_CURVE) : curve;
  // Stage 5, curve optimization.
  return optimizeCurve(own, params.opttolerance, curve, JOINED_CURVE);
}

function toSubpath(curve: Curve, height: number): Subpath {
  const { n, c } = curve;
  const at = (i: number): Point => ({ x: c[i], y: height - c[i + 1] });
  const segments: Segment[] = [];
  let start = at(6 * (n - 1) + 4);
  let pen = start;
  let lastFrom = start;
  // A corner is two lines, to the vertex then to the next edge's middle: join straight runs.
  const line = (to: Point) => {
    const last = segments[segments.length - 1];
    if (last?.kind === 'line' && collinear(lastFrom, pen, to)) {
      last.to = to;
    } else {
      segments.push({ kind: 'line', to });
      lastFrom = pen;
    }
    pen = to;
  };
  for (let i = 0; i < n; i++) {
    const o = 6 * i;
    if (curve.corner[i]) {
      line(at(o + 2));
      line(at(o + 4));
    } else {
      segments.push({ kind: 'cubic', c1: at(o), c2: at(o + 2), to: at(o + 4) });
      lastFrom = pen;
      pen = at(o + 4);
    }
  }
  // Join across the start too, by starting at the corner before it.
  const first = segments[0];
  if (segments.length > 3 && first.kind === 'line' && segments[segments.length - 1].kind === 'line') {
    if (collinear(lastFrom, start, first.to)) {
      segments.pop();
      // A point of its own, not the last line's end: no point is in two places (see moveSubpaths).
      start = { x: lastFrom.x, y: lastFrom.y };
    }
  }
  return { start, segments };
}
