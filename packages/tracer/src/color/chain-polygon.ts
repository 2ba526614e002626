/**
 * Selinger's optimal polygon (potrace's trace.c, Sec. 2.2 and 2.3.1) for an open path whose two
 * ends are fixed: a boundary between two colors from one junction to the next. The closed version
 * (outline/polygon.ts) wraps round its path; here the polygon starts at the first point and ends at the
 * last, and both stay where they are, so the chains meeting at a junction meet exactly.
 */

import {
  calcSums,
  edgeQuad,
  type FitPath,
  penalty3,
  pointSlope,
  type Sums,
  touchMiddle,
  vertexNear,
} from '../geometry/line-fit.js';
import { sign } from '../geometry/math.js';
import type { Polygon } from '../outline/polygon.js';
import { Constraint, directionBit } from '../outline/straight-runs.js';

/** The optimal polygon through an open path of at least two points, ends fixed. */
export function fitOpenPolygon(p: FitPath, measured: boolean): Polygon {
  const n = p.x.length;
  if (n <= 2) {
    return {
      vx: Float64Array.of(p.fx[0], p.fx[n - 1]),
      vy: Float64Array.of(p.fy[0], p.fy[n - 1]),
      po: Int32Array.of(0, n - 1),
    };
  }
  const sums = calcSums(p, (_, length) => new Float64Array(length));
  const po = bestPolygon(p, sums, calcLon(p.x, p.y));
  return adjustVertices(p, sums, po, measured);
}

/** lon[i]: the furthest point k such that every path from i or later to k is straight. */
function calcLon(xs: number[], ys: number[]): Int32Array {
  const n = xs.length;
  const pivk = new Int32Array(n);
  const nc = new Int32Array(n);
  const lon = new Int32Array(n);
  const cone = new Constraint();
  let k = n - 1;
  for (let i = n - 1; i >= 0; i--) {
    if (xs[i] !== xs[k] && ys[i] !== ys[k]) k = i + 1;
    nc[i] = k;
  }
  pivk[n - 1] = n - 1;
  for (let i = n - 2; i >= 0; i--) {
    let seen = directionBit(xs[i + 1] - xs[i], ys[i + 1] - ys[i]);
    cone.reset();
    k = nc[i];
    let k1 = i;
    let found = false;
    for (;;) {
      seen |= directionBit(sign(xs[k] - xs[k1]), sign(ys[k] - ys[k1]));
      if (seen === 15) {
        pivk[i] = k1;
        found = true;
        break;
      }
      const curx = xs[k] - xs[i];
      const cury = ys[k] - ys[i];
      if (cone.excludes(curx, cury)) break;
      cone.narrow(curx, cury);
      k1 = k;
      if (k1 === n - 1) {
        // Straight to the end of the path.
        pivk[i] = n - 1;
        found = true;
        break;
      }
      k = nc[k1];
    }
    if (found) continue;
    // k1 was the last corner satisfying the constraint and k the first violating it: the last
    // point between them that still satisfies it.
    const j = cone.steps(xs[k1] - xs[i], ys[k1] - ys[i], sign(xs[k] - xs[k1]), sign(ys[k] - ys[k1]));
    pivk[i] = Math.max(i + 1, Math.min(k - 1, k1 + j));
  }
  let j = n - 1;
  for (let i = n - 1; i >= 0; i--) {
    j = Math.min(j, pivk[i]);
    lon[i] = j;
  }
  return lon;
}

/**
 * The polygon from the first point to the last with the fewest segments, then the least penalty
 * (Sec. 2.2.4). A segment i..j is possible when the path from i - 1 to j + 1 is straight (from i,
 * to j, at the path's ends). Returns the path index of every vertex, both ends included.
 */
function bestPolygon(p: FitPath, s: Sums, lon: Int32Array): Int32Array {
  const n = p.x.length;
  const last = n - 1;
  const clip0 = new Int32Array(n);
  for (let i = 0; i < last; i++) {
    const reach = lon[i === 0 ? 0 : i - 1];
    clip0[i] = Math.max(i + 1, reach === last ? last : reach - 1);
  }
  clip0[last] = last;
  // The ends cannot move to the line of the points beside them: a segment from an end must pass
  // near them itself.
  let reach = 1;
  while (reach < clip0[0] && nearLine(p, 0, reach + 1)) reach++;
  clip0[0] = reach;
  let from = last - 1;
  while (from > 0 && nearLine(p, from - 1, last)) from--;
  for (let i = 0; i < from; i++) clip0[i] = Math.min(clip0[i], last - 1);
  // clip1[j]: the first i from which j can be reached in one segment.
  const clip1 = new Int32Array(n);
  for (let i = 0, j = 1; i < last; i++) {
    while (j <= clip0[i]) clip1[j++] = i;
  }
  const seg0: number[] = [];
  let i = 0;
  while (i < last) {
    seg0.push(i);
    i = clip0[i];
  }
  seg0.push(last);
  const m = seg0.length - 1;
  const seg1 = new Int32Array(m + 1);
  i = last;
  for (let j = m; j > 0; j--) {
    seg1[j] = i;
    i = clip1[i];
  }
  seg1[0] = 0;
  const pen = new Float64Array(n);
  const prev = new Int32Array(n);
  for (let j = 1; j <= m; j++) {
    for (i = seg1[j]; i <= seg0[j]; i++) {
      let best = -1;
      for (let k = seg0[j - 1]; k >= clip1[i]; k--) {
        const here = penalty3(p, s, k, i) + pen[k];
        if (best < 0 || here < best) {
          prev[i] = k;
          best = here;
        }
      }
      pen[i] = best;
    }
  }
  const po = new Int32Array(m + 1);
  po[m] = last;
  for (let j = m - 1, at = last; j >= 0; j--) {
    at = prev[at];
    po[j] = at;
  }
  return po;
}

/** How far (px) the points between a segment from a fixed end may lie from it. */
const END_TOLERANCE = 0.5;

/** Whether points i+1..j-1 lie within END_TOLERANCE of the line through points i and j. */
function nearLine(p: FitPath, i: number, j: number): boolean {
  const { fx, fy } = p;
  const dx = fx[j] - fx[i];
  const dy = fy[j] - fy[i];
  const len = Math.hypot(dx, dy);
  if (len === 0) return false;
  for (let k = i + 1; k < j; k++) {
    if (Math.abs((fx[k] - fx[i]) * dy - (fy[k] - fy[i]) * dx) > END_TOLERANCE * len) return false;
  }
  return true;
}

/**
 * Moves every inner vertex to the point, within a unit square around its corner, closest to the
 * two fitted lines that meet there (Sec. 2.3.1); the two ends stay.
 */
function adjustVertices(p: FitPath, s: Sums, po: Int32Array, measured: boolean): Polygon {
  const n = p.x.length;
  const m = po.length - 1;
  const x0 = p.fx[0];
  const y0 = p.fy[0];
  const line = new Float64Array(4 * m);
  for (let e = 0; e < m; e++) {
    pointSlope(s, n, po[e], po[e + 1], line, 4 * e);
    if (measured) touchMiddle(p, po[e], po[e + 1], line, 4 * e);
  }
  const q = new Float64Array(9 * m);
  for (let e = 0; e < m; e++) edgeQuad(line, e, q);
  const vx = new Float64Array(m + 1);
  const vy = new Float64Array(m + 1);
  vx[0] = p.fx[0];
  vy[0] = p.fy[0];
  vx[m] = p.fx[po[m]];
  vy[m] = p.fy[po[m]];
  const Q = new Float64Array(9);
  const at = new Float64Array(2);
  for (let i = 1; i < m; i++) {
    const sx = p.fx[po[i]] - x0;
    const sy = p.fy[po[i]] - y0;
    for (let l = 0; l < 9; l++) Q[l] = q[9 * (i - 1) + l] + q[9 * i + l];
    vertexNear(Q, sx, sy, at);
    vx[i] = at[0] + x0;
    vy[i] = at[1] + y0;
  }
  return { vx, vy, po };
}
