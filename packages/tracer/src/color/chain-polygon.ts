/**
 * Selinger's optimal polygon (potrace's trace.c, Sec. 2.2 and 2.3.1) for an open path whose two
 * ends are fixed: a boundary between two colors from one junction to the next. The closed version
 * (bw/polygon.ts) wraps round its path; here the polygon starts at the first point and ends at the
 * last, and both stay where they are, so the chains meeting at a junction meet exactly.
 */
import type { FitPath, Polygon } from '../outline/polygon.js';

const INFTY = 10_000_000;

function sign(v: number): number {
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function floordiv(a: number, n: number): number {
  return a >= 0 ? Math.floor(a / n) : -1 - Math.floor((-1 - a) / n);
}

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
  const sums = calcSums(p);
  const po = bestPolygon(p, sums, calcLon(p.x, p.y));
  return adjustVertices(p, sums, po, measured);
}

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
    sx: new Float64Array(n + 1),
    sy: new Float64Array(n + 1),
    sx2: new Float64Array(n + 1),
    sxy: new Float64Array(n + 1),
    sy2: new Float64Array(n + 1),
  };
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

/** lon[i]: the furthest point k such that every path from i or later to k is straight. */
function calcLon(xs: number[], ys: number[]): Int32Array {
  const n = xs.length;
  const pivk = new Int32Array(n);
  const nc = new Int32Array(n);
  const lon = new Int32Array(n);
  const bit = (dx: number, dy: number) => 1 << ((3 + 3 * dx + dy) >> 1);
  let k = n - 1;
  for (let i = n - 1; i >= 0; i--) {
    if (xs[i] !== xs[k] && ys[i] !== ys[k]) k = i + 1;
    nc[i] = k;
  }
  pivk[n - 1] = n - 1;
  for (let i = n - 2; i >= 0; i--) {
    let seen = bit(xs[i + 1] - xs[i], ys[i + 1] - ys[i]);
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
    pivk[i] = Math.max(i + 1, Math.min(k - 1, k1 + j));
  }
  let j = n - 1;
  for (let i = n - 1; i >= 0; i--) {
    j = Math.min(j, pivk[i]);
    lon[i] = j;
  }
  return lon;
}

/** The cost of replacing points i..j by one straight segment (Sec. 2.2.3). */
function penalty3(p: FitPath, s: Sums, i: number, j: number): number {
  const x = s.sx[j + 1] - s.sx[i];
  const y = s.sy[j + 1] - s.sy[i];
  const x2 = s.sx2[j + 1] - s.sx2[i];
  const xy = s.sxy[j + 1] - s.sxy[i];
  const y2 = s.sy2[j + 1] - s.sy2[i];
  const k = j + 1 - i;
  const { fx, fy } = p;
  const px = (fx[i] + fx[j]) / 2 - fx[0];
  const py = (fy[i] + fy[j]) / 2 - fy[0];
  const ey = fx[j] - fx[i];
  const ex = -(fy[j] - fy[i]);
  const a = (x2 - 2 * x * px) / k + px * px;
  const b = (xy - x * py - y * px) / k + px * py;
  const c = (y2 - 2 * y * py) / k + py * py;
  return Math.sqrt(Math.max(0, ex * ex * a + 2 * ex * ey * b + ey * ey * c));
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

/** Center and direction of the least-squares line through points i..j. */
function pointSlope(s: Sums, i: number, j: number, out: Float64Array, o: number): void {
  const x = s.sx[j + 1] - s.sx[i];
  const y = s.sy[j + 1] - s.sy[i];
  const x2 = s.sx2[j + 1] - s.sx2[i];
  const xy = s.sxy[j + 1] - s.sxy[i];
  const y2 = s.sy2[j + 1] - s.sy2[i];
  const k = j + 1 - i;
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

/** Moves the line of points i..j along its normal through the middle of those points (see bw/polygon.ts). */
function touchMiddle(p: FitPath, i: number, j: number, line: Float64Array, o: number): void {
  if (j - i < 4) return;
  const x0 = p.fx[0];
  const y0 = p.fy[0];
  const nx = line[o + 3];
  const ny = -line[o + 2];
  const mid = (i + j) >> 1;
  let d = 0;
  for (let k = mid - 1; k <= mid + 1; k++) {
    d += (p.fx[k] - x0 - line[o]) * nx + (p.fy[k] - y0 - line[o + 1]) * ny;
  }
  d /= 3;
  line[o] += d * nx;
  line[o + 1] += d * ny;
}

function quadform(q: Float64Array, x: number, y: number): number {
  return x * (q[0] * x + q[1] * y + q[2]) + y * (q[3] * x + q[4] * y + q[5]) + (q[6] * x + q[7] * y + q[8]);
}

/**
 * Moves every inner vertex to the point, within a unit square around its corner, closest to the
 * two fitted lines that meet there (Sec. 2.3.1); the two ends stay.
 */
function adjustVertices(p: FitPath, s: Sums, po: Int32Array, measured: boolean): Polygon {
  const m = po.length - 1;
  const x0 = p.fx[0];
  const y0 = p.fy[0];
  const line = new Float64Array(4 * m);
  for (let e = 0; e < m; e++) {
    pointSlope(s, po[e], po[e + 1], line, 4 * e);
    if (measured) touchMiddle(p, po[e], po[e + 1], line, 4 * e);
  }
  const q = new Float64Array(9 * m);
  for (let e = 0; e < m; e++) {
    const cx = line[4 * e];
    const cy = line[4 * e + 1];
    const dx = line[4 * e + 2];
    const dy = line[4 * e + 3];
    const d = dx * dx + dy * dy;
    const v = [dy, -dx, dx * cy - dy * cx];
    for (let l = 0; l < 3; l++)
      for (let k = 0; k < 3; k++) q[9 * e + 3 * l + k] = d !== 0 ? (v[l] * v[k]) / d : 0;
  }
  const vx = new Float64Array(m + 1);
  const vy = new Float64Array(m + 1);
  vx[0] = p.fx[0];
  vy[0] = p.fy[0];
  vx[m] = p.fx[po[m]];
  vy[m] = p.fy[po[m]];
  const Q = new Float64Array(9);
  for (let i = 1; i < m; i++) {
    const sx = p.fx[po[i]] - x0;
    const sy = p.fy[po[i]] - y0;
    for (let l = 0; l < 9; l++) Q[l] = q[9 * (i - 1) + l] + q[9 * i + l];
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
