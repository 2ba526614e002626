/**
 * Stage 2 of Selinger's paper (Sec. 2.2): the optimal polygon through a pixel path, and the
 * adjustment of its vertices to the best-fitting lines. Ported from potrace's trace.c.
 *
 * The straight-subpath test (`lon`) works on the integer pixel corners, as in the paper. The
 * penalties and the line fits work on `fx`/`fy`: the same corners moved to where the
 * anti-aliased gray levels place the edge, which is what makes small images come out true.
 */

import { workF64, workI32 } from './work.js';

/** A path ready for polygon fitting: integer corners plus their sub-pixel positions. */
export interface FitPath {
  x: number[];
  y: number[];
  fx: Float64Array;
  fy: Float64Array;
}

/** Polygon vertices after adjustment, in potrace coordinates. */
export interface Polygon {
  vx: Float64Array;
  vy: Float64Array;
  /** Index of the path point each vertex was placed at. */
  po: Int32Array;
}

const INFTY = 10_000_000;

function mod(a: number, n: number): number {
  return a >= n ? a % n : a >= 0 ? a : n - 1 - ((-1 - a) % n);
}

function floordiv(a: number, n: number): number {
  return a >= 0 ? Math.floor(a / n) : -1 - Math.floor((-1 - a) / n);
}

function cyclic(a: number, b: number, c: number): boolean {
  return a <= c ? a <= b && b < c : a <= b || b < c;
}

function sign(v: number): number {
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/** Prefix sums of x, y, x², xy, y² (relative to the first point) for O(1) line fits. */
interface Sums {
  sx: Float64Array;
  sy: Float64Array;
  sx2: Float64Array;
  sxy: Float64Array;
  sy2: Float64Array;
}

function calcSums(p: FitPath): Sums {
  const n = p.x.length;
  const s: Sums = {
    sx: workF64('sums.x', n + 1),
    sy: workF64('sums.y', n + 1),
    sx2: workF64('sums.x2', n + 1),
    sxy: workF64('sums.xy', n + 1),
    sy2: workF64('sums.y2', n + 1),
  };
  // Working arrays hold what an earlier path left (see work.ts): the sums start from zero.
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

/** lon[i]: the furthest point k such that the path from i to k is straight (Sec. 2.2.1). */
function calcLon(xs: number[], ys: number[]): Int32Array {
  const n = xs.length;
  const pivk = workI32('lon.pivot', n);
  const nc = workI32('lon.next', n);
  const lon = workI32('lon', n);
  // The four lattice directions seen so far, as bits (potrace counts them; only "all four" matters).
  const bit = (dx: number, dy: number) => 1 << ((3 + 3 * dx + dy) >> 1);

  let k = 0;
  for (let i = n - 1; i >= 0; i--) {
    if (xs[i] !== xs[k] && ys[i] !== ys[k]) k = i + 1;
    nc[i] = k;
  }

  for (let i = n - 1; i >= 0; i--) {
    const i1 = mod(i + 1, n);
    let seen = bit(xs[i1] - xs[i], ys[i1] - ys[i]);
    let c0x = 0;
    let c0y = 0;
    let c1x = 0;
    let c1y = 0;
    k = nc[i];
    let k1 = i;
    let found = false;
    for (;;) {
      seen |= bit(sign(xs[k] - xs[k1]), sign(ys[k] - ys[k1]));
      if (seen === 15) {
        pivk[i] = k1;
        found = true;
        break;
      }
      const curx = xs[k] - xs[i];
      const cury = ys[k] - ys[i];
      if (c0x * cury - c0y * curx < 0 || c1x * cury - c1y * curx > 0) break;
      if (Math.abs(curx) > 1 || Math.abs(cury) > 1) {
        let offx = curx + (cury >= 0 && (cury > 0 || curx < 0) ? 1 : -1);
        let offy = cury + (curx <= 0 && (curx < 0 || cury < 0) ? 1 : -1);
        if (c0x * offy - c0y * offx >= 0) {
          c0x = offx;
          c0y = offy;
        }
        offx = curx + (cury <= 0 && (cury < 0 || curx < 0) ? 1 : -1);
        offy = cury + (curx >= 0 && (curx > 0 || cury < 0) ? 1 : -1);
        if (c1x * offy - c1y * offx <= 0) {
          c1x = offx;
          c1y = offy;
        }
      }
      k1 = k;
      k = nc[k1];
      if (!cyclic(k, i, k1)) break;
    }
    if (found) continue;
    // k1 was the last corner satisfying the constraint and k the first violating it: find the
    // last point between them that still satisfies it.
    const dkx = sign(xs[k] - xs[k1]);
    const dky = sign(ys[k] - ys[k1]);
    const curx = xs[k1] - xs[i];
    const cury = ys[k1] - ys[i];
    const a = c0x * cury - c0y * curx;
    const b = c0x * dky - c0y * dkx;
    const c = c1x * cury - c1y * curx;
    const d = c1x * dky - c1y * dkx;
    let j = INFTY;
    if (b < 0) j = floordiv(a, -b);
    if (d > 0) j = Math.min(j, floordiv(-c, d));
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

/** The cost of replacing points i..j by one straight segment (Sec. 2.2.3). */
function penalty3(p: FitPath, s: Sums, i: number, j: number): number {
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

/** Center and direction of the least-squares line through points i..j (cyclic). */
function pointSlope(s: Sums, n: number, i: number, j: number, out: Float64Array, o: number): void {
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
  const x = s.sx[j + 1] - s.sx[i] + r * s.sx[n];
  const y = s.sy[j + 1] - s.sy[i] + r * s.sy[n];
  const x2 = s.sx2[j + 1] - s.sx2[i] + r * s.sx2[n];
  const xy = s.sxy[j + 1] - s.sxy[i] + r * s.sxy[n];
  const y2 = s.sy2[j + 1] - s.sy2[i] + r * s.sy2[n];
  const k = j + 1 - i + r * n;
  out[o] = x / k;
  out[o + 1] = y / k;
  let a = (x2 - (x * x) / k) / k;
  const b = (xy - (x * y) / k) / k;
  let c = (y2 - (y * y) / k) / k;
  const lambda2 = (a + c + Math.sqrt((a - c) * (a - c) + 4 * b * b)) / 2;
  a -= lambda2;
  c -= lambda2;
  let l: number;
  let dx = 0;
  let dy = 0;
  if (Math.abs(a) >= Math.abs(c)) {
    l = Math.sqrt(a * a + b * b);
    if (l !== 0) {
      dx = -b / l;
      dy = a / l;
    }
  } else {
    l = Math.sqrt(c * c + b * b);
    if (l !== 0) {
      dx = -c / l;
      dy = b / l;
    }
  }
  out[o + 2] = dx;
  out[o + 3] = dy;
}

/**
 * Moves the least-squares line of points i..j (cyclic) along its normal so that it passes
 * through the middle of those points. On a straight run that changes nothing; on an arc the
 * least-squares line cuts the chord, and the curve later drawn tangent to the polygon edge's
 * middle would fall inside the shape (and outside on concave arcs).
 */
function touchMiddle(p: FitPath, i: number, j: number, line: Float64Array, o: number): void {
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

type Quad = Float64Array; // 3x3, row-major

function quadform(q: Quad, x: number, y: number): number {
  const v0 = x;
  const v1 = y;
  return (
    v0 * (q[0] * v0 + q[1] * v1 + q[2]) + v1 * (q[3] * v0 + q[4] * v1 + q[5]) + (q[6] * v0 + q[7] * v1 + q[8])
  );
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
  for (let i = 0; i < m; i++) {
    const cx = line[4 * i];
    const cy = line[4 * i + 1];
    const dx = line[4 * i + 2];
    const dy = line[4 * i + 3];
    const d = dx * dx + dy * dy;
    const v = [dy, -dx, dx * cy - dy * cx];
    for (let l = 0; l < 3; l++)
      for (let k = 0; k < 3; k++) q[9 * i + 3 * l + k] = d !== 0 ? (v[l] * v[k]) / d : 0;
  }
  const vx = new Float64Array(m);
  const vy = new Float64Array(m);
  const Q = workF64('polygon.sum', 9);
  for (let i = 0; i < m; i++) {
    const sx = p.fx[po[i]] - x0;
    const sy = p.fy[po[i]] - y0;
    const qa = 9 * mod(i - 1, m);
    const qb = 9 * i;
    for (let l = 0; l < 9; l++) Q[l] = q[qa + l] + q[qb + l];
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
      vx[i] = wx + x0;
      vy[i] = wy + y0;
      continue;
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
    vx[i] = xmin + x0;
    vy[i] = ymin + y0;
  }
  return { vx, vy, po };
}

/**
 * Stage 2 whole: optimal polygon, then vertex adjustment. `measured`: the points were placed from
 * gray levels, so edges are moved to pass through the middle of their points (see touchMiddle);
 * on aliased edges that would cut arcs into facets, and potrace's own fit is kept.
 */
export function fitPolygon(p: FitPath, measured = true): Polygon {
  const sums = calcSums(p);
  const lon = calcLon(p.x, p.y);
  const po = bestPolygon(p, sums, lon);
  return adjustVertices(p, sums, po, measured);
}
