import { flattenArc } from '../geometry/arc.js';
import type { Point, Subpath } from '../model.js';

/**
 * A subpath as a polyline: a closed one's vertices without the closing repeat of the start, an
 * open one's from end to end. Cubics are split in halves (de Casteljau) until each piece is flat
 * within `tolerance`; arcs into equal chords within it.
 */
export function flattenSubpath({ start, segments, open }: Subpath, tolerance: number): Point[] {
  const points: Point[] = [start];
  let from = start;
  for (const seg of segments) {
    if (seg.kind === 'cubic') flattenCubic(from, seg.c1, seg.c2, seg.to, tolerance, points, 0);
    else if (seg.kind === 'arc') points.push(...flattenArc(from, seg, tolerance));
    else points.push(seg.to);
    from = seg.to;
  }
  if (!open) points.pop(); // the model ends a closed subpath at its start
  return points;
}

function flattenCubic(p0: Point, p1: Point, p2: Point, p3: Point, tol: number, out: Point[], depth: number) {
  // Distance to the chord is convex, and a curve point is a Bernstein mix of the control points in
  // which the inner two weigh at most 3/4 together: so the curve stays within 3/4 of their larger
  // distance from the chord p0-p3. Depth 16 bounds the work on degenerate input.
  const bound = 0.75 * Math.max(distanceToSegment(p1, p0, p3), distanceToSegment(p2, p0, p3));
  if (bound <= tol || depth >= 16) {
    out.push(p3);
    return;
  }
  const mid = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const p01 = mid(p0, p1);
  const p12 = mid(p1, p2);
  const p23 = mid(p2, p3);
  const p012 = mid(p01, p12);
  const p123 = mid(p12, p23);
  const half = mid(p012, p123);
  flattenCubic(p0, p01, p012, half, tol, out, depth + 1);
  flattenCubic(half, p123, p23, p3, tol, out, depth + 1);
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}
