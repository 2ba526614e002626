/**
 * potrace's stages 2 and 3, optimal polygon and vertex adjustment (Selinger's paper, Sec. 2.2 and
 * 2.3.1): the optimal polygon through a pixel path, and the adjustment of its vertices to the
 * best-fitting lines. Ported from potrace's trace.c.
 *
 * The straight-subpath test (`lon`) works on the integer pixel corners, as in the paper. The
 * penalties and the line fits work on `fx`/`fy`: the same corners moved to where the
 * anti-aliased gray levels place the edge, which is what makes small images come out true.
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
import { cyclic, mod, sign } from '../geometry/math.js';
import { Constraint, directionBit } from './straight-runs.js';
import { workF64, workI32 } from './work.js';

/** Polygon vertices after adjustment, in potrace coordinates. */
export interface Polygon {
  vx: Float64Array;
  vy: Float64Array;
  /** Index of the path point each vertex was placed at. */
  po: Int32Array;
}

/** lon[i]: the furthest point k such that the path from i to k is straight (Sec. 2.2.1). */
function calcLon(xs: number[], ys: number[]): Int32Array {
  const n = xs.length;
  const pivk = workI32('lon.pivot', n);
  const nc = workI32('lon.next', n);
  const lon = workI32('lon', n);
  const cone = new Constraint();

  let k = 0;
  for (let i = n - 1; i >= 0; i--) {
    if (xs[i] !== xs[k] && ys[i] !== ys[k]) k = i + 1;
    nc[i] = k;
  }

  for (let i = n - 1; i >= 0; i--) {
    const i1 = mod(i + 1, n);
    let seen = directionBit(xs[i1] - xs[i], ys[i1] - ys[i]);
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
      k = nc[k1];
      if (!cyclic(k, i, k1)) break;
    }
    if (found) continue;
    // k1 was the last corner satisfying the constraint and k the first violating it: find the
    // last point between them that still satisfies it.
    const j = cone.steps(xs[k1] - xs[i], ys[k1] - ys[i], sign(xs[k] - xs[k1]), sign(ys[k] - ys[k1]));
    pivk[i] = mod(k1 + j, n);
  }

  let j = pivk[n - 1];
  lon[n - 1] = j;
  for (let i = n - 2; i >= 0; i--) {
    if (cyclic(i + 1, pivk[i], j)) j = pivk[i];
    lon[i] = j;
  }
  for (let i = n - 1; cyclic(mod(i + 1, n), j, lon[i]); i--) lon[i] = j;
  return lon;
}

/** The polygon with the fewest segments, then the least penalty (Sec. 2.2.4). */
function bestPolygon(p: FitPath, s: Sums, lon: Int32Array): Int32Array {
  const n = p.x.length;
  const pen = workF64('polygon.pen', n + 1);
  const prev = workI32('polygon.prev', n + 1);
  const clip0 = workI32('polygon.clip0', n);
  const clip1 = workI32('polygon.clip1', n + 1);
  const seg0 = workI32('polygon.seg0', n + 1);
  const seg1 = workI32('polygon.seg1', n + 1);
  clip1[0] = 0; // may be read before the loops below write it (see work.ts)

  for (let i = 0; i < n; i++) {
    let c = mod(lon[mod(i - 1, n)] - 1, n);
    if (c === i) c = mod(i + 1, n);
    clip0[i] = c < i ? n : c;
  }
  let j = 1;
  for (let i = 0; i < n; i++) {
    while (j <= clip0[i]) {
      clip1[j] = i;
      j++;
    }
  }
  let i = 0;
  for (j = 0; i < n; j++) {
    seg0[j] = i;
    i = clip0[i];
  }
  seg0[j] = n;
  const m = j;
  i = n;
  for (j = m; j > 0; j--) {
    seg1[j] = i;
    i = clip1[i];
  }
  seg1[0] = 0;

  pen[0] = 0;
  for (j = 1; j <= m; j++) {
    for (i = seg1[j]; i <= seg0[j]; i++) {
      let best = -1;
      for (let k = seg0[j - 1]; k >= clip1[i]; k--) {
        const thispen = penalty3(p, s, k, i) + pen[k];
        if (best < 0 || thispen < best) {
          prev[i] = k;
          best = thispen;
        }
      }
      pen[i] = best;
    }
  }
  const po = new Int32Array(m);
  for (i = n, j = m - 1; i > 0; j--) {
    i = prev[i];
    po[j] = i;
  }
  return po;
}

/**
 * Moves each vertex to the point, within a unit square around its corner, closest to the two
 * fitted lines that meet there (Sec. 2.3.1).
 */
function adjustVertices(p: FitPath, s: Sums, po: Int32Array, measured: boolean): Polygon {
  const m = po.length;
  const n = p.x.length;
  const x0 = p.fx[0];
  const y0 = p.fy[0];
  const line = workF64('polygon.line', 4 * m);
  for (let i = 0; i < m; i++) {
    let j = po[mod(i + 1, m)];
    j = mod(j - po[i], n) + po[i];
    pointSlope(s, n, po[i], j, line, 4 * i);
    if (measured) touchMiddle(p, po[i], j, line, 4 * i);
  }
  // Each edge's quadratic form, 3x3 row-major, at 9 * i.
  const q = workF64('polygon.quad', 9 * m);
  for (let i = 0; i < m; i++) edgeQuad(line, i, q);
  const vx = new Float64Array(m);
  const vy = new Float64Array(m);
  const Q = workF64('polygon.sum', 9);
  const at = workF64('polygon.vertex', 2);
  for (let i = 0; i < m; i++) {
    const sx = p.fx[po[i]] - x0;
    const sy = p.fy[po[i]] - y0;
    const qa = 9 * mod(i - 1, m);
    const qb = 9 * i;
    for (let l = 0; l < 9; l++) Q[l] = q[qa + l] + q[qb + l];
    vertexNear(Q, sx, sy, at);
    vx[i] = at[0] + x0;
    vy[i] = at[1] + y0;
  }
  return { vx, vy, po };
}

/**
 * Stages 2 and 3 whole: optimal polygon, then vertex adjustment. `measured`: the points were placed from
 * gray levels, so edges are moved to pass through the middle of their points (see touchMiddle);
 * on aliased edges that would cut arcs into facets, and potrace's own fit is kept.
 */
export function fitPolygon(p: FitPath, measured = true): Polygon {
  const sums = calcSums(p, workF64);
  const lon = calcLon(p.x, p.y);
  // Stage 2, optimal polygon.
  const po = bestPolygon(p, sums, lon);
  // Stage 3, vertex adjustment.
  return adjustVertices(p, sums, po, measured);
}
