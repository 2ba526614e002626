/**
 * Least-squares lines through runs of a path's points, and the vertex two such lines place: the
 * parts of Selinger's polygon stage (Sec. 2.2.3 and 2.3.1, potrace's trace.c) that the closed
 * polygon of an outline (outline/polygon.ts) and the open one of a color boundary
 * (color/chain-polygon.ts) share, their point coordinates taken relative to the path's first
 * point, as potrace does. Also the total least-squares line through any points, that true lines
 * (shapes/) and a stroke's branches at its junctions (centerline/) are fitted with.
 */

import { mod } from './math.js';

/** A path ready for polygon fitting: integer corners plus their sub-pixel positions. */
export interface FitPath {
  x: number[];
  y: number[];
  fx: Float64Array;
  fy: Float64Array;
}

/** Prefix sums of x, y, x², xy, y² (relative to the first point) for O(1) line fits. */
export interface Sums {
  sx: Float64Array;
  sy: Float64Array;
  sx2: Float64Array;
  sxy: Float64Array;
  sy2: Float64Array;
}

/** A path's prefix sums, in arrays from `array` that may hold what an earlier path left. */
export function calcSums(p: FitPath, array: (name: string, length: number) => Float64Array): Sums {
  const n = p.x.length;
  const s: Sums = {
    sx: array('sums.x', n + 1),
    sy: array('sums.y', n + 1),
    sx2: array('sums.x2', n + 1),
    sxy: array('sums.xy', n + 1),
    sy2: array('sums.y2', n + 1),
  };
  // The sums start from zero, whatever the arrays held (see outline/work.ts).
  s.sx[0] = s.sy[0] = s.sx2[0] = s.sxy[0] = s.sy2[0] = 0;
  const x0 = p.fx[0];
  const y0 = p.fy[0];
  for (let i = 0; i < n; i++) {
    const x = p.fx[i] - x0;
    const y = p.fy[i] - y0;
    s.sx[i + 1] = s.sx[i] + x;
    s.sy[i + 1] = s.sy[i] + y;
    s.sx2[i + 1] = s.sx2[i] + x * x;
    s.sxy[i + 1] = s.sxy[i] + x * y;
    s.sy2[i + 1] = s.sy2[i] + y * y;
  }
  return s;
}

/**
 * The cost of replacing points i..j by one straight segment (Sec. 2.2.3). On a closed path j may
 * run past its end (j >= n), the run wrapping round to its start.
 */
export function penalty3(p: FitPath, s: Sums, i: number, j: number): number {
  const n = p.x.length;
  let x: number;
  let y: number;
  let x2: number;
  let xy: number;
  let y2: number;
  let k: number;
  if (j >= n) {
    j -= n;
    x = s.sx[j + 1] - s.sx[i] + s.sx[n];
    y = s.sy[j + 1] - s.sy[i] + s.sy[n];
    x2 = s.sx2[j + 1] - s.sx2[i] + s.sx2[n];
    xy = s.sxy[j + 1] - s.sxy[i] + s.sxy[n];
    y2 = s.sy2[j + 1] - s.sy2[i] + s.sy2[n];
    k = j + 1 - i + n;
  } else {
    x = s.sx[j + 1] - s.sx[i];
    y = s.sy[j + 1] - s.sy[i];
    x2 = s.sx2[j + 1] - s.sx2[i];
    xy = s.sxy[j + 1] - s.sxy[i];
    y2 = s.sy2[j + 1] - s.sy2[i];
    k = j + 1 - i;
  }
  const { fx, fy } = p;
  const px = (fx[i] + fx[j]) / 2 - fx[0];
  const py = (fy[i] + fy[j]) / 2 - fy[0];
  const ey = fx[j] - fx[i];
  const ex = -(fy[j] - fy[i]);
  const a = (x2 - 2 * x * px) / k + px * px;
  const b = (xy - x * py - y * px) / k + px * py;
  const c = (y2 - 2 * y * py) / k + py * py;
  const sq = ex * ex * a + 2 * ex * ey * b + ey * ey * c;
  return Math.sqrt(Math.max(0, sq));
}

/**
 * Center and direction of the least-squares line through k points whose coordinates sum to x
 * and y, and their products to x2, xy and y2: written into `out` at `o` as cx, cy, dx, dy.
 */
function lineOf(
  x: number,
  y: number,
  x2: number,
  xy: number,
  y2: number,
  k: number,
  out: Float64Array,
  o: number,
): void {
  out[o] = x / k;
  out[o + 1] = y / k;
  let a = (x2 - (x * x) / k) / k;
  const b = (xy - (x * y) / k) / k;
  let c = (y2 - (y * y) / k) / k;
  const lambda2 = (a + c + Math.sqrt((a - c) * (a - c) + 4 * b * b)) / 2;
  a -= lambda2;
  c -= lambda2;
  let dx = 0;
  let dy = 0;
  if (Math.abs(a) >= Math.abs(c)) {
    const l = Math.sqrt(a * a + b * b);
    if (l !== 0) {
      dx = -b / l;
      dy = a / l;
    }
  } else {
    const l = Math.sqrt(c * c + b * b);
    if (l !== 0) {
      dx = -c / l;
      dy = b / l;
    }
  }
  out[o + 2] = dx;
  out[o + 3] = dy;
}

/**
 * Center and direction of the least-squares line through points i..j, written into `out` at `o`
 * as cx, cy, dx, dy. On a closed path of n points either end may lie past the path's ends, the
 * run wrapping round; on an open one both lie within it.
 */
export function pointSlope(s: Sums, n: number, i: number, j: number, out: Float64Array, o: number): void {
  let r = 0;
  while (j >= n) {
    j -= n;
    r += 1;
  }
  while (i >= n) {
    i -= n;
    r -= 1;
  }
  while (j < 0) {
    j += n;
    r -= 1;
  }
  while (i < 0) {
    i += n;
    r += 1;
  }
  lineOf(
    s.sx[j + 1] - s.sx[i] + r * s.sx[n],
    s.sy[j + 1] - s.sy[i] + r * s.sy[n],
    s.sx2[j + 1] - s.sx2[i] + r * s.sx2[n],
    s.sxy[j + 1] - s.sxy[i] + r * s.sxy[n],
    s.sy2[j + 1] - s.sy2[i] + r * s.sy2[n],
    j + 1 - i + r * n,
    out,
    o,
  );
}

/**
 * Moves the least-squares line of points i..j (cyclic) along its normal so that it passes
 * through the middle of those points. On a straight run that changes nothing; on an arc the
 * least-squares line cuts the chord, and the curve later drawn tangent to the polygon edge's
 * middle would fall inside the shape (and outside on concave arcs).
 */
export function touchMiddle(p: FitPath, i: number, j: number, line: Float64Array, o: number): void {
  const n = p.x.length;
  if (j - i < 4) return;
  const x0 = p.fx[0];
  const y0 = p.fy[0];
  const nx = line[o + 3];
  const ny = -line[o + 2];
  const mid = (i + j) >> 1;
  let d = 0;
  for (let k = mid - 1; k <= mid + 1; k++) {
    const q = mod(k, n);
    d += (p.fx[q] - x0 - line[o]) * nx + (p.fy[q] - y0 - line[o + 1]) * ny;
  }
  d /= 3;
  line[o] += d * nx;
  line[o + 1] += d * ny;
}

/** The quadratic form (3x3, row-major, at 9 * e in `q`) of the squared distance to line e. */
export function edgeQuad(line: Float64Array, e: number, q: Float64Array): void {
  const cx = line[4 * e];
  const cy = line[4 * e + 1];
  const dx = line[4 * e + 2];
  const dy = line[4 * e + 3];
  const d = dx * dx + dy * dy;
  const v = [dy, -dx, dx * cy - dy * cx];
  for (let l = 0; l < 3; l++)
    for (let k = 0; k < 3; k++) q[9 * e + 3 * l + k] = d !== 0 ? (v[l] * v[k]) / d : 0;
}

function quadform(q: Float64Array, x: number, y: number): number {
  return x * (q[0] * x + q[1] * y + q[2]) + y * (q[3] * x + q[4] * y + q[5]) + (q[6] * x + q[7] * y + q[8]);
}

/**
 * The point, within the unit square around the corner (sx, sy), closest to the two fitted lines
 * whose quadratic forms sum to Q (Sec. 2.3.1): written into `at` as x, y. Q is changed.
 */
export function vertexNear(Q: Float64Array, sx: number, sy: number, at: Float64Array): void {
  let wx = 0;
  let wy = 0;
  for (;;) {
    const det = Q[0] * Q[4] - Q[1] * Q[3];
    if (det !== 0) {
      wx = (-Q[2] * Q[4] + Q[5] * Q[1]) / det;
      wy = (Q[2] * Q[3] - Q[5] * Q[0]) / det;
      break;
    }
    // Parallel lines: add an orthogonal axis through the vertex.
    let v0: number;
    let v1: number;
    if (Q[0] > Q[4]) {
      v0 = -Q[1];
      v1 = Q[0];
    } else if (Q[4]) {
      v0 = -Q[4];
      v1 = Q[3];
    } else {
      v0 = 1;
      v1 = 0;
    }
    const d = v0 * v0 + v1 * v1;
    const v = [v0, v1, -v1 * sy - v0 * sx];
    for (let l = 0; l < 3; l++) for (let k = 0; k < 3; k++) Q[3 * l + k] += (v[l] * v[k]) / d;
  }
  if (Math.abs(wx - sx) <= 0.5 && Math.abs(wy - sy) <= 0.5) {
    at[0] = wx;
    at[1] = wy;
    return;
  }
  // The minimum is outside the unit square: minimise on its boundary.
  let min = quadform(Q, sx, sy);
  let xmin = sx;
  let ymin = sy;
  if (Q[0] !== 0) {
    for (let z = 0; z < 2; z++) {
      const ty = sy - 0.5 + z;
      const tx = -(Q[1] * ty + Q[2]) / Q[0];
      const cand = quadform(Q, tx, ty);
      if (Math.abs(tx - sx) <= 0.5 && cand < min) {
        min = cand;
        xmin = tx;
        ymin = ty;
      }
    }
  }
  if (Q[4] !== 0) {
    for (let z = 0; z < 2; z++) {
      const tx = sx - 0.5 + z;
      const ty = -(Q[3] * tx + Q[5]) / Q[4];
      const cand = quadform(Q, tx, ty);
      if (Math.abs(ty - sy) <= 0.5 && cand < min) {
        min = cand;
        xmin = tx;
        ymin = ty;
      }
    }
  }
  for (let l = 0; l < 2; l++) {
    for (let k = 0; k < 2; k++) {
      const tx = sx - 0.5 + l;
      const ty = sy - 0.5 + k;
      const cand = quadform(Q, tx, ty);
      if (cand < min) {
        min = cand;
        xmin = tx;
        ymin = ty;
      }
    }
  }
  at[0] = xmin;
  at[1] = ymin;
}

/**
 * The total least-squares line through points: through their centroid (cx, cy), along the
 * principal axis of their spread, the unit direction (dx, dy).
 */
export function principalAxis(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
): { cx: number; cy: number; dx: number; dy: number } {
  const n = xs.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i];
    my += ys[i];
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - mx;
    const dy = ys[i] - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { cx: mx, cy: my, dx: Math.cos(angle), dy: Math.sin(angle) };
}
