import type { Point, Segment } from './model.js';

/** A circular arc segment of the model. */
export type ArcSegment = Extract<Segment, { kind: 'arc' }>;

/**
 * Where an arc lies: its circle, the angle of its start and the angle it turns through, in the
 * model's y-down coordinates (a positive `sweep` turns clockwise on screen).
 */
export interface ArcGeometry {
  center: Point;
  radius: number;
  startAngle: number;
  /** Signed: positive clockwise on screen, at most 2π either way. */
  sweep: number;
}

/**
 * The circle and angles of an arc from `from`, as SVG draws it (SVG 2, B.2.5 with equal radii and
 * no rotation): a radius too small for the chord grows until it spans it. Undefined when the arc
 * is a straight line (zero radius) or draws nothing (it ends where it starts).
 */
export function arcGeometry(from: Point, arc: ArcSegment): ArcGeometry | undefined {
  const hx = (from.x - arc.to.x) / 2;
  const hy = (from.y - arc.to.y) / 2;
  const half2 = hx * hx + hy * hy;
  if (half2 === 0 || !(arc.radius > 0)) return undefined;
  const radius = Math.max(arc.radius, Math.sqrt(half2));
  // The centre lies on the chord's bisector, on the side the flags pick.
  const k = (arc.large !== arc.sweep ? 1 : -1) * Math.sqrt(Math.max(0, (radius * radius) / half2 - 1));
  const center = { x: (from.x + arc.to.x) / 2 + k * hy, y: (from.y + arc.to.y) / 2 - k * hx };
  const startAngle = Math.atan2(from.y - center.y, from.x - center.x);
  let sweep = Math.atan2(arc.to.y - center.y, arc.to.x - center.x) - startAngle;
  if (arc.sweep && sweep <= 0) sweep += 2 * Math.PI;
  if (!arc.sweep && sweep >= 0) sweep -= 2 * Math.PI;
  // Rounding can put a half circle's angle a hair past π on the wrong side of its flag, and a
  // vanishing arc's a hair past 0.
  const half = arc.sweep ? Math.PI : -Math.PI;
  if (!arc.large && Math.abs(sweep) > Math.PI) sweep = Math.abs(sweep) > 1.5 * Math.PI ? 0 : half;
  if (arc.large && Math.abs(sweep) < Math.PI) sweep = half;
  return { center, radius, startAngle, sweep };
}

/** The point of a circle at an angle (y down). */
export function pointAt({ center, radius }: { center: Point; radius: number }, angle: number): Point {
  return { x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle) };
}

/**
 * The arc's points after `from`, each chord within `tolerance` of the arc, the last one exactly
 * `arc.to` (a straight arc gives just that).
 */
export function flattenArc(from: Point, arc: ArcSegment, tolerance: number): Point[] {
  const g = arcGeometry(from, arc);
  if (!g) return [arc.to];
  // A chord through angle α lies r(1 - cos(α/2)) from its arc at most.
  const step = tolerance >= g.radius ? Math.PI : 2 * Math.acos(1 - tolerance / g.radius);
  const n = Math.min(4096, Math.max(1, Math.ceil(Math.abs(g.sweep) / step)));
  const points: Point[] = [];
  for (let i = 1; i < n; i++) points.push(pointAt(g, g.startAngle + (g.sweep * i) / n));
  points.push(arc.to);
  return points;
}

/**
 * The arc as cubic Béziers of at most 90° each (radial error under 0.03 % of the radius), the
 * last one ending exactly at `arc.to`; a straight arc is one straight cubic.
 */
export function arcToCubics(from: Point, arc: ArcSegment): Extract<Segment, { kind: 'cubic' }>[] {
  const g = arcGeometry(from, arc);
  if (!g) return [{ kind: 'cubic', c1: from, c2: arc.to, to: arc.to }];
  const n = Math.max(1, Math.ceil(Math.abs(g.sweep) / (Math.PI / 2) - 1e-9));
  const piece = g.sweep / n;
  // Control points this far along the tangents put the cubic's middle on the circle.
  const k = (4 / 3) * Math.tan(piece / 4) * g.radius;
  const cubics: Extract<Segment, { kind: 'cubic' }>[] = [];
  let a = g.startAngle;
  let p = from;
  for (let i = 1; i <= n; i++) {
    const b = g.startAngle + piece * i;
    const to = i === n ? arc.to : pointAt(g, b);
    cubics.push({
      kind: 'cubic',
      c1: { x: p.x - k * Math.sin(a), y: p.y + k * Math.cos(a) },
      c2: { x: to.x + k * Math.sin(b), y: to.y - k * Math.cos(b) },
      to,
    });
    a = b;
    p = to;
  }
  return cubics;
}

/**
 * The DXF bulge of an arc: tan(θ/4), positive counterclockwise in the file's y-up coordinates,
 * so negative for an arc that turns clockwise on screen; 0 for a straight one.
 */
export function arcBulge(from: Point, arc: ArcSegment): number {
  const g = arcGeometry(from, arc);
  return g ? -Math.tan(g.sweep / 4) : 0;
}
