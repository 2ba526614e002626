import type { Point } from '../model.js';
import type { ArcFit, LineFit } from './fit.js';
import type { Samples } from './samples.js';
import type { Piece, Tolerances } from './segment.js';

/** A line this long (px) or longer is a side; shorter ones may be pieces of a corner. */
const SIDE = 12;
/** The longest corner (px of curve between two sides) taken for one arc. */
const LONGEST = 200;
/** Sides that turn by less than this (radians) meet in no corner worth an arc... */
const LEAST_TURN = (15 * Math.PI) / 180;
/** ...and ones that turn by more are nearly parallel: their corner is not found this way. */
const MOST_TURN = (170 * Math.PI) / 180;

/**
 * Replaces what lies between two sides (short lines, arcs, the original curve) by one arc tangent
 * to both, when one follows it: its radius is the one whose line-arc-line fits the samples best.
 * The sides then end where the arc touches them.
 */
export function roundCorners(
  s: Samples,
  pieces: Piece[],
  tol: Tolerances,
  sharp: (index: number) => boolean,
): Piece[] {
  const list = pieces.slice();
  const n = s.count;
  const isSide = (p: Piece | undefined) => p?.fit?.kind === 'line' && (p.b - p.a) * tol.spacing >= SIDE;
  for (let i = 0; i < list.length; i++) {
    if (!isSide(list[i])) continue;
    const first = list[i] as Piece;
    // The next sides after i (round a closed curve if need be): the corner may take in a side
    // or two that the trace cut it into, when one arc follows them too.
    let best: { j: number; corner: Piece } | undefined;
    let sides = 0;
    for (let step = 1; step < list.length && sides < 3; step++) {
      const k = s.closed ? (i + step) % list.length : i + step;
      if (k >= list.length) break;
      const before = list[(k + list.length - 1) % list.length] as Piece;
      // A sharp corner of the trace is one the drawing has: no arc rounds it.
      if (sharp(before.b)) break;
      if (!isSide(list[k])) continue;
      sides++;
      if (step === 1) continue;
      const second = list[k] as Piece;
      const shift = k < i ? n : 0;
      const corner = fitCorner(s, first, { ...second, a: second.a + shift, b: second.b + shift }, tol);
      if (corner && (!best || corner.b - corner.a >= best.corner.b - best.corner.a)) best = { j: k, corner };
    }
    if (!best) continue;
    const { j, corner } = best;
    const second = list[j] as Piece;
    const wraps = j < i;
    const shift = wraps ? n : 0;
    const side1: Piece = { ...first, b: corner.a };
    const side2: Piece = { ...second, a: corner.b - shift };
    if (corner.a > first.b) side1.corner = true;
    if (corner.b - shift < second.a) side2.corner = true;
    if (!wraps) {
      list.splice(i, j - i + 1, side1, corner, side2);
      continue;
    }
    // The arc runs across the curve's start: the curve now starts where the second side does,
    // and every index runs on from there (past n where need be).
    const rotated = [side2, ...list.slice(j + 1, i), side1, corner];
    const lift = side2.a < 0 ? n : 0;
    list.length = 0;
    for (const p of rotated) list.push({ ...p, a: p.a + lift, b: p.b + lift });
    break;
  }
  return list;
}

/** The arc tangent to two sides that best fits the samples between them, as a corner piece. */
function fitCorner(s: Samples, first: Piece, second: Piece, tol: Tolerances): Piece | undefined {
  const l1 = oriented(s, first);
  const l2 = oriented(s, second);
  if (!l1 || !l2) return undefined;
  const cross = l1.dx * l2.dy - l1.dy * l2.dx;
  const turn = Math.atan2(cross, l1.dx * l2.dx + l1.dy * l2.dy);
  if (Math.abs(turn) < Math.max(LEAST_TURN, tol.minSweep) || Math.abs(turn) > MOST_TURN) return undefined;
  if ((second.a - first.b) * tol.spacing > LONGEST) return undefined;
  // Where the sides cross, and how far back along each the arc may reach (to its start).
  const along1 = ((l2.point.x - l1.point.x) * l2.dy - (l2.point.y - l1.point.y) * l2.dx) / cross;
  const x = { x: l1.point.x + l1.dx * along1, y: l1.point.y + l1.dy * along1 };
  const at = (i: number): Point => ({ x: s.x[i % s.count] as number, y: s.y[i % s.count] as number });
  const room1 = (x.x - at(first.a).x) * l1.dx + (x.y - at(first.a).y) * l1.dy - 0.5;
  const room2 = (at(second.b).x - x.x) * l2.dx + (at(second.b).y - x.y) * l2.dy - 0.5;
  const half = Math.tan(Math.abs(turn) / 2);
  const most = Math.min(room1, room2) / half;
  if (!(most > 0.5)) return undefined;
  const side = Math.sign(cross);
  const shape = (radius: number) => {
    const t = radius * half;
    const t1 = { x: x.x - l1.dx * t, y: x.y - l1.dy * t };
    const t2 = { x: x.x + l2.dx * t, y: x.y + l2.dy * t };
    const center = { x: t1.x - side * l1.dy * radius, y: t1.y + side * l1.dx * radius };
    return { t1, t2, center, radius };
  };
  // The samples between the sides, and a little of each side, against line-arc-line.
  const from = Math.max(first.a, first.b - tol.minSamples);
  const to = Math.min(second.b, second.a + tol.minSamples);
  const cost = (radius: number) => {
    const g = shape(radius);
    let sse = 0;
    let max = 0;
    let total = 0;
    for (let i = from; i <= to; i++) {
      const p = at(i);
      let d: number;
      if ((p.x - g.t1.x) * l1.dx + (p.y - g.t1.y) * l1.dy <= 0) {
        d = Math.abs((p.x - g.t1.x) * l1.dy - (p.y - g.t1.y) * l1.dx);
      } else if ((p.x - g.t2.x) * l2.dx + (p.y - g.t2.y) * l2.dy >= 0) {
        d = Math.abs((p.x - g.t2.x) * l2.dy - (p.y - g.t2.y) * l2.dx);
      } else d = Math.abs(Math.hypot(p.x - g.center.x, p.y - g.center.y) - radius);
      sse += d * d;
      total += d;
      if (d > max) max = d;
    }
    return { sse, max, mean: total / (to - from + 1) };
  };
  // Golden section search of the radius.
  let lo = 0.5;
  let hi = most;
  const ratio = (Math.sqrt(5) - 1) / 2;
  let c = hi - ratio * (hi - lo);
  let d = lo + ratio * (hi - lo);
  let fc = cost(c).sse;
  let fd = cost(d).sse;
  for (let k = 0; k < 40 && hi - lo > 1e-3; k++) {
    if (fc < fd) {
      hi = d;
      d = c;
      fd = fc;
      c = hi - ratio * (hi - lo);
      fc = cost(c).sse;
    } else {
      lo = c;
      c = d;
      fc = fd;
      d = lo + ratio * (hi - lo);
      fd = cost(d).sse;
    }
  }
  const radius = (lo + hi) / 2;
  const fit = cost(radius);
  if (fit.max > tol.corner.max || fit.mean > tol.corner.mean) return undefined;
  const g = shape(radius);
  // The arc runs between the samples nearest where it touches the sides.
  const nearest = (p: Point, lo: number, hi: number) => {
    let best = lo;
    for (let i = lo; i <= hi; i++) {
      const q = at(i);
      const b = at(best);
      if (Math.hypot(q.x - p.x, q.y - p.y) < Math.hypot(b.x - p.x, b.y - p.y)) best = i;
    }
    return best;
  };
  const a = nearest(g.t1, first.a + tol.minSamples, second.a);
  const b = nearest(g.t2, Math.max(a + tol.minSamples, first.b), second.b - tol.minSamples);
  if (b - a < tol.minSamples) return undefined;
  const arc: ArcFit = {
    kind: 'arc',
    center: g.center,
    radius,
    deviation: fit.max,
    meanDeviation: fit.mean,
    sse: fit.sse,
    sweep: turn,
    monotonic: true,
  };
  return { a, b, fit: arc, corner: true };
}

/** A side's line, pointing the way the curve runs along it. */
function oriented(s: Samples, p: Piece): LineFit | undefined {
  if (p.fit?.kind !== 'line') return undefined;
  const n = s.count;
  const dx = (s.x[p.b % n] as number) - (s.x[p.a % n] as number);
  const dy = (s.y[p.b % n] as number) - (s.y[p.a % n] as number);
  return dx * p.fit.dx + dy * p.fit.dy >= 0 ? p.fit : { ...p.fit, dx: -p.fit.dx, dy: -p.fit.dy };
}
