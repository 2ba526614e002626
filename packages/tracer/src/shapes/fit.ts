import { principalAxis } from '../geometry/line-fit.js';
import type { Point } from '../model.js';
import type { Samples } from './samples.js';

/** A straight line through a stretch of samples: a point on it and its unit direction. */
export interface LineFit {
  kind: 'line';
  point: Point;
  dx: number;
  dy: number;
  /** The largest distance of a sample from the line. */
  deviation: number;
  /** The mean distance of the samples from the line. */
  meanDeviation: number;
  /** The sum of the squared distances. */
  sse: number;
}

/** A circle through a stretch of samples, and the angle the stretch turns through round it. */
export interface ArcFit {
  kind: 'arc';
  center: Point;
  radius: number;
  /** The largest distance of a sample from the circle. */
  deviation: number;
  /** The mean distance of the samples from the circle. */
  meanDeviation: number;
  /** The sum of the squared distances. */
  sse: number;
  /** Signed, y down: positive clockwise on screen. */
  sweep: number;
  /** Whether every step between samples turns the same way round the centre. */
  monotonic: boolean;
}

export type Fit = LineFit | ArcFit;

/**
 * Samples a..b (inclusive; past the end of a closed subpath they wrap round), relative to sample
 * a, so that large coordinates lose no precision in the sums.
 */
function stretch(s: Samples, a: number, b: number): { xs: Float64Array; ys: Float64Array; origin: Point } {
  const n = b - a + 1;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const o = a % s.count;
  const origin = { x: s.x[o] as number, y: s.y[o] as number };
  for (let i = 0; i < n; i++) {
    const k = (a + i) % s.count;
    xs[i] = (s.x[k] as number) - origin.x;
    ys[i] = (s.y[k] as number) - origin.y;
  }
  return { xs, ys, origin };
}

/** The total least squares line through samples a..b. */
export function fitLine(s: Samples, a: number, b: number): LineFit {
  const { xs, ys, origin } = stretch(s, a, b);
  const n = xs.length;
  const { cx: mx, cy: my, dx, dy } = principalAxis(xs, ys);
  let deviation = 0;
  let total = 0;
  let sse = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.abs(((xs[i] as number) - mx) * dy - ((ys[i] as number) - my) * dx);
    if (d > deviation) deviation = d;
    total += d;
    sse += d * d;
  }
  return {
    kind: 'line',
    point: { x: mx + origin.x, y: my + origin.y },
    dx,
    dy,
    deviation,
    meanDeviation: total / n,
    sse,
  };
}

/**
 * The circle through samples a..b: Kåsa's algebraic fit (linear least squares of
 * x² + y² + Dx + Ey + F), then a few Gauss-Newton steps on the distances themselves, which
 * Kåsa's fit underestimates on short arcs. Undefined for samples on a line.
 */
export function fitCircle(s: Samples, a: number, b: number): ArcFit | undefined {
  const { xs, ys, origin } = stretch(s, a, b);
  const n = xs.length;
  if (n < 3) return undefined;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  let sxz = 0;
  let syz = 0;
  let sz = 0;
  for (let i = 0; i < n; i++) {
    const x = xs[i] as number;
    const y = ys[i] as number;
    const z = x * x + y * y;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
    sxz += x * z;
    syz += y * z;
    sz += z;
  }
  const solved = solve3([sxx, sxy, sx, sxy, syy, sy, sx, sy, n], [-sxz, -syz, -sz]);
  if (!solved) return undefined;
  let cx = -solved[0] / 2;
  let cy = -solved[1] / 2;
  const r2 = cx * cx + cy * cy - solved[2];
  if (!(r2 > 0) || !Number.isFinite(r2)) return undefined;
  let r = Math.sqrt(r2);
  for (let iteration = 0; iteration < 5; iteration++) {
    // Normal equations of the residuals d_i - r in (cx, cy, r); the Jacobian row is (-u, -v, -1).
    let suu = 0;
    let suv = 0;
    let svv = 0;
    let su = 0;
    let sv = 0;
    let sue = 0;
    let sve = 0;
    let se = 0;
    for (let i = 0; i < n; i++) {
      const dx = (xs[i] as number) - cx;
      const dy = (ys[i] as number) - cy;
      const d = Math.sqrt(dx * dx + dy * dy) || 1e-12;
      const u = dx / d;
      const v = dy / d;
      const e = d - r;
      suu += u * u;
      suv += u * v;
      svv += v * v;
      su += u;
      sv += v;
      sue += u * e;
      sve += v * e;
      se += e;
    }
    const step = solve3([suu, suv, su, suv, svv, sv, su, sv, n], [-sue, -sve, -se]);
    if (!step) break;
    cx += step[0];
    cy += step[1];
    r += step[2];
    if (Math.abs(step[0]) + Math.abs(step[1]) + Math.abs(step[2]) < 1e-6 * (1 + r)) break;
  }
  if (!(r > 0) || !Number.isFinite(r)) return undefined;
  let deviation = 0;
  let total = 0;
  let sse = 0;
  let sweep = 0;
  let backward = 0;
  let forward = 0;
  // The turn is summed in steps of a few samples (each far under half a turn), the way back
  // sample by sample from the sign of each step's cross product (its sine, for small steps).
  const stride = 4;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - cx;
    const dy = (ys[i] as number) - cy;
    const dist = Math.sqrt(dx * dx + dy * dy);
    const d = Math.abs(dist - r);
    if (d > deviation) deviation = d;
    total += d;
    sse += d * d;
    if (i === 0) continue;
    const px = (xs[i - 1] as number) - cx;
    const py = (ys[i - 1] as number) - cy;
    const sine = (px * dy - py * dx) / ((Math.sqrt(px * px + py * py) || 1e-12) * (dist || 1e-12));
    if (sine > 0) forward += sine;
    else backward -= sine;
    if (i % stride === 0 || i === n - 1) {
      const from = i % stride === 0 ? i - stride : i - (i % stride);
      const fx = (xs[from] as number) - cx;
      const fy = (ys[from] as number) - cy;
      sweep += Math.atan2(fx * dy - fy * dx, fx * dx + fy * dy);
    }
  }
  // Noise may step back a hair; a real reversal is a curve that is not this arc.
  const monotonic = Math.min(forward, backward) <= 0.02 + 0.02 * Math.abs(sweep);
  return {
    kind: 'arc',
    center: { x: cx + origin.x, y: cy + origin.y },
    radius: r,
    deviation,
    meanDeviation: total / n,
    sse,
    sweep,
    monotonic,
  };
}

/** Solves a 3x3 system (row-major) by Cramer's rule; undefined when it is singular. */
function solve3(m: number[], v: number[]): [number, number, number] | undefined {
  const [a, b, c, d, e, f, g, h, i] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [p, q, r] = v as [number, number, number];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  const scale = Math.abs(a) + Math.abs(e) + Math.abs(i);
  if (!(Math.abs(det) > 1e-12 * scale * scale * scale)) return undefined;
  return [
    (p * (e * i - f * h) - b * (q * i - f * r) + c * (q * h - e * r)) / det,
    (a * (q * i - f * r) - p * (d * i - f * g) + c * (d * r - q * g)) / det,
    (a * (e * r - q * h) - b * (d * r - q * g) + p * (d * h - e * g)) / det,
  ];
}

/** How far samples a..b lie from a shape: the largest and the mean distance. */
export interface Deviation {
  max: number;
  mean: number;
}

/** The distances of samples a..b from the segment p-q. */
export function lineDeviation(s: Samples, a: number, b: number, p: Point, q: Point): Deviation {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const length2 = dx * dx + dy * dy;
  let max = 0;
  let total = 0;
  for (let i = a; i <= b; i++) {
    const k = i % s.count;
    const x = (s.x[k] as number) - p.x;
    const y = (s.y[k] as number) - p.y;
    const t = length2 > 0 ? Math.max(0, Math.min(1, (x * dx + y * dy) / length2)) : 0;
    const d = Math.hypot(x - t * dx, y - t * dy);
    if (d > max) max = d;
    total += d;
  }
  return { max, mean: total / (b - a + 1) };
}

/** The distances of samples a..b from a circle. */
export function circleDeviation(s: Samples, a: number, b: number, center: Point, radius: number): Deviation {
  let max = 0;
  let total = 0;
  for (let i = a; i <= b; i++) {
    const k = i % s.count;
    const d = Math.abs(Math.hypot((s.x[k] as number) - center.x, (s.y[k] as number) - center.y) - radius);
    if (d > max) max = d;
    total += d;
  }
  return { max, mean: total / (b - a + 1) };
}

/**
 * The circle through `from` and `to` that best fits samples a..b: its centre slides along the
 * chord's bisector, from where `near` (a free fit's centre) projects onto it, by Gauss-Newton.
 */
export function fitCircleThrough(
  s: Samples,
  a: number,
  b: number,
  from: Point,
  to: Point,
  near: Point,
): { center: Point; radius: number } | undefined {
  const mx = (from.x + to.x) / 2;
  const my = (from.y + to.y) / 2;
  const half = Math.hypot(to.x - from.x, to.y - from.y) / 2;
  if (half === 0) return undefined;
  // The bisector's unit direction.
  const nx = -(to.y - from.y) / (2 * half);
  const ny = (to.x - from.x) / (2 * half);
  let h = (near.x - mx) * nx + (near.y - my) * ny;
  for (let iteration = 0; iteration < 8; iteration++) {
    const cx = mx + h * nx;
    const cy = my + h * ny;
    const r = Math.hypot(h, half);
    let jj = 0;
    let je = 0;
    for (let i = a; i <= b; i++) {
      const k = i % s.count;
      const dx = (s.x[k] as number) - cx;
      const dy = (s.y[k] as number) - cy;
      const d = Math.hypot(dx, dy) || 1e-12;
      const e = d - r;
      const j = -(dx * nx + dy * ny) / d - h / r;
      jj += j * j;
      je += j * e;
    }
    if (!(jj > 0)) break;
    const step = -je / jj;
    h += step;
    if (Math.abs(step) < 1e-9 * (1 + Math.abs(h))) break;
  }
  if (!Number.isFinite(h)) return undefined;
  return { center: { x: mx + h * nx, y: my + h * ny }, radius: Math.hypot(h, half) };
}
