import { type ArcGeometry, arcBulge, arcGeometry, isCircular } from '../geometry/arc.js';
import type { Point, Subpath } from '../model.js';
import { type DxfWriter, real } from './dxf-writer.js';
import { notWritable } from './fixed.js';
import { flattenSubpath } from './flatten.js';

/** Where an entity goes: the model space's handle and a layer's name. */
export interface EntityOwner {
  block: string;
  layer: string;
}

/**
 * One subpath as the entity that says what it is, y up (the file's y is `height - y`): a closed
 * pair of arcs on one circle as a CIRCLE, on one ellipse as an ELLIPSE, a lone open circular arc
 * as an ARC and a lone open line as a LINE; anything else as one LWPOLYLINE, closed for an outline
 * and open for a centerline, its circular arcs as bulges and its cubics and elliptical arcs
 * flattened to `tolerance`, which is also how near two arcs' centres and radii must be to make one
 * circle or ellipse.
 */
export function writeSubpath(
  d: DxfWriter,
  owner: EntityOwner,
  subpath: Subpath,
  height: number,
  tolerance: number,
): void {
  const { start, segments, open } = subpath;
  const flip = (p: Point): Point => ({ x: p.x, y: height - p.y });
  const whole = !open ? asWhole(subpath, tolerance) : undefined;
  const [only] = segments;
  if (whole?.ry !== undefined) {
    entity(d, owner, 'ELLIPSE', 'AcDbEllipse');
    const c = flip(whole.center);
    // The major axis from the centre, y up; the minor one is `ratio` of it.
    const major = Math.max(whole.radius, whole.ry);
    const angle = (whole.rotation ?? 0) + (whole.radius >= whole.ry ? 0 : Math.PI / 2);
    const [ax, ay] = [major * Math.cos(angle), -major * Math.sin(angle)];
    const ratio = Math.min(whole.radius, whole.ry) / major;
    d.tags(
      10,
      c.x,
      20,
      c.y,
      30,
      0,
      11,
      ax,
      21,
      ay,
      31,
      0,
      40,
      fraction(ratio),
      41,
      0,
      42,
      fraction(2 * Math.PI),
    );
  } else if (whole) {
    entity(d, owner, 'CIRCLE', 'AcDbCircle');
    const c = flip(whole.center);
    d.tags(10, c.x, 20, c.y, 30, 0, 40, whole.radius);
  } else if (open && segments.length === 1 && only?.kind === 'arc' && isCircular(only)) {
    const g = arcGeometry(start, only);
    if (!g) {
      line(d, owner, flip(start), flip(only.to));
      return;
    }
    entity(d, owner, 'ARC', 'AcDbCircle');
    const c = flip(g.center);
    d.tags(10, c.x, 20, c.y, 30, 0, 40, g.radius, 100, 'AcDbArc');
    // Counterclockwise in the file (y up), whose angles are the negatives of the model's: an arc
    // that turns clockwise on screen runs from its end to its start there.
    const from = -g.startAngle;
    const to = -(g.startAngle + g.sweep);
    const [a, b] = g.sweep > 0 ? [to, from] : [from, to];
    d.tags(50, degrees(a), 51, degrees(b));
  } else if (open && segments.length === 1 && only?.kind === 'line') {
    line(d, owner, flip(start), flip(only.to));
  } else polyline(d, owner, subpath, flip, tolerance);
}

function entity(d: DxfWriter, owner: EntityOwner, type: string, subclass: string): void {
  d.tags(0, type, 5, d.handle(), 330, owner.block, 100, 'AcDbEntity', 8, owner.layer, 100, subclass);
}

function line(d: DxfWriter, owner: EntityOwner, a: Point, b: Point): void {
  if (real(a.x) === real(b.x) && real(a.y) === real(b.y)) return; // a zero-length line cuts nothing
  entity(d, owner, 'LINE', 'AcDbLine');
  d.tags(10, a.x, 20, a.y, 30, 0, 11, b.x, 21, b.y, 31, 0);
}

/** A vertex as written, and the bulge of the edge that leaves it. */
interface Vertex {
  x: string;
  y: string;
  bulge: number;
}

function polyline(
  d: DxfWriter,
  owner: EntityOwner,
  { start, segments, open }: Subpath,
  flip: (p: Point) => Point,
  tolerance: number,
): void {
  const vertices: Vertex[] = [];
  // Each edge leaves the last vertex with its bulge; an edge too short to show leaves no vertex.
  const add = (p: Point, bulge: number) => {
    const q = flip(p);
    const vertex = { x: real(q.x), y: real(q.y), bulge: 0 };
    const last = vertices[vertices.length - 1];
    if (last && last.x === vertex.x && last.y === vertex.y) return;
    if (last) last.bulge = bulge;
    vertices.push(vertex);
  };
  add(start, 0);
  let from = start;
  for (const seg of segments) {
    if (seg.kind === 'arc' && isCircular(seg)) add(seg.to, arcBulge(from, seg));
    else if (seg.kind === 'line') add(seg.to, 0);
    else {
      const points = flattenSubpath({ start: from, segments: [seg], open: true }, tolerance);
      for (const p of points.slice(1)) add(p, 0);
    }
    from = seg.to;
  }
  const closed = !open;
  const first = vertices[0];
  const last = vertices[vertices.length - 1];
  // The closing edge keeps the bulge of the edge that ended on the start.
  if (closed && vertices.length > 1 && first && last && first.x === last.x && first.y === last.y)
    vertices.pop();
  if (vertices.length < 2) return; // a zero-length line cuts nothing
  d.tags(0, 'LWPOLYLINE', 5, d.handle(), 330, owner.block, 100, 'AcDbEntity', 8, owner.layer);
  d.tags(100, 'AcDbPolyline', 90, vertices.length, 70, closed ? 1 : 0);
  for (const { x, y, bulge } of vertices) {
    d.tags(10, x, 20, y);
    if (bulge !== 0) d.tags(42, fraction(bulge));
  }
}

/**
 * The circle or ellipse of a closed subpath of two arcs that turn the same way on one circle or
 * one ellipse (centres and radii within `tolerance`, the same rotation), the mean of the two.
 */
function asWhole({ start, segments }: Subpath, tolerance: number): ArcGeometry | undefined {
  const [first, second] = segments;
  if (segments.length !== 2 || first?.kind !== 'arc' || second?.kind !== 'arc') return undefined;
  if (isCircular(first) !== isCircular(second) || (first.rotation ?? 0) !== (second.rotation ?? 0))
    return undefined;
  const a = arcGeometry(start, first);
  const b = arcGeometry(first.to, second);
  if (!a || !b || a.sweep > 0 !== b.sweep > 0) return undefined;
  if (Math.abs(a.radius - b.radius) > tolerance) return undefined;
  if (Math.abs((a.ry ?? 0) - (b.ry ?? 0)) > tolerance) return undefined;
  if (Math.hypot(a.center.x - b.center.x, a.center.y - b.center.y) > tolerance) return undefined;
  const center = { x: (a.center.x + b.center.x) / 2, y: (a.center.y + b.center.y) / 2 };
  const ellipse =
    a.ry === undefined || b.ry === undefined ? {} : { ry: (a.ry + b.ry) / 2, rotation: a.rotation };
  return {
    center,
    radius: (a.radius + b.radius) / 2,
    ...ellipse,
    startAngle: a.startAngle,
    sweep: a.sweep + b.sweep,
  };
}

/** An angle in radians as degrees from 0 to 360. */
function degrees(radians: number): string {
  const d = (((radians * 180) / Math.PI) % 360) + 360;
  return fraction(d % 360);
}

/** A value to 8 decimals, without an exponent or trailing zeros: a bulge or an angle. */
function fraction(v: number): string {
  // toFixed writes an exponent from 1e21, and Infinity as it is: refused before either.
  if (!(Math.abs(v) < 1e15)) throw notWritable(v);
  const text = v.toFixed(8).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}
