import type { Point, Segment, Subpath } from '../model.js';
import type { TraceParams } from '../params.js';
import type { Bitmap, EdgeShift } from './bitmap.js';
import { optimizeCurve, smooth, type Curve } from './curve.js';
import { decompose, type PixelPath } from './decompose.js';
import { fitPolygon } from './polygon.js';
import { vertexBulge } from './bulge.js';
import { subpixelCorners } from './subpixel.js';

/** Stage timings of one bitmap trace, added into the caller's record. */
export type Timings = Record<string, number>;

/**
 * Traces the foreground of a bitmap into closed outlines, in image coordinates (y down).
 * Outer outlines and holes run in opposite directions. With `edgeShift`, edges are placed
 * from the gray levels at sub-pixel precision; without it, on the pixel grid as potrace does.
 */
export function traceBitmap(
  bitmap: Bitmap,
  params: Pick<TraceParams, 'turdsize' | 'alphamax' | 'opticurve' | 'opttolerance'>,
  edgeShift?: EdgeShift,
  timings: Timings = {},
): Subpath[] {
  let t = performance.now();
  const paths = decompose(bitmap, params.turdsize);
  t = lap(timings, 'decompose', t);
  const curves: Curve[] = [];
  for (const path of paths) curves.push(fitCurve(bitmap, path, params, edgeShift));
  lap(timings, 'curves', t);
  return curves.map((curve) => toSubpath(curve, bitmap.height));
}

function fitCurve(
  bitmap: Bitmap,
  path: PixelPath,
  params: Pick<TraceParams, 'alphamax' | 'opticurve' | 'opttolerance'>,
  edgeShift?: EdgeShift,
): Curve {
  const { fx, fy } = edgeShift ? subpixelCorners(bitmap, path, edgeShift) : gridCorners(path);
  const fit = { x: path.x, y: path.y, fx, fy };
  const polygon = fitPolygon(fit);
  const { vx, vy } = polygon;
  const bulge = vertexBulge(fit, polygon);
  // Holes run the other way round (potrace reverses negative paths before smoothing).
  if (path.sign === '-') {
    vx.reverse();
    vy.reverse();
    bulge.reverse();
  }
  const curve = smooth(vx, vy, params.alphamax, bulge);
  if (!params.opticurve) return curve;
  return optimizeCurve(smooth(vx, vy, params.alphamax), params.opttolerance, curve);
}

function gridCorners(path: PixelPath): { fx: Float64Array; fy: Float64Array } {
  return { fx: Float64Array.from(path.x), fy: Float64Array.from(path.y) };
}

function toSubpath(curve: Curve, height: number): Subpath {
  const { n, c } = curve;
  const at = (i: number): Point => ({ x: c[i], y: height - c[i + 1] });
  const segments: Segment[] = [];
  for (let i = 0; i < n; i++) {
    const o = 6 * i;
    if (curve.corner[i]) {
      segments.push({ kind: 'line', to: at(o + 2) }, { kind: 'line', to: at(o + 4) });
    } else {
      segments.push({ kind: 'cubic', c1: at(o), c2: at(o + 2), to: at(o + 4) });
    }
  }
  return { start: at(6 * (n - 1) + 4), segments };
}

function lap(timings: Timings, stage: string, since: number): number {
  const now = performance.now();
  timings[stage] = (timings[stage] ?? 0) + (now - since);
  return now;
}
