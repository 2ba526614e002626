import type { Point } from '../model.js';

/** An ellipse fitted to samples, and how far the samples lie from it. */
export interface EllipseFit {
  center: Point;
  /** The semi-axis along the rotated x axis: the larger one (rx >= ry). */
  rx: number;
  ry: number;
  /** Radians in (-π/2, π/2]: the angle of the rx axis from +x, y down (SVG's x-axis-rotation, in radians). */
  rotation: number;
  /** The largest distance of a sample from the ellipse. */
  deviation: number;
  /** The mean distance of the samples from the ellipse. */
  meanDeviation: number;
}

/** An ellipse's geometry, as {@link EllipseFit} gives it. */
export type Ellipse = Pick<EllipseFit, 'center' | 'rx' | 'ry' | 'rotation'>;

type Vec3 = [number, number, number];
type Mat3 = [Vec3, Vec3, Vec3];

const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const zeros = (): Mat3 => [0, 1, 2].map(() => [0, 0, 0]) as Mat3;
const times = (a: Mat3, b: Mat3): Mat3 =>
  a.map((row) => [0, 1, 2].map((j) => row[0] * b[0][j] + row[1] * b[1][j] + row[2] * b[2][j])) as Mat3;

/** The inverse of a 3x3 matrix by its adjugate, or undefined when it is (nearly) singular. */
function inverse(m: Mat3): Mat3 | undefined {
  const [c0, c1, c2] = [cross(m[1], m[2]), cross(m[2], m[0]), cross(m[0], m[1])];
  const det = dot(m[0], c0);
  const size = Math.hypot(...m[0]) * Math.hypot(...m[1]) * Math.hypot(...m[2]);
  if (!(Math.abs(det) > 1e-10 * size)) return undefined;
  return [0, 1, 2].map((i) => [c0[i] / det, c1[i] / det, c2[i] / det]) as Mat3;
}

/**
 * The real roots of the characteristic cubic λ³ - tr·λ² + minors·λ - det of a 3x3 matrix: Cardano
 * for one real root, Viète's trigonometric form for three, each then polished by Newton's method.
 */
function eigenvalues(m: Mat3): number[] {
  const a = -(m[0][0] + m[1][1] + m[2][2]);
  const b = cross(m[1], m[2])[0] + cross(m[2], m[0])[1] + cross(m[0], m[1])[2]; // the principal minors
  const c = -dot(m[0], cross(m[1], m[2]));
  const p = b - (a * a) / 3;
  const q = (2 * a * a * a) / 27 - (a * b) / 3 + c;
  const disc = (q / 2) ** 2 + (p / 3) ** 3;
  let roots: number[];
  if (disc > 0 || p >= 0) {
    const r = Math.sqrt(Math.max(disc, 0));
    roots = [Math.cbrt(-q / 2 + r) + Math.cbrt(-q / 2 - r)];
  } else {
    const k = 2 * Math.sqrt(-p / 3);
    const theta = Math.acos(Math.min(1, Math.max(-1, (3 * q) / (p * k)))) / 3;
    roots = [0, 1, 2].map((i) => k * Math.cos(theta - (2 * Math.PI * i) / 3));
  }
  return roots.map((t) => {
    let x = t - a / 3;
    for (let i = 0; i < 2; i++) {
      const step = (((x + a) * x + b) * x + c) / ((3 * x + 2 * a) * x + b);
      if (Number.isFinite(step)) x -= step;
    }
    return x;
  });
}

/** A unit vector v with (M - λI)v = 0: the longest cross product of two rows of M - λI. */
function eigenvector(m: Mat3, lambda: number): Vec3 | undefined {
  const r = m.map((row, i) => row.map((v, j) => (i === j ? v - lambda : v))) as Mat3;
  let best: Vec3 = [0, 0, 0];
  for (const v of [cross(r[0], r[1]), cross(r[0], r[2]), cross(r[1], r[2])]) {
    if (dot(v, v) > dot(best, best)) best = v;
  }
  const length = Math.hypot(...best);
  return length > 0 ? (best.map((v) => v / length) as Vec3) : undefined;
}

/**
 * The distance from p to the ellipse, geometric (along the normal), after Eberly, "Distance from a
 * Point to an Ellipse, an Ellipsoid, or a Hyperellipsoid" (2013): the nearest point's parameter is
 * the root of a monotonic function, found by bisection to the last bit.
 */
export function ellipseDistance(e: Ellipse, p: Point): number {
  const [dx, dy] = [p.x - e.center.x, p.y - e.center.y];
  const [cos, sin] = [Math.cos(e.rotation), Math.sin(e.rotation)];
  let [y0, y1] = [Math.abs(dx * cos + dy * sin), Math.abs(dy * cos - dx * sin)];
  let [e0, e1] = [e.rx, e.ry];
  if (e0 < e1) [e0, e1, y0, y1] = [e1, e0, y1, y0];
  if (y1 === 0) {
    // On the major axis: the nearest point is off it only inside the evolute's cusp.
    const [numer, denom] = [e0 * y0, e0 * e0 - e1 * e1];
    if (numer >= denom) return Math.abs(y0 - e0);
    const x0 = numer / denom;
    return Math.hypot(e0 * x0 - y0, e1 * Math.sqrt(1 - x0 * x0));
  }
  if (y0 === 0) return Math.abs(y1 - e1);
  const [z0, z1] = [y0 / e0, y1 / e1];
  let g = z0 * z0 + z1 * z1 - 1;
  if (g === 0) return 0;
  const r0 = (e0 / e1) ** 2;
  const n0 = r0 * z0;
  // Bisection for the root s of (n0 / (s + r0))² + (z1 / (s + 1))² = 1, bracketed as Eberly shows.
  let [s0, s1] = [z1 - 1, g < 0 ? 0 : Math.hypot(n0, z1) - 1];
  let s = (s0 + s1) / 2;
  // To 1e-12 of s: far below a millionth of a pixel on any ellipse a picture holds.
  for (let i = 0; i < 1100 && s1 - s0 > 1e-12 * Math.max(1, Math.abs(s)); i++) {
    g = (n0 / (s + r0)) ** 2 + (z1 / (s + 1)) ** 2 - 1;
    if (g > 0) s0 = s;
    else if (g < 0) s1 = s;
    else break;
    s = (s0 + s1) / 2;
  }
  return Math.hypot((r0 * y0) / (s + r0) - y0, y1 / (s + 1) - y1);
}

/**
 * The direct least-squares ellipse through samples 0..count-1 (Fitzgibbon, Pilu & Fisher, "Direct
 * Least Square Fitting of Ellipses", 1999), in the numerically stable form of Halíř & Flusser
 * ("Numerically Stable Direct Least Squares Fitting of Ellipses", 1998), on samples moved to their
 * mean and scaled to unit RMS distance. Undefined for fewer than 6 samples or no proper ellipse;
 * also, given `limits` for the ellipse found, when its samples stray further (a first look at about
 * 48 of them turns most shapes that are no ellipse away before all are measured).
 */
export function fitEllipse(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  count = Math.min(xs.length, ys.length),
  limits?: (e: Ellipse) => Limits,
): EllipseFit | undefined {
  if (count < 6) return undefined;
  let [mx, my, ss] = [0, 0, 0];
  for (let i = 0; i < count; i++) [mx, my] = [mx + xs[i], my + ys[i]];
  [mx, my] = [mx / count, my / count];
  for (let i = 0; i < count; i++) ss += (xs[i] - mx) ** 2 + (ys[i] - my) ** 2;
  const scale = Math.sqrt(ss / count);
  if (!(scale > 0 && Number.isFinite(scale))) return undefined;
  // Scatter matrices of the quadratic terms [x², xy, y²] (s1), the linear ones [x, y, 1] (s3), and both (s2).
  const [s1, s2, s3] = [zeros(), zeros(), zeros()];
  for (let i = 0; i < count; i++) {
    const [x, y] = [(xs[i] - mx) / scale, (ys[i] - my) / scale];
    const q = [x * x, x * y, y * y];
    const l = [x, y, 1];
    for (let j = 0; j < 3; j++) {
      for (let k = 0; k < 3; k++) {
        s1[j][k] += q[j] * q[k];
        s2[j][k] += q[j] * l[k];
        s3[j][k] += l[j] * l[k];
      }
    }
  }
  const s3inv = inverse(s3);
  if (!s3inv) return undefined; // collinear samples
  // The linear coefficients that best go with given quadratic ones: a2 = t·a1, t = -s3⁻¹ s2ᵀ.
  const s2t = [0, 1, 2].map((j) => s2.map((row) => row[j])) as Mat3;
  const t = times(s3inv, s2t).map((row) => row.map((v) => -v)) as Mat3;
  const reduced = times(s2, t).map((row, j) => row.map((v, k) => v + s1[j][k])) as Mat3;
  // Premultiplied by the inverse of the constraint matrix [[0, 0, 2], [0, -1, 0], [2, 0, 0]].
  const m = [2, 1, 0].map((j) => reduced[j].map((v) => (j === 1 ? -v : v / 2))) as Mat3;
  let [best, bestCondition]: [Vec3 | undefined, number] = [undefined, 0];
  for (const lambda of eigenvalues(m)) {
    const v = eigenvector(m, lambda);
    const condition = v ? 4 * v[0] * v[2] - v[1] * v[1] : 0;
    if (condition > bestCondition) [best, bestCondition] = [v, condition];
  }
  if (!best) return undefined;
  // The conic a x² + b xy + c y² + d x + e y + f = 0, signed so that its quadratic form is positive.
  const sign = best[0] + best[2] < 0 ? -1 : 1;
  const [a, b, c] = best.map((v) => sign * v);
  const [d, e, f] = t.map((row) => sign * dot(row, best));
  const det = 4 * a * c - b * b;
  const [x0, y0] = [(b * e - 2 * c * d) / det, (b * d - 2 * a * e) / det];
  const f0 = f + (d * x0 + e * y0) / 2; // the conic's value at the centre
  const large = (a + c) / 2 + Math.hypot((a - c) / 2, b / 2);
  const small = det / 4 / large; // the form's eigenvalues multiply to its determinant
  let rotation = Math.atan2(b, a - c) / 2 + Math.PI / 2; // the axis of the smaller eigenvalue
  if (rotation > Math.PI / 2) rotation -= Math.PI;
  const center = { x: mx + scale * x0, y: my + scale * y0 };
  const [rx, ry] = [scale * Math.sqrt(-f0 / small), scale * Math.sqrt(-f0 / large)];
  if (![center.x, center.y, rx, ry].every(Number.isFinite) || !(ry > 0)) return undefined;
  const ellipse = { center, rx, ry, rotation };
  if (!limits) return { ...ellipse, ...measure(ellipse, xs, ys, count, 1) };
  const { most, mean } = limits(ellipse);
  // A mean of a few dozen samples may come out above the whole one: twice the limit, then.
  const glance = measure(ellipse, xs, ys, count, Math.max(1, Math.floor(count / 48)));
  if (glance.deviation > most || glance.meanDeviation > 2 * mean) return undefined;
  const all = measure(ellipse, xs, ys, count, 1);
  return all.deviation > most || all.meanDeviation > mean ? undefined : { ...ellipse, ...all };
}

/** How far samples may stray from an ellipse: the largest distance and the mean. */
export interface Limits {
  most: number;
  mean: number;
}

/** The largest and the mean distance of every `step`-th sample from the ellipse. */
function measure(e: Ellipse, xs: ArrayLike<number>, ys: ArrayLike<number>, count: number, step: number) {
  let [deviation, sum, n] = [0, 0, 0];
  for (let i = 0; i < count; i += step, n++) {
    const distance = ellipseDistance(e, { x: xs[i], y: ys[i] });
    [deviation, sum] = [Math.max(deviation, distance), sum + distance];
  }
  return { deviation, meanDeviation: sum / n };
}
