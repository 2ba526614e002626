import { type Dir, unit } from './fit.js';
import { neg } from './lines.js';
import type { CenterPath } from './paths.js';

/**
 * How far (px) past the two strokes' half widths an end may be carried on to meet another
 * stroke: the anti-aliased rows where a light line touches a dark one, which the ink's cut can
 * leave as paper, so that the light line stops short of the dark one.
 */
const BRIDGE = 2.5;
/** Two ends meeting a stroke from either side go on as one when they turn by at most this: 30°. */
const ACROSS = (30 * Math.PI) / 180;

/** An end carried on to another path: where it meets it. */
interface Hit {
  /** The path and which end (0: start, 1: end). */
  path: number;
  side: number;
  dir: Dir;
  /** The path met, its segment (from point seg to seg + 1) and where along it (0 to 1). */
  target: number;
  seg: number;
  s: number;
  x: number;
  y: number;
}

/**
 * Closes the gaps a stroke's end leaves short of another stroke it meets: each free end (not a
 * junction's) is carried on along its direction to the first other path within both half widths
 * and BRIDGE px, and ends exactly on a point added to that path. Two ends meeting the same path
 * from either side, in line, become one path crossing it there.
 */
export function bridgeGaps(paths: CenterPath[], widths: number[]): CenterPath[] {
  const index = new SegmentIndex(paths);
  let widest = 0;
  for (const w of widths) if (Number.isFinite(w) && w > widest) widest = w;
  const hits: Hit[] = [];
  paths.forEach((path, i) => {
    if (path.closed || path.xs.length < 2) return;
    const own = Number.isFinite(widths[i]) ? widths[i] / 2 : 1;
    for (let side = 0; side < 2; side++) {
      const end = side === 0 ? 0 : path.xs.length - 1;
      const knot = side === 0 ? path.knots[0] : path.knots[path.knots.length - 1];
      // A junction's end already meets its stroke.
      if (!knot || knot.i !== end || (side === 0 ? knot.tout : knot.tin) !== undefined) continue;
      const dir = outward(path, end, side === 0 ? 1 : -1);
      const x = path.xs[end];
      const y = path.ys[end];
      const hit = index.cast(x, y, dir, own + widest / 2 + BRIDGE, i);
      if (!hit) continue;
      const other = Number.isFinite(widths[hit.target]) ? widths[hit.target] / 2 : 1;
      if (hit.t > own + other + BRIDGE) continue;
      hits.push({ path: i, side, dir, ...hit });
    }
  });
  if (hits.length === 0) return paths;
  return join(paths, hits, widths);
}

/** The direction out of a path's end, from a point about 3 px inside. */
function outward(path: CenterPath, end: number, step: number): Dir {
  const { xs, ys } = path;
  let k = end;
  while (k + step >= 0 && k + step < xs.length && (xs[k] - xs[end]) ** 2 + (ys[k] - ys[end]) ** 2 < 9)
    k += step;
  return unit(xs[end] - xs[k], ys[end] - ys[k]);
}

/** A path's end at a junction: where it is, and its direction out of the path. */
interface Joint {
  path: number;
  side: number;
  dir: Dir;
  x: number;
  y: number;
}

/**
 * Adds each hit's point to the path it meets (a smooth knot, so the fit passes through it), and
 * carries the ends there. An end in line with another end meeting the same path from its other
 * side (a light line crossing a dark one, cut in two) goes on as one path with it: through the
 * other end's junction when that one met it already, else through the middle of their two points.
 */
function join(paths: CenterPath[], hits: Hit[], widths: number[]): CenterPath[] {
  const joints = jointsOf(paths);
  const inLine = (a: Dir, b: Dir) => a.x * b.x + a.y * b.y <= -Math.cos(ACROSS);
  const near = (h: Hit) => (Number.isFinite(widths[h.path]) ? widths[h.path] : 2) + 1;
  // Where each hit ends, and the end it goes on as (a path joins one other at most).
  const ends = new Map<Hit, { x: number; y: number; insert: boolean }>();
  const pairs: {
    a: { path: number; side: number; dir: Dir };
    b: { path: number; side: number; dir: Dir };
  }[] = [];
  const paired = new Set<number>();
  const pair = (a: { path: number; side: number; dir: Dir }, b: { path: number; side: number; dir: Dir }) => {
    pairs.push({ a, b });
    paired.add(a.path);
    paired.add(b.path);
  };
  const jointCells = new PointGrid(joints);
  for (const h of hits) {
    if (paired.has(h.path)) continue;
    const j = jointCells
      .near(h.x, h.y, near(h))
      .map((k) => joints[k])
      .find((q) => q.path !== h.path && q.path !== h.target && !paired.has(q.path) && inLine(q.dir, h.dir));
    if (!j) continue;
    ends.set(h, { x: j.x, y: j.y, insert: false });
    pair(h, j);
  }
  const hitCells = new PointGrid(hits);
  for (const p of hits) {
    if (ends.has(p) || paired.has(p.path)) continue;
    for (const k of hitCells.near(p.x, p.y, near(p))) {
      const q = hits[k];
      if (q === p || ends.has(q) || paired.has(q.path) || p.target !== q.target || p.path === q.path)
        continue;
      if (!inLine(p.dir, q.dir)) continue;
      // One crossing point for both: the middle of the two.
      const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2, insert: true };
      ends.set(p, mid);
      ends.set(q, { ...mid, insert: false });
      pair(p, q);
      break;
    }
  }
  for (const h of hits) if (!ends.has(h)) ends.set(h, { x: h.x, y: h.y, insert: true });
  // The points added to the paths met, from the last along each path so indices hold.
  const order = hits
    .filter((h) => ends.get(h)!.insert)
    .sort((p, q) => q.target - p.target || q.seg - p.seg || q.s - p.s);
  for (const h of order) {
    const at = ends.get(h)!;
    insertPoint(paths[h.target], h.seg, at.x, at.y);
  }
  // Carry the ends on.
  const out = paths.map((p) => ({ ...p }));
  for (const h of hits) {
    const at = ends.get(h)!;
    const path = out[h.path];
    if (h.side === 0) {
      path.xs = [at.x, ...path.xs];
      path.ys = [at.y, ...path.ys];
      path.knots = [{ i: 0, tout: neg(h.dir) }, ...path.knots.slice(1).map((q) => ({ ...q, i: q.i + 1 }))];
    } else {
      path.xs = [...path.xs, at.x];
      path.ys = [...path.ys, at.y];
      path.knots = [...path.knots.slice(0, -1), { i: path.xs.length - 1, tin: h.dir }];
    }
  }
  // Join the pairs: a arrives at their shared point, b leaves it.
  const gone = new Set<number>();
  for (const { a, b } of pairs) {
    const first = a.side === 1 ? out[a.path] : reversed(out[a.path]);
    const second = b.side === 0 ? out[b.path] : reversed(out[b.path]);
    const through = unit(a.dir.x - b.dir.x, a.dir.y - b.dir.y);
    const n = first.xs.length;
    out[a.path] = {
      xs: [...first.xs, ...second.xs.slice(1)],
      ys: [...first.ys, ...second.ys.slice(1)],
      knots: [
        ...first.knots.slice(0, -1),
        { i: n - 1, tin: through, tout: through },
        ...second.knots.slice(1).map((q) => ({ ...q, i: q.i + n - 1 })),
      ],
      closed: false,
      widths: [...first.widths, ...second.widths],
      peaks: [...first.peaks, ...second.peaks],
    };
    gone.add(b.path);
  }
  return out.filter((_, i) => !gone.has(i));
}

/** Every open path's ends at junctions (their knot has a direction): where they meet a stroke. */
function jointsOf(paths: CenterPath[]): Joint[] {
  const joints: Joint[] = [];
  paths.forEach((path, i) => {
    if (path.closed || path.xs.length < 2) return;
    const first = path.knots[0];
    const last = path.knots[path.knots.length - 1];
    const n = path.xs.length;
    if (first?.i === 0 && first.tout !== undefined && first.tin === undefined) {
      joints.push({ path: i, side: 0, dir: outward(path, 0, 1), x: path.xs[0], y: path.ys[0] });
    }
    if (last?.i === n - 1 && last.tin !== undefined && last.tout === undefined) {
      joints.push({ path: i, side: 1, dir: outward(path, n - 1, -1), x: path.xs[n - 1], y: path.ys[n - 1] });
    }
  });
  return joints;
}

/**
 * Adds the point (x, y) to a path after its point seg, as a knot the curve goes smoothly through;
 * at one of the segment's ends, that point becomes the knot.
 */
function insertPoint(path: CenterPath, seg: number, x: number, y: number): void {
  const { xs, ys } = path;
  const n = xs.length;
  const a = Math.max(0, seg - 1);
  const b = Math.min(n - 1, seg + 2);
  const t = unit(xs[b] - xs[a], ys[b] - ys[a]);
  const same = (i: number) => Math.abs(xs[i] - x) < 1e-6 && Math.abs(ys[i] - y) < 1e-6;
  const at = same(seg) ? seg : same(seg + 1) ? seg + 1 : -1;
  if (at >= 0) {
    if (!path.knots.some((k) => k.i === at)) {
      path.knots = [...path.knots, { i: at, tin: t, tout: t }].sort((p, q) => p.i - q.i);
    }
    return;
  }
  xs.splice(seg + 1, 0, x);
  ys.splice(seg + 1, 0, y);
  const knots = path.knots.map((k) => (k.i > seg ? { ...k, i: k.i + 1 } : k));
  knots.push({ i: seg + 1, tin: t, tout: t });
  knots.sort((p, q) => p.i - q.i);
  path.knots = knots;
}

/** A path run the other way. */
function reversed(path: CenterPath): CenterPath {
  const n = path.xs.length;
  return {
    ...path,
    xs: path.xs.slice().reverse(),
    ys: path.ys.slice().reverse(),
    knots: path.knots
      .map((k) => ({ i: n - 1 - k.i, tin: k.tout && neg(k.tout), tout: k.tin && neg(k.tin) }))
      .reverse(),
  };
}

/** Points in a grid of cells, to find those near a point. */
class PointGrid {
  private readonly cells = new Map<number, number[]>();
  private static readonly CELL = 8;

  constructor(private readonly points: { x: number; y: number }[]) {
    points.forEach((q, i) => {
      const key = Math.floor(q.x / PointGrid.CELL) * 65536 + Math.floor(q.y / PointGrid.CELL);
      const list = this.cells.get(key);
      if (list) list.push(i);
      else this.cells.set(key, [i]);
    });
  }

  /** The indices of the points within `reach` of (x, y), nearest first. */
  near(x: number, y: number, reach: number): number[] {
    const c = PointGrid.CELL;
    const out: number[] = [];
    for (let cx = Math.floor((x - reach) / c); cx <= Math.floor((x + reach) / c); cx++) {
      for (let cy = Math.floor((y - reach) / c); cy <= Math.floor((y + reach) / c); cy++) {
        for (const i of this.cells.get(cx * 65536 + cy) ?? []) {
          const q = this.points[i];
          if ((q.x - x) ** 2 + (q.y - y) ** 2 <= reach * reach) out.push(i);
        }
      }
    }
    const d = (i: number) => (this.points[i].x - x) ** 2 + (this.points[i].y - y) ** 2;
    return out.sort((a, b) => d(a) - d(b));
  }
}

/** The paths' segments in a grid of cells, to find where a ray from an end first meets one. */
class SegmentIndex {
  private readonly cells = new Map<number, number[]>();
  private static readonly CELL = 8;

  constructor(private readonly paths: CenterPath[]) {
    const c = SegmentIndex.CELL;
    paths.forEach((path, i) => {
      for (let k = 0; k + 1 < path.xs.length; k++) {
        const x0 = Math.floor(Math.min(path.xs[k], path.xs[k + 1]) / c);
        const x1 = Math.floor(Math.max(path.xs[k], path.xs[k + 1]) / c);
        const y0 = Math.floor(Math.min(path.ys[k], path.ys[k + 1]) / c);
        const y1 = Math.floor(Math.max(path.ys[k], path.ys[k + 1]) / c);
        for (let x = x0; x <= x1; x++) {
          for (let y = y0; y <= y1; y++) {
            const key = x * 65536 + y;
            const list = this.cells.get(key);
            // Path and segment packed in one number (segments per path under 2^21).
            const id = i * 2097152 + k;
            if (list) list.push(id);
            else this.cells.set(key, [id]);
          }
        }
      }
    });
  }

  /** The first segment of another path the ray from (x, y) along d crosses within `reach`. */
  cast(
    x: number,
    y: number,
    d: Dir,
    reach: number,
    self: number,
  ): { target: number; seg: number; s: number; t: number; x: number; y: number } | undefined {
    const c = SegmentIndex.CELL;
    const ex = x + d.x * reach;
    const ey = y + d.y * reach;
    let best: { target: number; seg: number; s: number; t: number; x: number; y: number } | undefined;
    const seen = new Set<number>();
    for (let cx = Math.floor(Math.min(x, ex) / c); cx <= Math.floor(Math.max(x, ex) / c); cx++) {
      for (let cy = Math.floor(Math.min(y, ey) / c); cy <= Math.floor(Math.max(y, ey) / c); cy++) {
        for (const id of this.cells.get(cx * 65536 + cy) ?? []) {
          if (seen.has(id)) continue;
          seen.add(id);
          const target = Math.floor(id / 2097152);
          if (target === self) continue;
          const seg = id - target * 2097152;
          const path = this.paths[target];
          const ax = path.xs[seg];
          const ay = path.ys[seg];
          const bx = path.xs[seg + 1];
          const by = path.ys[seg + 1];
          // Ray x + t d against segment a + s (b - a).
          const sx = bx - ax;
          const sy = by - ay;
          const den = d.x * sy - d.y * sx;
          if (Math.abs(den) < 1e-9) continue;
          const t = ((ax - x) * sy - (ay - y) * sx) / den;
          const s = ((ax - x) * d.y - (ay - y) * d.x) / den;
          if (t < 0 || t > reach || s < 0 || s > 1) continue;
          if (!best || t < best.t) best = { target, seg, s, t, x: x + t * d.x, y: y + t * d.y };
        }
      }
    }
    return best;
  }
}
