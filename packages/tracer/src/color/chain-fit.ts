import type { FitPath } from '../geometry/line-fit.js';
import { collinear } from '../geometry/math.js';
import type { Point, Segment } from '../model.js';
import { vertexBulge } from '../outline/bulge.js';
import { type Curve, optimizeCurve, smooth } from '../outline/curve.js';
import { fitPolygon, type Polygon } from '../outline/polygon.js';
import type { CornerRule } from '../params.js';
import { fitOpenPolygon } from './chain-polygon.js';

/** A fitted chain: from `start` through its segments (back to `start` when closed). */
export interface FittedChain {
  start: Point;
  segments: Segment[];
}

/** What the curve fit takes: the corner rule and the tolerance of joining curves. */
export interface CurveParams {
  corners: CornerRule;
  opttolerance: number;
}

/**
 * Fits a boundary chain with the black-and-white core's stages: the optimal polygon (open, ends
 * fixed at the junctions, or closed round an island), the corner/curve decision with the bulge
 * measured from the path when its points were placed from gray levels, and the joining of curves
 * within `opttolerance`. The ends of an open chain are corners: there its neighbours meet it.
 * (Letting a boundary that runs straight on through a junction keep its tangent there, or fitting
 * it through the junction as one line, came out further from the image: a mean color error of
 * 5.25 and 5.30 on ten real images, the shapes composited without seams or strokes, against 5.18
 * with corners; stacked layers 5.52.)
 */
export function fitChain(fit: FitPath, closed: boolean, measured: boolean, params: CurveParams): FittedChain {
  const { corners, opttolerance } = params;
  const polygon = closed ? fitPolygon(fit, measured) : fitOpenPolygon(fit, measured);
  const { vx, vy } = polygon;
  if (!closed && vx.length === 2) {
    return { start: { x: vx[0], y: vy[0] }, segments: [{ kind: 'line', to: { x: vx[1], y: vy[1] } }] };
  }
  const bulge = measured ? vertexBulge(fit, polygon) : undefined;
  const curve = smooth(vx, vy, corners, bulge);
  const own = bulge ? smooth(vx, vy, corners) : curve;
  if (!closed) for (const c of new Set([curve, own])) withCorners(c);
  const joined = optimizeCurve(own, opttolerance, curve);
  return closed ? closedSegments(joined) : openSegments(joined, polygon);
}

/**
 * An open curve smoothed as if closed by an edge from its last vertex back to its first, both
 * made corners: no join crosses that edge, and the curve ends on its junctions.
 */
function withCorners(curve: Curve): void {
  for (const j of [0, curve.n - 1]) {
    curve.corner[j] = 1;
    curve.c[6 * j + 2] = curve.vx[j];
    curve.c[6 * j + 3] = curve.vy[j];
  }
}

/** A closed curve's segments, from the end of its last one. */
function closedSegments(curve: Curve): FittedChain {
  const { n, c } = curve;
  const path = new SegmentWriter({ x: c[6 * (n - 1) + 4], y: c[6 * (n - 1) + 5] });
  for (let i = 0; i < n; i++) path.segment(curve, i);
  return path.result();
}

/**
 * An open curve's segments. Its segment 0 (round the first vertex) comes out of the joining last,
 * the one round its last vertex just before it, and both are corners. The open curve runs from
 * the first vertex along the second half of segment 0, through the others, to the last vertex.
 */
function openSegments(curve: Curve, polygon: Polygon): FittedChain {
  const { n, c } = curve;
  const m = polygon.vx.length - 1;
  const path = new SegmentWriter({ x: polygon.vx[0], y: polygon.vy[0] });
  path.line({ x: c[6 * (n - 1) + 4], y: c[6 * (n - 1) + 5] });
  for (let i = 0; i < n - 2; i++) path.segment(curve, i);
  path.line({ x: polygon.vx[m], y: polygon.vy[m] });
  return path.result();
}

/** Writes segments from a start, joining straight runs of lines. */
class SegmentWriter {
  segments: Segment[] = [];
  pen: Point;
  private lastFrom: Point;

  constructor(readonly start: Point) {
    this.pen = start;
    this.lastFrom = start;
  }

  result(): FittedChain {
    return { start: this.start, segments: this.segments };
  }

  line(to: Point): void {
    const last = this.segments[this.segments.length - 1];
    if (last?.kind === 'line' && collinear(this.lastFrom, this.pen, to)) last.to = to;
    else {
      this.segments.push({ kind: 'line', to });
      this.lastFrom = this.pen;
    }
    this.pen = to;
  }

  push(segments: Segment[]): void {
    for (const s of segments) {
      if (s.kind === 'line') this.line(s.to);
      else {
        this.segments.push(s);
        this.lastFrom = this.pen;
        this.pen = s.to;
      }
    }
  }

  /** Segment i of a curve: a corner (two lines via its vertex) or a cubic. */
  segment(curve: Curve, i: number): void {
    const c = curve.c;
    const o = 6 * i;
    if (curve.corner[i]) {
      this.line({ x: c[o + 2], y: c[o + 3] });
      this.line({ x: c[o + 4], y: c[o + 5] });
    } else {
      this.push([
        {
          kind: 'cubic',
          c1: { x: c[o], y: c[o + 1] },
          c2: { x: c[o + 2], y: c[o + 3] },
          to: { x: c[o + 4], y: c[o + 5] },
        },
      ]);
    }
  }
}

/** The same boundary walked the other way: from the end back to the start. */
export function reversed({ start, segments }: FittedChain): FittedChain {
  const out: Segment[] = [];
  for (let i = segments.length - 1; i >= 0; i--) {
    const to = i > 0 ? segments[i - 1].to : start;
    const seg = segments[i];
    out.push(seg.kind === 'cubic' ? { kind: 'cubic', c1: seg.c2, c2: seg.c1, to } : { kind: 'line', to });
  }
  return { start: segments.length > 0 ? segments[segments.length - 1].to : start, segments: out };
}
