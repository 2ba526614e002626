/**
 * potrace's stages 4 and 5, smoothing and corner analysis, and curve optimization (stages 3 and 4
 * of Selinger's paper): the corner/curve decision at each polygon vertex (Sec. 2.3.2, the alpha
 * parameter) and the optimisation that joins runs of Bézier segments into fewer ones within a
 * tolerance (Sec. 2.4). Ported from potrace's trace.c.
 *
 * A curve has one segment per vertex: segment i runs from the end of segment i-1 to c2[i],
 * either as a corner (two lines via vertex i) or as a cubic with controls c0[i], c1[i].
 */

import { mod, sign, turn } from '../geometry/math.js';
import type { CornerRule } from '../params.js';
import { workF64, workI32, workU8 } from './work.js';

export interface Curve {
  n: number;
  corner: Uint8Array;
  vx: Float64Array;
  vy: Float64Array;
  /** Controls c0, c1 and end point c2 of each segment, as x/y pairs: 6 numbers a segment. */
  c: Float64Array;
  alpha: Float64Array;
}

interface P {
  x: number;
  y: number;
}

const COS179 = Math.cos((179 * Math.PI) / 180);

/** Names of the working arrays (see work.ts) a curve is kept in while its outline is fitted. */
export interface CurveWork {
  corner: string;
  vx: string;
  vy: string;
  c: string;
  alpha: string;
}

/** Working arrays for a curve named `name`. */
export function curveWork(name: string): CurveWork {
  return {
    corner: `${name}.corner`,
    vx: `${name}.vx`,
    vy: `${name}.vy`,
    c: `${name}.c`,
    alpha: `${name}.alpha`,
  };
}

/**
 * A curve of n segments, all zeros; in working arrays with `work` (longer than n, and valid until
 * the next curve in them), as an outline's smoothed curves only live until it is optimized.
 */
function newCurve(n: number, work?: CurveWork): Curve {
  if (!work) {
    return {
      n,
      corner: new Uint8Array(n),
      vx: new Float64Array(n),
      vy: new Float64Array(n),
      c: new Float64Array(6 * n),
      alpha: new Float64Array(n),
    };
  }
  return {
    n,
    corner: workU8(work.corner, n).fill(0, 0, n),
    vx: workF64(work.vx, n).fill(0, 0, n),
    vy: workF64(work.vy, n).fill(0, 0, n),
    c: workF64(work.c, 6 * n).fill(0, 0, 6 * n),
    alpha: workF64(work.alpha, n).fill(0, 0, n),
  };
}

const vert = (c: Curve, i: number): P => ({ x: c.vx[i], y: c.vy[i] });
const end = (c: Curve, i: number): P => ({ x: c.c[6 * i + 4], y: c.c[6 * i + 5] });

function interval(t: number, a: P, b: P): P {
  return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
}

/** Twice the signed area of triangle p0 p1 p2. */
function dpara(p0: P, p1: P, p2: P): number {
  return (p1.x - p0.x) * (p2.y - p0.y) - (p2.x - p0.x) * (p1.y - p0.y);
}

/** The "L-infinity" denominator of the alpha formula: p0-p2 measured along a lattice direction. */
function ddenom(p0: P, p2: P): number {
  const rx = -sign(p2.y - p0.y);
  const ry = sign(p2.x - p0.x);
  return ry * (p2.x - p0.x) - rx * (p2.y - p0.y);
}

function cprod(p0: P, p1: P, p2: P, p3: P): number {
  return (p1.x - p0.x) * (p3.y - p2.y) - (p3.x - p2.x) * (p1.y - p0.y);
}

function iprod(p0: P, p1: P, p2: P): number {
  return (p1.x - p0.x) * (p2.x - p0.x) + (p1.y - p0.y) * (p2.y - p0.y);
}

function iprod1(p0: P, p1: P, p2: P, p3: P): number {
  return (p1.x - p0.x) * (p3.x - p2.x) + (p1.y - p0.y) * (p3.y - p2.y);
}

function ddist(p: P, q: P): number {
  const dx = p.x - q.x;
  const dy = p.y - q.y;
  return Math.sqrt(dx * dx + dy * dy);
}

function bezier(t: number, p0: P, p1: P, p2: P, p3: P): P {
  const s = 1 - t;
  const a = s * s * s;
  const b = 3 * s * s * t;
  const c = 3 * t * t * s;
  const d = t * t * t;
  return { x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y };
}

/** The parameter t where the Bézier's tangent is parallel to q0q1, or -1 if none in [0,1]. */
function tangent(p0: P, p1: P, p2: P, p3: P, q0: P, q1: P): number {
  const A = cprod(p0, p1, q0, q1);
  const B = cprod(p1, p2, q0, q1);
  const C = cprod(p2, p3, q0, q1);
  const a = A - 2 * B + C;
  const b = -2 * A + 2 * B;
  const c = A;
  const d = b * b - 4 * a * c;
  if (a === 0 || d < 0) return -1;
  const s = Math.sqrt(d);
  const r1 = (-b + s) / (2 * a);
  const r2 = (-b - s) / (2 * a);
  if (r1 >= 0 && r1 <= 1) return r1;
  if (r2 >= 0 && r2 <= 1) return r2;
  return -1;
}

/** Edges shorter than this (px) are a corner cut in two by the polygon, not a side of the shape. */
const BEVEL = 3;

/**
 * The polygon's turn at vertex j, measured from the nearest vertices at least BEVEL px away on
 * either side: a corner the polygon bevels over two close vertices still turns all at once.
 */
function turnAround(curve: Curve, j: number): number {
  const m = curve.n;
  const pj = vert(curve, j);
  let i = mod(j - 1, m);
  for (let k = 0; k < m && ddist(vert(curve, i), pj) < BEVEL; k++) i = mod(i - 1, m);
  let k = mod(j + 1, m);
  for (let q = 0; q < m && ddist(vert(curve, k), pj) < BEVEL; q++) k = mod(k + 1, m);
  const pi = vert(curve, i);
  const pk = vert(curve, k);
  return turn(pi.x, pi.y, pj.x, pj.y, pk.x, pk.y);
}

/**
 * Stage 4, smoothing and corner analysis: decides corner or curve at each vertex from alpha, how
 * far the vertex sits from the line of its neighbours (Sec. 2.3.2): alpha >= alphamax keeps a
 * corner. A curve's own alpha is taken from `bulge` when given (measured on the path, see
 * bulge.ts), else from the same formula. With `work`, the curve is kept in working arrays (see
 * newCurve).
 */
export function smooth(
  vx: Float64Array,
  vy: Float64Array,
  rule: CornerRule,
  bulge?: Float64Array,
  work?: CurveWork,
): Curve {
  const m = vx.length;
  const curve = newCurve(m, work);
  curve.vx.set(vx);
  curve.vy.set(vy);
  const alphas = workF64('smooth.alpha', m);
  for (let j = 0; j < m; j++) {
    const pi = vert(curve, mod(j - 1, m));
    const pk = vert(curve, mod(j + 1, m));
    const denom = ddenom(pi, pk);
    if (denom !== 0) {
      const dd = Math.abs(dpara(pi, vert(curve, j), pk) / denom);
      alphas[j] = (dd > 1 ? 1 - 1 / dd : 0) / 0.75;
    } else {
      alphas[j] = 4 / 3;
    }
  }
  for (let j = 0; j < m; j++) {
    const pi = vert(curve, mod(j - 1, m));
    const pj = vert(curve, j);
    const pk = vert(curve, mod(j + 1, m));
    const p4 = interval(0.5, pk, pj);
    let alpha = alphas[j];
    const sharp = rule.turn !== undefined && turnAround(curve, j) >= rule.turn;
    const o = 6 * j;
    if (alpha >= rule.alphamax || sharp) {
      curve.corner[j] = 1;
      curve.c[o + 2] = pj.x;
      curve.c[o + 3] = pj.y;
    } else {
      if (bulge && Number.isFinite(bulge[j])) alpha = bulge[j];
      alpha = Math.min(1, Math.max(0.55, alpha));
      const p2 = interval(0.5 + 0.5 * alpha, pi, pj);
      const p3 = interval(0.5 + 0.5 * alpha, pk, pj);
      curve.c[o] = p2.x;
      curve.c[o + 1] = p2.y;
      curve.c[o + 2] = p3.x;
      curve.c[o + 3] = p3.y;
    }
    curve.c[o + 4] = p4.x;
    curve.c[o + 5] = p4.y;
    curve.alpha[j] = alpha;
  }
  return curve;
}

interface Opti {
  pen: number;
  c0: P;
  c1: P;
  t: number;
  s: number;
  alpha: number;
}

/**
 * The single Bézier that replaces segments i+1..j: tangent to the first and last polygon edges,
 * enclosing the same area as the segments it replaces (`areac`: cumulative areas).
 */
function joinedBezier(curve: Curve, i: number, j: number, areac: Float64Array): Opti | null {
  const m = curve.n;
  const p0 = end(curve, mod(i, m));
  const p1 = vert(curve, mod(i + 1, m));
  const p2 = vert(curve, mod(j, m));
  const p3 = end(curve, mod(j, m));

  let area = areac[j] - areac[i];
  area -= dpara(vert(curve, 0), end(curve, i), end(curve, j)) / 2;
  if (i >= j) area += areac[m];

  const A1 = dpara(p0, p1, p2);
  const A2 = dpara(p0, p1, p3);
  const A3 = dpara(p0, p2, p3);
  const A4 = A1 + A3 - A2;
  if (A2 === A1) return null;
  const t = A3 / (A3 - A4);
  const s = A2 / (A2 - A1);
  const A = (A2 * t) / 2;
  if (A === 0) return null;
  const R = area / A;
  const alpha = 2 - Math.sqrt(4 - R / 0.3);
  const res: Opti = {
    pen: 0,
    c0: interval(t * alpha, p0, p1),
    c1: interval(s * alpha, p3, p2),
    t,
    s,
    alpha,
  };
  return res;
}

/** Penalty of replacing segments i+1..j by one Bézier, or null when that is not allowed. */
function optiPenalty(
  curve: Curve,
  i: number,
  j: number,
  opttolerance: number,
  convc: Int32Array,
  areac: Float64Array,
): Opti | null {
  const m = curve.n;
  if (i === j) return null;
  const i1 = mod(i + 1, m);
  let k1 = mod(i + 1, m);
  const conv = convc[k1];
  if (conv === 0) return null;
  const vi = vert(curve, i);
  const vi1 = vert(curve, i1);
  const d = ddist(vi, vi1);
  for (let k = k1; k !== j; k = k1) {
    k1 = mod(k + 1, m);
    const k2 = mod(k + 2, m);
    if (convc[k1] !== conv) return null;
    const pk1 = vert(curve, k1);
    const pk2 = vert(curve, k2);
    if (sign(cprod(vi, vi1, pk1, pk2)) !== conv) return null;
    if (iprod1(vi, vi1, pk1, pk2) < d * ddist(pk1, pk2) * COS179) return null;
  }

  const res = joinedBezier(curve, i, j, areac);
  if (!res) return null;
  const p0 = end(curve, mod(i, m));
  const p3 = end(curve, mod(j, m));
  const p1 = res.c0;
  const p2 = res.c1;
  let t: number;

  // The new curve must stay within tolerance of every polygon edge it replaces...
  for (let k = mod(i + 1, m); k !== j; k = k1) {
    k1 = mod(k + 1, m);
    const vk = vert(curve, k);
    const vk1 = vert(curve, k1);
    t = tangent(p0, p1, p2, p3, vk, vk1);
    if (t < -0.5) return null;
    const pt = bezier(t, p0, p1, p2, p3);
    const dk = ddist(vk, vk1);
    if (dk === 0) return null;
    const d1 = dpara(vk, vk1, pt) / dk;
    if (Math.abs(d1) > opttolerance) return null;
    if (iprod(vk, vk1, pt) < 0 || iprod(vk1, vk, pt) < 0) return null;
    res.pen += d1 * d1;
  }
  // ...and not cut the corners of the segments it replaces.
  for (let k = i; k !== j; k = k1) {
    k1 = mod(k + 1, m);
    const ek = end(curve, k);
    const ek1 = end(curve, k1);
    t = tangent(p0, p1, p2, p3, ek, ek1);
    if (t < -0.5) return null;
    const pt = bezier(t, p0, p1, p2, p3);
    const dk = ddist(ek, ek1);
    if (dk === 0) return null;
    let d1 = dpara(ek, ek1, pt) / dk;
    let d2 = (dpara(ek, ek1, vert(curve, k1)) / dk) * 0.75 * curve.alpha[k1];
    if (d2 < 0) {
      d1 = -d1;
      d2 = -d2;
    }
    if (d1 < d2 - opttolerance) return null;
    if (d1 < d2) res.pen += (d1 - d2) * (d1 - d2);
  }
  return res;
}

/**
 * Cumulative signed area under the curve's segments, for O(1) area of any run (Sec. 2.4), in the
 * working array `name`.
 */
function cumulativeArea(curve: Curve, name: string): Float64Array {
  const m = curve.n;
  const areac = workF64(name, m + 1);
  areac[0] = 0;
  let area = 0;
  const v0 = vert(curve, 0);
  for (let i = 0; i < m; i++) {
    const i1 = mod(i + 1, m);
    if (!curve.corner[i1]) {
      const alpha = curve.alpha[i1];
      area += (0.3 * alpha * (4 - alpha) * dpara(end(curve, i), vert(curve, i1), end(curve, i1))) / 2;
      area += dpara(v0, end(curve, i), end(curve, i1)) / 2;
    }
    areac[i + 1] = area;
  }

  return areac;
}

/** Stage 5, curve optimization: joins runs of segments into single Béziers within tolerance (Sec. 2.4). */
export function optimizeCurve(curve: Curve, opttolerance: number, fit: Curve = curve): Curve {
  const m = curve.n;
  const pt = workI32('optimize.pt', m + 1);
  const pen = workF64('optimize.pen', m + 1);
  const len = workI32('optimize.len', m + 1);
  const opt: (Opti | undefined)[] = new Array(m + 1);
  const convc = workI32('optimize.convc', m);

  for (let i = 0; i < m; i++) {
    convc[i] = curve.corner[i]
      ? 0
      : sign(dpara(vert(curve, mod(i - 1, m)), vert(curve, i), vert(curve, mod(i + 1, m))));
  }
  const areac = cumulativeArea(curve, 'optimize.area');
  const fitArea = fit === curve ? areac : cumulativeArea(fit, 'optimize.fitArea');
  pt[0] = -1;
  pen[0] = 0;
  len[0] = 0;
  for (let j = 1; j <= m; j++) {
    pt[j] = j - 1;
    pen[j] = pen[j - 1];
    len[j] = len[j - 1] + 1;
    for (let i = j - 2; i >= 0; i--) {
      const o = optiPenalty(curve, i, mod(j, m), opttolerance, convc, areac);
      if (!o) break;
      if (len[j] > len[i] + 1 || (len[j] === len[i] + 1 && pen[j] > pen[i] + o.pen)) {
        pt[j] = i;
        pen[j] = pen[i] + o.pen;
        len[j] = len[i] + 1;
        opt[j] = o;
      }
    }
  }

  const om = len[m];
  const out = newCurve(om);
  let j = m;
  for (let i = om - 1; i >= 0; i--) {
    const jm = mod(j, m);
    const o = 6 * i;
    if (pt[j] === j - 1) {
      out.corner[i] = fit.corner[jm];
      for (let l = 0; l < 6; l++) out.c[o + l] = fit.c[6 * jm + l];
      out.vx[i] = fit.vx[jm];
      out.vy[i] = fit.vy[jm];
      out.alpha[i] = fit.alpha[jm];
    } else {
      const op = joinedBezier(curve, pt[j], jm, fitArea) ?? (opt[j] as Opti);
      out.c[o] = op.c0.x;
      out.c[o + 1] = op.c0.y;
      out.c[o + 2] = op.c1.x;
      out.c[o + 3] = op.c1.y;
      out.c[o + 4] = curve.c[6 * jm + 4];
      out.c[o + 5] = curve.c[6 * jm + 5];
      const v = interval(op.s, end(curve, jm), vert(curve, jm));
      out.vx[i] = v.x;
      out.vy[i] = v.y;
      out.alpha[i] = op.alpha;
    }
    j = pt[j];
  }
  return out;
}
