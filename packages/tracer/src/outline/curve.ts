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

// The geometry below takes points as x, y numbers, not objects: it runs for every run of segments
// the optimization tries, and objects made there were half of what tracing a set of images
// allocated.

/** Twice the signed area of triangle p0 p1 p2. */
function dpara(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number): number {
  return (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
}

/** The "L-infinity" denominator of the alpha formula: p0-p2 measured along a lattice direction. */
function ddenom(x0: number, y0: number, x2: number, y2: number): number {
  const rx = -sign(y2 - y0);
  const ry = sign(x2 - x0);
  return ry * (x2 - x0) - rx * (y2 - y0);
}

/** The cross product of p0p1 and p2p3. */
function cprod(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
): number {
  return (x1 - x0) * (y3 - y2) - (x3 - x2) * (y1 - y0);
}

/** The inner product of p0p1 and p0p2. */
function iprod(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number): number {
  return (x1 - x0) * (x2 - x0) + (y1 - y0) * (y2 - y0);
}

/** The inner product of p0p1 and p2p3. */
function iprod1(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
): number {
  return (x1 - x0) * (x3 - x2) + (y1 - y0) * (y3 - y2);
}

function ddist(x0: number, y0: number, x1: number, y1: number): number {
  const dx = x0 - x1;
  const dy = y0 - y1;
  return Math.sqrt(dx * dx + dy * dy);
}

/** One coordinate of the Bézier p0 p1 p2 p3 at t. */
function bezier(t: number, p0: number, p1: number, p2: number, p3: number): number {
  const s = 1 - t;
  const a = s * s * s;
  const b = 3 * s * s * t;
  const c = 3 * t * t * s;
  const d = t * t * t;
  return a * p0 + b * p1 + c * p2 + d * p3;
}

/**
 * The parameter t where the Bézier's tangent is parallel to q0q1, or -1 if none in [0,1]. The
 * Bézier's points are `bz` (x0, y0 ... x3, y3).
 */
function tangent(bz: Float64Array, qx0: number, qy0: number, qx1: number, qy1: number): number {
  const A = cprod(bz[0], bz[1], bz[2], bz[3], qx0, qy0, qx1, qy1);
  const B = cprod(bz[2], bz[3], bz[4], bz[5], qx0, qy0, qx1, qy1);
  const C = cprod(bz[4], bz[5], bz[6], bz[7], qx0, qy0, qx1, qy1);
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
  const { n: m, vx, vy } = curve;
  const x = vx[j];
  const y = vy[j];
  let i = mod(j - 1, m);
  for (let k = 0; k < m && ddist(vx[i], vy[i], x, y) < BEVEL; k++) i = mod(i - 1, m);
  let k = mod(j + 1, m);
  for (let q = 0; q < m && ddist(vx[k], vy[k], x, y) < BEVEL; q++) k = mod(k + 1, m);
  return turn(vx[i], vy[i], x, y, vx[k], vy[k]);
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
    const i = mod(j - 1, m);
    const k = mod(j + 1, m);
    const denom = ddenom(vx[i], vy[i], vx[k], vy[k]);
    if (denom !== 0) {
      const dd = Math.abs(dpara(vx[i], vy[i], vx[j], vy[j], vx[k], vy[k]) / denom);
      alphas[j] = (dd > 1 ? 1 - 1 / dd : 0) / 0.75;
    } else {
      alphas[j] = 4 / 3;
    }
  }
  const { c } = curve;
  for (let j = 0; j < m; j++) {
    const i = mod(j - 1, m);
    const k = mod(j + 1, m);
    let alpha = alphas[j];
    const sharp = rule.turn !== undefined && turnAround(curve, j) >= rule.turn;
    const o = 6 * j;
    if (alpha >= rule.alphamax || sharp) {
      curve.corner[j] = 1;
      c[o + 2] = vx[j];
      c[o + 3] = vy[j];
    } else {
      if (bulge && Number.isFinite(bulge[j])) alpha = bulge[j];
      alpha = Math.min(1, Math.max(0.55, alpha));
      const t = 0.5 + 0.5 * alpha;
      c[o] = vx[i] + t * (vx[j] - vx[i]);
      c[o + 1] = vy[i] + t * (vy[j] - vy[i]);
      c[o + 2] = vx[k] + t * (vx[j] - vx[k]);
      c[o + 3] = vy[k] + t * (vy[j] - vy[k]);
    }
    c[o + 4] = vx[k] + 0.5 * (vx[j] - vx[k]);
    c[o + 5] = vy[k] + 0.5 * (vy[j] - vy[k]);
    curve.alpha[j] = alpha;
  }
  return curve;
}

/**
 * The Bézier that `joinedBezier` fits: its points p0, c0, c1, p3 (x, y each), then t, s and alpha
 * (where c0 lies along p0 p1, c1 along p3 p2, and how far), then its penalty (see optiPenalty).
 * One, reused: it is read before the next fit.
 */
const joined = new Float64Array(12);
const PENALTY = 11;

/**
 * The single Bézier that replaces segments i+1..j, into `joined`: tangent to the first and last
 * polygon edges, enclosing the same area as the segments it replaces (`areac`: cumulative
 * areas). False when there is none.
 */
function joinedBezier(curve: Curve, i: number, j: number, areac: Float64Array): boolean {
  const { n: m, vx, vy, c } = curve;
  const e0 = 6 * mod(i, m);
  const x0 = c[e0 + 4];
  const y0 = c[e0 + 5];
  const i1 = mod(i + 1, m);
  const x1 = vx[i1];
  const y1 = vy[i1];
  const j0 = mod(j, m);
  const x2 = vx[j0];
  const y2 = vy[j0];
  const x3 = c[6 * j0 + 4];
  const y3 = c[6 * j0 + 5];

  let area = areac[j] - areac[i];
  area -= dpara(vx[0], vy[0], c[6 * i + 4], c[6 * i + 5], c[6 * j + 4], c[6 * j + 5]) / 2;
  if (i >= j) area += areac[m];

  const A1 = dpara(x0, y0, x1, y1, x2, y2);
  const A2 = dpara(x0, y0, x1, y1, x3, y3);
  const A3 = dpara(x0, y0, x2, y2, x3, y3);
  const A4 = A1 + A3 - A2;
  if (A2 === A1) return false;
  const t = A3 / (A3 - A4);
  const s = A2 / (A2 - A1);
  const A = (A2 * t) / 2;
  if (A === 0) return false;
  const R = area / A;
  const alpha = 2 - Math.sqrt(4 - R / 0.3);
  joined[0] = x0;
  joined[1] = y0;
  joined[2] = x0 + t * alpha * (x1 - x0);
  joined[3] = y0 + t * alpha * (y1 - y0);
  joined[4] = x3 + s * alpha * (x2 - x3);
  joined[5] = y3 + s * alpha * (y2 - y3);
  joined[6] = x3;
  joined[7] = y3;
  joined[8] = t;
  joined[9] = s;
  joined[10] = alpha;
  return true;
}

/**
 * Whether segments i+1..j may be replaced by one Bézier, left in `joined` with the penalty of
 * doing so (a number, not returned: V8 would box it on every call).
 */
function optiPenalty(
  curve: Curve,
  i: number,
  j: number,
  opttolerance: number,
  convc: Int32Array,
  areac: Float64Array,
): boolean {
  const { n: m, vx, vy, c } = curve;
  if (i === j) return false;
  const i1 = mod(i + 1, m);
  let k1 = mod(i + 1, m);
  const conv = convc[k1];
  if (conv === 0) return false;
  const xi = vx[i];
  const yi = vy[i];
  const xi1 = vx[i1];
  const yi1 = vy[i1];
  const d = ddist(xi, yi, xi1, yi1);
  for (let k = k1; k !== j; k = k1) {
    k1 = mod(k + 1, m);
    const k2 = mod(k + 2, m);
    if (convc[k1] !== conv) return false;
    if (sign(cprod(xi, yi, xi1, yi1, vx[k1], vy[k1], vx[k2], vy[k2])) !== conv) return false;
    if (
      iprod1(xi, yi, xi1, yi1, vx[k1], vy[k1], vx[k2], vy[k2]) <
      d * ddist(vx[k1], vy[k1], vx[k2], vy[k2]) * COS179
    )
      return false;
  }

  if (!joinedBezier(curve, i, j, areac)) return false;
  const bz = joined;
  let pen = 0;

  // The new curve must stay within tolerance of every polygon edge it replaces...
  for (let k = mod(i + 1, m); k !== j; k = k1) {
    k1 = mod(k + 1, m);
    const xk = vx[k];
    const yk = vy[k];
    const xk1 = vx[k1];
    const yk1 = vy[k1];
    const t = tangent(bz, xk, yk, xk1, yk1);
    if (t < -0.5) return false;
    const px = bezier(t, bz[0], bz[2], bz[4], bz[6]);
    const py = bezier(t, bz[1], bz[3], bz[5], bz[7]);
    const dk = ddist(xk, yk, xk1, yk1);
    if (dk === 0) return false;
    const d1 = dpara(xk, yk, xk1, yk1, px, py) / dk;
    if (Math.abs(d1) > opttolerance) return false;
    if (iprod(xk, yk, xk1, yk1, px, py) < 0 || iprod(xk1, yk1, xk, yk, px, py) < 0) return false;
    pen += d1 * d1;
  }
  // ...and not cut the corners of the segments it replaces.
  for (let k = i; k !== j; k = k1) {
    k1 = mod(k + 1, m);
    const xk = c[6 * k + 4];
    const yk = c[6 * k + 5];
    const xk1 = c[6 * k1 + 4];
    const yk1 = c[6 * k1 + 5];
    const t = tangent(bz, xk, yk, xk1, yk1);
    if (t < -0.5) return false;
    const px = bezier(t, bz[0], bz[2], bz[4], bz[6]);
    const py = bezier(t, bz[1], bz[3], bz[5], bz[7]);
    const dk = ddist(xk, yk, xk1, yk1);
    if (dk === 0) return false;
    let d1 = dpara(xk, yk, xk1, yk1, px, py) / dk;
    let d2 = (dpara(xk, yk, xk1, yk1, vx[k1], vy[k1]) / dk) * 0.75 * curve.alpha[k1];
    if (d2 < 0) {
      d1 = -d1;
      d2 = -d2;
    }
    if (d1 < d2 - opttolerance) return false;
    if (d1 < d2) pen += (d1 - d2) * (d1 - d2);
  }
  joined[PENALTY] = pen;
  return true;
}

/**
 * Cumulative signed area under the curve's segments, for O(1) area of any run (Sec. 2.4), in the
 * working array `name`.
 */
function cumulativeArea(curve: Curve, name: string): Float64Array {
  const { n: m, vx, vy, c } = curve;
  const areac = workF64(name, m + 1);
  areac[0] = 0;
  let area = 0;
  for (let i = 0; i < m; i++) {
    const i1 = mod(i + 1, m);
    if (!curve.corner[i1]) {
      const alpha = curve.alpha[i1];
      const xe = c[6 * i + 4];
      const ye = c[6 * i + 5];
      const xe1 = c[6 * i1 + 4];
      const ye1 = c[6 * i1 + 5];
      area += (0.3 * alpha * (4 - alpha) * dpara(xe, ye, vx[i1], vy[i1], xe1, ye1)) / 2;
      area += dpara(vx[0], vy[0], xe, ye, xe1, ye1) / 2;
    }
    areac[i + 1] = area;
  }

  return areac;
}

/** Numbers kept for each run joined by `optimizeCurve`: c0, c1 (x, y each), s and alpha. */
const JOINED = 6;

/**
 * Stage 5, curve optimization: joins runs of segments into single Béziers within tolerance (Sec.
 * 2.4). With `work`, the joined curve is in working arrays (see newCurve).
 */
export function optimizeCurve(
  curve: Curve,
  opttolerance: number,
  fit: Curve = curve,
  work?: CurveWork,
): Curve {
  const m = curve.n;
  const { vx, vy } = curve;
  const pt = workI32('optimize.pt', m + 1);
  const pen = workF64('optimize.pen', m + 1);
  const len = workI32('optimize.len', m + 1);
  // The Bézier that joins the run ending at j, as the penalty took it (see JOINED).
  const opt = workF64('optimize.opt', JOINED * (m + 1));
  const convc = workI32('optimize.convc', m);

  for (let i = 0; i < m; i++) {
    const h = mod(i - 1, m);
    const k = mod(i + 1, m);
    convc[i] = curve.corner[i] ? 0 : sign(dpara(vx[h], vy[h], vx[i], vy[i], vx[k], vy[k]));
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
      if (!optiPenalty(curve, i, mod(j, m), opttolerance, convc, areac)) break;
      const o = joined[PENALTY];
      if (len[j] > len[i] + 1 || (len[j] === len[i] + 1 && pen[j] > pen[i] + o)) {
        pt[j] = i;
        pen[j] = pen[i] + o;
        len[j] = len[i] + 1;
        keepJoined(opt, JOINED * j);
      }
    }
  }

  const om = len[m];
  const out = newCurve(om, work);
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
      // Refitted to the measured curve's areas; where that has no Bézier, the one the penalty took.
      const at = JOINED * j;
      if (joinedBezier(curve, pt[j], jm, fitArea)) keepJoined(opt, at);
      const ex = curve.c[6 * jm + 4];
      const ey = curve.c[6 * jm + 5];
      for (let l = 0; l < 4; l++) out.c[o + l] = opt[at + l];
      out.c[o + 4] = ex;
      out.c[o + 5] = ey;
      const s = opt[at + 4];
      out.vx[i] = ex + s * (vx[jm] - ex);
      out.vy[i] = ey + s * (vy[jm] - ey);
      out.alpha[i] = opt[at + 5];
    }
    j = pt[j];
  }
  return out;
}

/** Copies the last joined Bézier's c0, c1, s and alpha into `opt` at `at`. */
function keepJoined(opt: Float64Array, at: number): void {
  for (let l = 0; l < 4; l++) opt[at + l] = joined[2 + l];
  opt[at + 4] = joined[9];
  opt[at + 5] = joined[10];
}
