import { arcGeometry, pointAt } from '../geometry/arc.js';
import { distance } from '../geometry/math.js';
import type { Point, Segment, Subpath } from '../model.js';

/**
 * A subpath as dense points, each knowing where on the subpath it lies (segment and parameter),
 * so that a stretch of it can be cut out again exactly. Sample 0 is the start and every segment's
 * start is a sample; a closed subpath's samples run once round (its end, the start, is not
 * repeated), an open one's end with its last point.
 */
export interface Samples {
  x: Float64Array;
  y: Float64Array;
  segment: Int32Array;
  t: Float64Array;
  /** The index of each segment's first sample. */
  segmentStart: number[];
  /** The point each segment starts from. */
  from: Point[];
  count: number;
  closed: boolean;
}

/** Samples about `spacing` px apart along the curve (at least 2 per segment). */
export function sampleSubpath({ start, segments, open }: Subpath, spacing: number): Samples {
  const from: Point[] = [];
  const counts: number[] = [];
  let p = start;
  for (const seg of segments) {
    from.push(p);
    counts.push(Math.max(2, Math.ceil(roughLength(p, seg) / spacing)));
    p = seg.to;
  }
  const count = counts.reduce((a, b) => a + b, 0) + (open ? 1 : 0);
  const s: Samples = {
    x: new Float64Array(count),
    y: new Float64Array(count),
    segment: new Int32Array(count),
    t: new Float64Array(count),
    segmentStart: [],
    from,
    count,
    closed: !open,
  };
  let i = 0;
  segments.forEach((seg, k) => {
    s.segmentStart.push(i);
    const n = counts[k] as number;
    for (let j = 0; j < n; j++, i++) {
      const q = pointOn(from[k] as Point, seg, j / n);
      s.x[i] = q.x;
      s.y[i] = q.y;
      s.segment[i] = k;
      s.t[i] = j / n;
    }
  });
  if (open) {
    const last = segments.length - 1;
    s.x[i] = p.x;
    s.y[i] = p.y;
    s.segment[i] = last;
    s.t[i] = 1;
  }
  return s;
}

/** The length of a segment's control polygon: at least its length, close to it. */
function roughLength(from: Point, seg: Segment): number {
  if (seg.kind === 'cubic') {
    return distance(from, seg.c1) + distance(seg.c1, seg.c2) + distance(seg.c2, seg.to);
  }
  if (seg.kind === 'arc') {
    const g = arcGeometry(from, seg);
    return g ? Math.abs(g.sweep) * Math.max(g.radius, g.ry ?? 0) : distance(from, seg.to);
  }
  return distance(from, seg.to);
}

/** The point at parameter t of a segment from `from`. */
export function pointOn(from: Point, seg: Segment, t: number): Point {
  if (t === 0) return from;
  if (t === 1) return seg.to;
  if (seg.kind === 'line')
    return { x: from.x + (seg.to.x - from.x) * t, y: from.y + (seg.to.y - from.y) * t };
  if (seg.kind === 'arc') {
    const g = arcGeometry(from, seg);
    return g ? pointAt(g, g.startAngle + g.sweep * t) : seg.to;
  }
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return {
    x: a * from.x + b * seg.c1.x + c * seg.c2.x + d * seg.to.x,
    y: a * from.y + b * seg.c1.y + c * seg.c2.y + d * seg.to.y,
  };
}

/**
 * The part of a segment from parameter t0 to t1, drawn from wherever the previous piece ended
 * (its start is implied) to `to`, which the caller gives so that pieces join exactly.
 */
export function segmentPart(from: Point, seg: Segment, t0: number, t1: number, to: Point): Segment {
  if (seg.kind === 'line') return { kind: 'line', to };
  if (seg.kind === 'arc') {
    const g = arcGeometry(from, seg);
    if (!g) return { kind: 'line', to };
    return { ...seg, large: Math.abs(g.sweep * (t1 - t0)) > Math.PI, to };
  }
  // Bernstein blossom: the control points of the cubic restricted to [t0, t1].
  const p = [from, seg.c1, seg.c2, seg.to];
  const blossom = (a: number, b: number, c: number): Point => {
    // de Casteljau with a different parameter at each level
    const level = (pts: Point[], u: number) =>
      pts.slice(1).map((q, i) => {
        const r = pts[i] as Point;
        return { x: r.x + (q.x - r.x) * u, y: r.y + (q.y - r.y) * u };
      });
    return level(level(level(p, a), b), c)[0] as Point;
  };
  return { kind: 'cubic', c1: blossom(t0, t0, t1), c2: blossom(t0, t1, t1), to };
}
