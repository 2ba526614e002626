import type { Segment } from '../model.js';

/** A unit direction. */
export interface Dir {
  x: number;
  y: number;
}

/**
 * A point the curve passes through exactly, where one fitted piece ends and the next begins:
 * `tin` is the direction of travel arriving there, `tout` leaving (the same at a smooth junction,
 * different at a corner); left out, it is estimated from the points.
 */
export interface Knot {
  i: number;
  tin?: Dir;
  tout?: Dir;
}

/** How far a tangent estimate looks along the points (px). */
const TANGENT_REACH = 3;
/** Newton steps that re-place the points on the curve before it is split. */
const REPARAMETERIZE = 4;

/**
 * Least-squares cubic Béziers through points, joined at the knots (Schneider's algorithm,
 * Graphics Gems 1990): each piece between two knots is fitted with its end tangents fixed,
 * re-parameterized, and split at its worst point until every point lies within `tolerance` px.
 * A piece whose points all lie within the tolerance of its chord, meeting its knots at an angle
 * (a corner or a stroke's end), is a line.
 */
export function fitPoints(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  knots: Knot[],
  tolerance: number,
): Segment[] {
  const segments: Segment[] = [];
  const fitter = new Fitter(xs, ys, tolerance, segments);
  for (let k = 0; k + 1 < knots.length; k++) {
    const a = knots[k];
    const b = knots[k + 1];
    if (b.i <= a.i) continue;
    const t1 = a.tout ?? fitter.tangentFrom(a.i, b.i);
    const arrive = b.tin ?? fitter.tangentArriving(a.i, b.i);
    fitter.piece(a.i, b.i, t1, { x: -arrive.x, y: -arrive.y }, !smooth(a), !smooth(b));
  }
  return segments;
}

/** Whether the curve goes on through the knot without turning (not a corner, not an end). */
function smooth(knot: Knot): boolean {
  const { tin, tout } = knot;
  return tin !== undefined && tout !== undefined && tin.x * tout.x + tin.y * tout.y > 0.9999;
}

class Fitter {
  private u = new Float64Array(0);

  constructor(
    private readonly xs: ArrayLike<number>,
    private readonly ys: ArrayLike<number>,
    private readonly tolerance: number,
    private readonly out: Segment[],
  ) {}

  /** The direction from point i towards the points after it, up to j. */
  tangentFrom(i: number, j: number): Dir {
    const { xs, ys } = this;
    let k = i + 1;
    while (k < j && dist(xs[i], ys[i], xs[k], ys[k]) < TANGENT_REACH) k++;
    return unit(xs[k] - xs[i], ys[k] - ys[i]);
  }

  /** The direction of travel arriving at point j from the points before it, back to i. */
  tangentArriving(i: number, j: number): Dir {
    const { xs, ys } = this;
    let k = j - 1;
    while (k > i && dist(xs[j], ys[j], xs[k], ys[k]) < TANGENT_REACH) k--;
    return unit(xs[j] - xs[k], ys[j] - ys[k]);
  }

  /**
   * Fits points first..last, leaving along t1 and arriving against t2 (t2 points back into the
   * piece). `freeStart`/`freeEnd`: the knot is a corner or an end, where a line may meet it.
   */
  piece(first: number, last: number, t1: Dir, t2: Dir, freeStart: boolean, freeEnd: boolean): void {
    const { xs, ys } = this;
    if (this.isLine(first, last, t1, t2, freeStart, freeEnd)) {
      this.out.push({ kind: 'line', to: { x: xs[last], y: ys[last] } });
      return;
    }
    this.fit(first, last, t1, t2, 0);
  }

  private isLine(
    first: number,
    last: number,
    t1: Dir,
    t2: Dir,
    freeStart: boolean,
    freeEnd: boolean,
  ): boolean {
    const { xs, ys, tolerance } = this;
    const dx = xs[last] - xs[first];
    const dy = ys[last] - ys[first];
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len === 0) return last - first <= 1;
    for (let i = first + 1; i < last; i++) {
      const off = Math.abs((xs[i] - xs[first]) * dy - (ys[i] - ys[first]) * dx) / len;
      if (off > tolerance * 0.6) return false;
    }
    // A line meets a smooth knot along its tangent (within about 6 degrees).
    const along = 0.995 * len;
    if (!freeStart && t1.x * dx + t1.y * dy < along) return false;
    if (!freeEnd && -(t2.x * dx + t2.y * dy) < along) return false;
    return true;
  }

  private fit(first: number, last: number, t1: Dir, t2: Dir, depth: number): void {
    const { xs, ys, tolerance } = this;
    const n = last - first + 1;
    const x0 = xs[first];
    const y0 = ys[first];
    const x3 = xs[last];
    const y3 = ys[last];
    if (n === 2) {
      const d = dist(x0, y0, x3, y3) / 3;
      this.emit(x0, y0, x0 + t1.x * d, y0 + t1.y * d, x3 + t2.x * d, y3 + t2.y * d, x3, y3);
      return;
    }
    if (this.u.length < n) this.u = new Float64Array(2 * n);
    const u = this.u.subarray(0, n);
    chordLengths(xs, ys, first, last, u);
    let bez = this.generate(first, last, u, t1, t2);
    let [error, split] = this.maxError(first, last, bez, u);
    if (error <= tolerance) {
      this.emit(...bez);
      return;
    }
    if (error <= 4 * tolerance) {
      for (let k = 0; k < REPARAMETERIZE; k++) {
        reparameterize(xs, ys, first, last, u, bez);
        bez = this.generate(first, last, u, t1, t2);
        [error, split] = this.maxError(first, last, bez, u);
        if (error <= tolerance) {
          this.emit(...bez);
          return;
        }
      }
    }
    if (depth > 40 || split <= first || split >= last) {
      this.emit(...bez);
      return;
    }
    const a = xs[split - 1] - xs[split + 1];
    const b = ys[split - 1] - ys[split + 1];
    const center = a === 0 && b === 0 ? unit(xs[split] - x0, ys[split] - y0) : unit(a, b);
    this.fit(first, split, t1, center, depth + 1);
    this.fit(split, last, { x: -center.x, y: -center.y }, t2, depth + 1);
  }

  private emit(
    _x0: number,
    _y0: number,
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    x3: number,
    y3: number,
  ) {
    this.out.push({ kind: 'cubic', c1: { x: x1, y: y1 }, c2: { x: x2, y: y2 }, to: { x: x3, y: y3 } });
  }

  /** The least-squares control points along the fixed tangents. */
  private generate(first: number, last: number, u: Float64Array, t1: Dir, t2: Dir): Bez {
    const { xs, ys } = this;
    const x0 = xs[first];
    const y0 = ys[first];
    const x3 = xs[last];
    const y3 = ys[last];
    let c00 = 0;
    let c01 = 0;
    let c11 = 0;
    let r0 = 0;
    let r1 = 0;
    for (let i = first; i <= last; i++) {
      const t = u[i - first];
      const s = 1 - t;
      const b0 = s * s * s;
      const b1 = 3 * s * s * t;
      const b2 = 3 * s * t * t;
      const b3 = t * t * t;
      const a1x = t1.x * b1;
      const a1y = t1.y * b1;
      const a2x = t2.x * b2;
      const a2y = t2.y * b2;
      c00 += a1x * a1x + a1y * a1y;
      c01 += a1x * a2x + a1y * a2y;
      c11 += a2x * a2x + a2y * a2y;
      const rx = xs[i] - (x0 * (b0 + b1) + x3 * (b2 + b3));
      const ry = ys[i] - (y0 * (b0 + b1) + y3 * (b2 + b3));
      r0 += a1x * rx + a1y * ry;
      r1 += a2x * rx + a2y * ry;
    }
    const det = c00 * c11 - c01 * c01;
    let al = det === 0 ? 0 : (r0 * c11 - r1 * c01) / det;
    let ar = det === 0 ? 0 : (c00 * r1 - c01 * r0) / det;
    const chord = dist(x0, y0, x3, y3);
    // Controls behind the ends, or far beyond the chord (a loop), fall back to a third of it.
    if (al < 1e-6 * chord || ar < 1e-6 * chord || al > 2 * chord || ar > 2 * chord) {
      al = chord / 3;
      ar = chord / 3;
    }
    return [x0, y0, x0 + t1.x * al, y0 + t1.y * al, x3 + t2.x * ar, y3 + t2.y * ar, x3, y3];
  }

  /** The farthest point from the curve at its parameter, and its index. */
  private maxError(first: number, last: number, bez: Bez, u: Float64Array): [number, number] {
    const { xs, ys } = this;
    let worst = 0;
    let split = (first + last) >> 1;
    for (let i = first + 1; i < last; i++) {
      const t = u[i - first];
      const d2 = (bx(bez, t) - xs[i]) ** 2 + (by(bez, t) - ys[i]) ** 2;
      if (d2 >= worst) {
        worst = d2;
        split = i;
      }
    }
    return [Math.sqrt(worst), split];
  }
}

type Bez = [number, number, number, number, number, number, number, number];

function bx(b: Bez, t: number): number {
  const s = 1 - t;
  return s * s * s * b[0] + 3 * s * s * t * b[2] + 3 * s * t * t * b[4] + t * t * t * b[6];
}
function by(b: Bez, t: number): number {
  const s = 1 - t;
  return s * s * s * b[1] + 3 * s * s * t * b[3] + 3 * s * t * t * b[5] + t * t * t * b[7];
}

function chordLengths(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  first: number,
  last: number,
  u: Float64Array,
) {
  u[0] = 0;
  for (let i = first + 1; i <= last; i++) {
    u[i - first] = u[i - first - 1] + dist(xs[i - 1], ys[i - 1], xs[i], ys[i]);
  }
  const total = u[last - first];
  if (total === 0) {
    for (let i = 0; i <= last - first; i++) u[i] = i / (last - first);
    return;
  }
  for (let i = 1; i <= last - first; i++) u[i] /= total;
}

/** One Newton step per point towards the parameter of its nearest point on the curve. */
function reparameterize(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  first: number,
  last: number,
  u: Float64Array,
  b: Bez,
) {
  for (let i = first + 1; i < last; i++) {
    const t = u[i - first];
    const s = 1 - t;
    const qx = bx(b, t) - xs[i];
    const qy = by(b, t) - ys[i];
    // First and second derivatives.
    const d1x = 3 * (s * s * (b[2] - b[0]) + 2 * s * t * (b[4] - b[2]) + t * t * (b[6] - b[4]));
    const d1y = 3 * (s * s * (b[3] - b[1]) + 2 * s * t * (b[5] - b[3]) + t * t * (b[7] - b[5]));
    const d2x = 6 * (s * (b[4] - 2 * b[2] + b[0]) + t * (b[6] - 2 * b[4] + b[2]));
    const d2y = 6 * (s * (b[5] - 2 * b[3] + b[1]) + t * (b[7] - 2 * b[5] + b[3]));
    const num = qx * d1x + qy * d1y;
    const den = d1x * d1x + d1y * d1y + qx * d2x + qy * d2y;
    if (den === 0) continue;
    const next = t - num / den;
    u[i - first] = next < 0 ? 0 : next > 1 ? 1 : next;
  }
}

function dist(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  return Math.sqrt(dx * dx + dy * dy);
}

/** The unit vector along (x, y), or (1, 0) for none. */
export function unit(x: number, y: number): Dir {
  const len = Math.sqrt(x * x + y * y);
  return len > 0 ? { x: x / len, y: y / len } : { x: 1, y: 0 };
}
