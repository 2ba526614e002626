import type { Point, Segment } from '../model.js';

/** An arc segment of the model: circular, or elliptical with `ry`. */
export type ArcSegment = Extract<Segment, { kind: 'arc' }>;

/** An ellipse (a circle when `ry` is absent) turned `rotation` radians from x, y down. */
export interface Ellipse {
  center: Point;
  radius: number;
  ry?: number;
  rotation?: number;
}

/**
 * Where an arc lies: its ellipse, the parameter angle of its start and the angle it turns
 * through, in the model's y-down coordinates (a positive `sweep` turns clockwise on screen).
 */
export interface ArcGeometry extends Ellipse {
  startAngle: number;
  /** Signed: positive clockwise on screen, at most 2π either way. */
  sweep: number;
}

/** Whether an arc is a circle's: no other radius, or the same one. */
export function isCircular(arc: ArcSegment): boolean {
  return arc.ry === undefined || arc.ry === arc.radius;
}

/**
 * The ellipse and angles of an arc from `from`, as SVG draws it (SVG 2, B.2.4-B.2.5): radii too
 * small for the chord grow in proportion until they span it. Undefined when the arc is a straight
 * line (a zero radius) or draws nothing (it ends where it starts).
 */
export function arcGeometry(from: Point, arc: ArcSegment): ArcGeometry | undefined {
  const elliptical = !isCircular(arc);
  const phi = elliptical ? ((arc.rotation ?? 0) * Math.PI) / 180 : 0;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  // The chord's half, turned into the ellipse's own axes.
  const hx = (from.x - arc.to.x) / 2;
  const hy = (from.y - arc.to.y) / 2;
  const x1 = cos * hx + sin * hy;
  const y1 = -sin * hx + cos * hy;
  let rx = arc.radius;
  let ry = elliptical ? (arc.ry as number) : arc.radius;
  if ((x1 === 0 && y1 === 0) || !(rx > 0) || !(ry > 0)) return undefined;
  const grow = Math.sqrt((x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry));
  if (grow > 1) {
    rx *= grow;
    ry *= grow;
  }
  // The centre, on the side the flags pick.
  const a = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  const k = (arc.large !== arc.sweep ? 1 : -1) * Math.sqrt(Math.max(0, (rx * rx * ry * ry) / a - 1));
  const cx1 = (k * rx * y1) / ry;
  const cy1 = (-k * ry * x1) / rx;
  const center = {
    x: cos * cx1 - sin * cy1 + (from.x + arc.to.x) / 2,
    y: sin * cx1 + cos * cy1 + (from.y + arc.to.y) / 2,
  };
  const startAngle = Math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx);
  let sweep = Math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - startAngle;
  if (arc.sweep && sweep <= 0) sweep += 2 * Math.PI;
  if (!arc.sweep && sweep >= 0) sweep -= 2 * Math.PI;
  // Rounding can put a half turn's angle a hair past π on the wrong side of its flag, and a
  // vanishing arc's a hair past 0.
  const half = arc.sweep ? Math.PI : -Math.PI;
  if (!arc.large && Math.abs(sweep) > Math.PI) sweep = Math.abs(sweep) > 1.5 * Math.PI ? 0 : half;
  if (arc.large && Math.abs(sweep) < Math.PI) sweep = half;
  const shape = elliptical ? { ry, rotation: phi } : {};
  return { center, radius: rx, ...shape, startAngle, sweep };
}

/** The point of an ellipse at a parameter angle (y down); of a circle, at that angle. */
export function pointAt({ center, radius, ry, rotation = 0 }: Ellipse, angle: number): Point {
  const x = radius * Math.cos(angle);
  const y = (ry ?? radius) * Math.sin(angle);
  if (rotation === 0) return { x: center.x + x, y: center.y + y };
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  return { x: center.x + cos * x - sin * y, y: center.y + sin * x + cos * y };
}

/** The derivative of {@link pointAt} by the angle: the tangent, as long as the radius. */
export function tangentAt({ radius, ry, rotation = 0 }: Ellipse, angle: number): Point {
  const x = -radius * Math.sin(angle);
  const y = (ry ?? radius) * Math.cos(angle);
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  return { x: cos * x - sin * y, y: sin * x + cos * y };
}

/**
 * The arc's points after `from`, each chord within `tolerance` of the arc, the last one exactly
 * `arc.to` (a straight arc gives just that).
 */
export function flattenArc(from: Point, arc: ArcSegment, tolerance: number): Point[] {
  const g = arcGeometry(from, arc);
  if (!g) return [arc.to];
  // A chord through angle α lies r(1 - cos(α/2)) from its arc at most, r the largest radius of
  // curvature (an ellipse's is a²/b, at the ends of its short axis).
  const [a, b] = [Math.max(g.radius, g.ry ?? 0), Math.min(g.radius, g.ry ?? g.radius)];
  const r = (a * a) / b;
  const step = tolerance >= r ? Math.PI : 2 * Math.acos(1 - tolerance / r);
  const n = Math.min(4096, Math.max(1, Math.ceil(Math.abs(g.sweep) / step)));
  const points: Point[] = [];
  for (let i = 1; i < n; i++) points.push(pointAt(g, g.startAngle + (g.sweep * i) / n));
  points.push(arc.to);
  return points;
}

/**
 * The arc as cubic Béziers of at most 90° each (radial error under 0.03 % of the radius; an
 * ellipse's are a circle's, stretched), the last one ending exactly at `arc.to`; a straight arc is
 * one straight cubic.
 */
export function arcToCubics(from: Point, arc: ArcSegment): Extract<Segment, { kind: 'cubic' }>[] {
  const g = arcGeometry(from, arc);
  if (!g) return [{ kind: 'cubic', c1: from, c2: arc.to, to: arc.to }];
  const n = Math.max(1, Math.ceil(Math.abs(g.sweep) / (Math.PI / 2) - 1e-9));
  const piece = g.sweep / n;
  // Control points this far along the tangents put the cubic's middle on the circle.
  const k = (4 / 3) * Math.tan(piece / 4);
  const cubics: Extract<Segment, { kind: 'cubic' }>[] = [];
  let a = g.startAngle;
  let p = from;
  for (let i = 1; i <= n; i++) {
    const b = g.startAngle + piece * i;
    const to = i === n ? arc.to : pointAt(g, b);
    const ta = tangentAt(g, a);
    const tb = tangentAt(g, b);
    cubics.push({
      kind: 'cubic',
      c1: { x: p.x + k * ta.x, y: p.y + k * ta.y },
      c2: { x: to.x - k * tb.x, y: to.y - k * tb.y },
      to,
    });
    a = b;
    p = to;
  }
  return cubics;
}

/**
 * The DXF bulge of a circular arc: tan(θ/4), positive counterclockwise in the file's y-up
 * coordinates, so negative for an arc that turns clockwise on screen; 0 for a straight one.
 */
export function arcBulge(from: Point, arc: ArcSegment): number {
  const g = arcGeometry(from, arc);
  return g ? -Math.tan(g.sweep / 4) : 0;
}
