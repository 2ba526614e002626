import { type ArcSegment, pointAt } from '../geometry/arc.js';
import { distance } from '../geometry/math.js';
import type { Point, Segment, Subpath } from '../model.js';
import {
  type ArcFit,
  circleDeviation,
  type Deviation,
  type Fit,
  fitCircleThrough,
  lineDeviation,
} from './fit.js';
import { type Samples, segmentPart } from './samples.js';
import { meanLimit, type Piece, type Tolerances } from './segment.js';

/**
 * How much more a line or arc may stray once drawn between its joins (which move onto the lines
 * and arcs that meet there) than the fit it came from.
 */
const SLACK = 1.25;
/** The longest stretch of curve, px, between two lines that is taken for a corner it rounds. */
const ROUNDED_CORNER = 4;
/** Arcs that turn about half round are split: the centre of one is ill-defined by its ends. */
const HALF_TURN_MARGIN = (30 * Math.PI) / 180;

/** The subpath drawn by the pieces: lines, arcs, and the original curve between them. */
export function assemble(
  subpath: Subpath,
  s: Samples,
  pieces: Piece[],
  corners: Set<number>,
  tol: Tolerances,
): Subpath {
  const n = s.count;
  const count = pieces.length;
  const sample = (i: number): Point => {
    const k = s.closed ? i % n : i;
    // A segment's first sample is its start point itself, so that corners stay exact.
    const seg = s.segment[k] as number;
    if (s.t[k] === 0) return s.from[seg] as Point;
    if (s.t[k] === 1) return (subpath.segments[seg] as Segment).to;
    return { x: s.x[k] as number, y: s.y[k] as number };
  };
  const previous = (i: number) => (i > 0 ? pieces[i - 1] : s.closed ? pieces[count - 1] : undefined);
  // Where each piece starts (a closed curve's last piece ends where the first starts, an open
  // one's at its end): on the lines and arcs that meet there, or on the curve.
  const onCurve = pieces.map((p) => sample(p.a));
  const shaped = pieces.map((p) => p.fit !== undefined);
  const joins = pieces.map((p, i) => {
    if (corners.has(p.a % n) || (!s.closed && i === 0)) return onCurve[i] as Point;
    return joinPoint(onCurve[i] as Point, previous(i)?.fit, p.fit);
  });
  const end = (i: number) =>
    i + 1 < count
      ? (joins[i + 1] as Point)
      : s.closed
        ? (joins[0] as Point)
        : sample((pieces[count - 1] as Piece).b);
  const close = (p: Piece, d: Deviation) =>
    p.corner
      ? d.max <= SLACK * tol.corner.max && d.mean <= SLACK * tol.corner.mean
      : d.max <= SLACK * tol.deviation && d.mean <= SLACK * meanLimit((p.b - p.a) * tol.spacing, tol);
  const draw = (i: number): Segment[] | undefined => {
    const p = pieces[i] as Piece;
    if (!shaped[i]) return undefined;
    if (p.fit?.kind === 'line') {
      return close(p, lineDeviation(s, p.a, p.b, joins[i] as Point, end(i)))
        ? [{ kind: 'line', to: end(i) }]
        : undefined;
    }
    return arcSegments(s, p, joins[i] as Point, end(i), (d) => close(p, d));
  };
  // A short stretch of curve between two lines is a corner that the trace rounded: the lines
  // meet instead, where they cross.
  const collapsed = pieces.map((p, i) => {
    const next = (i + 1) % count;
    if (p.fit || (p.b - p.a) * tol.spacing > ROUNDED_CORNER || (!s.closed && (i === 0 || next === 0)))
      return false;
    const before = previous(i)?.fit;
    const after = pieces[next]?.fit;
    if (before?.kind !== 'line' || after?.kind !== 'line') return false;
    const x = intersection(before, after);
    if (!x || distance(x, onCurve[i] as Point) > 2.5 || distance(x, onCurve[next] as Point) > 2.5)
      return false;
    joins[i] = x;
    joins[next] = x;
    return true;
  });
  const reset = (i: number) => {
    if (!s.closed && (i === 0 || i === count)) return;
    const j = i % count;
    joins[j] = onCurve[j] as Point;
    // A corner whose lines no longer both meet there is drawn as the curve again.
    for (const c of [j, (j + count - 1) % count]) {
      if (!collapsed[c]) continue;
      collapsed[c] = false;
      reset(c);
      reset(c + 1);
    }
  };
  // A line or arc that strays from the curve between its joins is drawn as the curve instead, and
  // its joins go back onto the curve, which its neighbours must then fit in turn.
  let drawn = pieces.map((_, i) => draw(i));
  for (let changed = true; changed; ) {
    changed = false;
    drawn.forEach((shape, i) => {
      if (shape || !shaped[i]) return;
      shaped[i] = false;
      changed = true;
      reset(i);
      reset(i + 1);
    });
    if (changed) drawn = pieces.map((_, i) => draw(i));
  }
  const start = joins[0] as Point;
  const segments: Segment[] = [];
  pieces.forEach((p, i) => {
    const to = i + 1 < count ? (joins[i + 1] as Point) : s.closed ? { ...start } : end(i);
    const shape = drawn[i];
    if (collapsed[i]) return;
    if (shape) segments.push(...shape.slice(0, -1), { ...(shape[shape.length - 1] as Segment), to });
    else segments.push(...original(subpath, s, p, to));
  });
  return { ...subpath, start, segments };
}

/**
 * Where two pieces meet: two lines where they cross (a corner the samples round off) when that is
 * near; otherwise the point of the curve moved onto the line, or half way onto the arcs, there.
 */
function joinPoint(at: Point, a: Fit | undefined, b: Fit | undefined): Point {
  if (a?.kind === 'line' && b?.kind === 'line') {
    const x = intersection(a, b);
    if (x && Math.hypot(x.x - at.x, x.y - at.y) <= 2) return x;
  }
  const line = a?.kind === 'line' ? a : b?.kind === 'line' ? b : undefined;
  if (line) {
    const t = (at.x - line.point.x) * line.dx + (at.y - line.point.y) * line.dy;
    return { x: line.point.x + t * line.dx, y: line.point.y + t * line.dy };
  }
  const arcs = [a, b].filter((f): f is ArcFit => f?.kind === 'arc');
  if (arcs.length === 0) return at;
  let x = 0;
  let y = 0;
  for (const { center, radius } of arcs) {
    const d = Math.hypot(at.x - center.x, at.y - center.y) || 1;
    x += center.x + ((at.x - center.x) * radius) / d;
    y += center.y + ((at.y - center.y) * radius) / d;
  }
  return { x: x / arcs.length, y: y / arcs.length };
}

/** Where two lines cross; undefined when they are nearly parallel. */
function intersection(
  p: { point: Point; dx: number; dy: number },
  q: { point: Point; dx: number; dy: number },
): Point | undefined {
  const cross = p.dx * q.dy - p.dy * q.dx;
  if (Math.abs(cross) < Math.sin((8 * Math.PI) / 180)) return undefined;
  const t = ((q.point.x - p.point.x) * q.dy - (q.point.y - p.point.y) * q.dx) / cross;
  return { x: p.point.x + p.dx * t, y: p.point.y + p.dy * t };
}

/**
 * The arc of a piece from `from` to `to`: the circle through both that best fits its samples,
 * turning the fitted way, split in two when it turns about half round; undefined when it strays.
 */
function arcSegments(
  s: Samples,
  p: Piece,
  from: Point,
  to: Point,
  close: (d: Deviation) => boolean,
): ArcSegment[] | undefined {
  if (p.fit?.kind !== 'arc') return undefined;
  const circle = fitCircleThrough(s, p.a, p.b, from, to, p.fit.center);
  if (!circle || !close(circleDeviation(s, p.a, p.b, circle.center, circle.radius))) return undefined;
  const clockwise = p.fit.sweep > 0;
  // Which way round the centre lies decides whether the arc is the larger one.
  const turn = (q: Point) => Math.atan2(q.y - circle.center.y, q.x - circle.center.x);
  let sweep = turn(to) - turn(from);
  if (clockwise && sweep <= 0) sweep += 2 * Math.PI;
  if (!clockwise && sweep >= 0) sweep -= 2 * Math.PI;
  if (Math.abs(sweep - p.fit.sweep) > 0.35) return undefined;
  const arc: ArcSegment = {
    kind: 'arc',
    radius: circle.radius,
    large: Math.abs(sweep) > Math.PI,
    sweep: clockwise,
    to,
  };
  if (Math.abs(Math.abs(sweep) - Math.PI) > HALF_TURN_MARGIN) return [arc];
  const middle = pointAt(circle, turn(from) + sweep / 2);
  return [
    { ...arc, large: false, to: middle },
    { ...arc, large: false, to },
  ];
}

/** The original curve from a piece's first sample to its last, ending exactly at `to`. */
function original(subpath: Subpath, s: Samples, p: Piece, to: Point): Segment[] {
  const n = s.count;
  const at = (i: number) => (s.closed ? i % n : i);
  const out: Segment[] = [];
  let k = s.segment[at(p.a)] as number;
  let t0 = s.t[at(p.a)] as number;
  const part = (t1: number, end: Point) => {
    const seg = subpath.segments[k] as Segment;
    out.push(t0 === 0 && t1 === 1 ? { ...seg, to: end } : segmentPart(s.from[k] as Point, seg, t0, t1, end));
  };
  for (let i = p.a + 1; i <= p.b; i++) {
    const j = at(i);
    if (s.t[j] !== 0) continue;
    // Sample j starts the next segment: the current one runs to its end.
    part(1, i === p.b ? to : (subpath.segments[k] as Segment).to);
    k = s.segment[j] as number;
    t0 = 0;
  }
  const tb = s.t[at(p.b)] as number;
  if (tb > 0) part(tb, to);
  return out;
}
