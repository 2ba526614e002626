import { type Branch, type Centered, median, ON_INK, type PathRules } from './branch.js';
import { withCorners } from './corners.js';
import { placeEnd } from './ends.js';
import { type Knot, unit } from './fit.js';
import { type Graph, type Node, px, py } from './graph.js';
import { endDirection, pairThrough, throughDir } from './junctions.js';
import { crossing, type Line, neg, onThrough } from './lines.js';
import { crossSection, type InkLevels, inkAt } from './section.js';

/** A stroke's middle as points, with the knots where its fitted pieces meet. */
export interface CenterPath {
  xs: number[];
  ys: number[];
  knots: Knot[];
  closed: boolean;
  /** Ink summed across the stroke (px of full ink), where both sides reached the paper. */
  widths: number[];
  /** The darkest ink on each of those cross-sections. */
  peaks: number[];
}

/**
 * Around a junction the skeleton bends towards the middle of the largest disc that fits there,
 * and a cross-section meets the other strokes' ink: points closer than this many disc radii, plus
 * JUNCTION_MARGIN px (the anti-aliased edge and a sample's reach), are left out, and the branches
 * are carried straight on to one shared point, where their lines cross.
 */
const JUNCTION_REACH = 1.25;
const JUNCTION_MARGIN = 1.5;

/**
 * Centers the skeleton's edges and loops in their strokes, places each junction where its
 * branches' lines meet, pairs the branches that go straight on through a junction, and chains
 * the edges into paths: open ones from end to end (or to a junction they stop at), closed ones
 * round a loop. Every path ending at a junction ends exactly on the point the path going through
 * it passes, so strokes meet without a gap.
 */
export function centerPaths(graph: Graph, ink: InkLevels, rules: PathRules): CenterPath[] {
  const { nodes, edges } = graph;
  const branches: (Branch | undefined)[] = edges.map((e, i) =>
    e.alive ? branchOf(graph, i, ink, rules) : undefined,
  );

  // Each edge end's direction away from its node, for junction nodes.
  const ends: (Line | undefined)[] = new Array(2 * edges.length);
  const at: number[][] = nodes.map(() => []);
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    const b = branches[i];
    if (!e.alive || !b) continue;
    for (let side = 0; side < 2; side++) {
      const node = side === 0 ? e.a : e.b;
      if (nodes[node].end) continue;
      const far = nodes[side === 0 ? e.b : e.a];
      ends[2 * i + side] = endDirection(b, side, nodes[node], far);
      at[node].push(2 * i + side);
    }
  }
  // Junction points: where the branches' lines cross, near the skeleton's junction.
  const jx = new Float64Array(nodes.length);
  const jy = new Float64Array(nodes.length);
  const pair = new Int32Array(2 * edges.length).fill(-1);
  for (let id = 0; id < nodes.length; id++) {
    const node = nodes[id];
    jx[id] = node.x;
    jy[id] = node.y;
    if (!node.alive || node.end || at[id].length === 0) continue;
    pairThrough(at[id], ends, pair);
    const within = junctionReach(node) + 1;
    const through = at[id].filter((k) => pair[k] > k);
    // A stroke going straight through stays straight: the others meet it on its line.
    const meet =
      through.length === 1
        ? onThrough(
            ends[through[0]]!,
            ends[pair[through[0]]]!,
            at[id].filter((k) => pair[k] < 0).map((k) => ends[k]!),
            node.x,
            node.y,
            within,
          )
        : crossing(
            at[id].map((k) => ends[k]!),
            node.x,
            node.y,
            within,
          );
    if (inkAt(ink, meet.x, meet.y) >= ON_INK * inkAt(ink, node.x, node.y)) {
      jx[id] = meet.x;
      jy[id] = meet.y;
    }
  }

  const used = new Uint8Array(edges.length);
  const paths: CenterPath[] = [];
  const walk = (startKey: number): CenterPath => {
    const path: CenterPath = { xs: [], ys: [], knots: [], closed: false, widths: [], peaks: [] };
    let key = startKey;
    const startNode = key & 1 ? edges[key >> 1].b : edges[key >> 1].a;
    if (!nodes[startNode].end) {
      const out = ends[key]!.dir;
      const through = pair[key] >= 0 ? throughDir(ends[pair[key]]!.dir, out) : undefined;
      path.xs.push(jx[startNode]);
      path.ys.push(jy[startNode]);
      path.knots.push(through ? { i: 0, tin: through, tout: through } : { i: 0, tout: out });
    }
    for (;;) {
      const e = key >> 1;
      used[e] = 1;
      const edge = edges[e];
      const b = branches[e]!;
      const forward = (key & 1) === 0;
      const n = b.xs.length;
      const base = path.xs.length;
      for (let k = 0; k < n; k++) {
        const i = forward ? k : n - 1 - k;
        path.xs.push(b.xs[i]);
        path.ys.push(b.ys[i]);
      }
      for (const c of b.corners) {
        const i = forward ? c.i : n - 1 - c.i;
        const knot = forward
          ? { i: base + i, tin: c.tin, tout: c.tout }
          : { i: base + i, tin: neg(c.tout), tout: neg(c.tin) };
        path.knots.push(knot);
      }
      if (!forward) path.knots.sort((p, q) => p.i - q.i);
      for (const w of b.widths) path.widths.push(w);
      for (const v of b.peaks) path.peaks.push(v);
      if (path.knots.length === 0 || path.knots[0].i !== 0) path.knots.unshift({ i: 0 });
      const otherKey = key ^ 1;
      const farNode = forward ? edge.b : edge.a;
      if (nodes[farNode].end) {
        path.knots.push({ i: path.xs.length - 1 });
        break;
      }
      const arriving = neg(ends[otherKey]!.dir);
      path.xs.push(jx[farNode]);
      path.ys.push(jy[farNode]);
      const next = pair[otherKey];
      const last = path.xs.length - 1;
      if (next === startKey) {
        const t = throughDir(ends[otherKey]!.dir, ends[next]!.dir);
        path.knots.push({ i: last, tin: t, tout: t });
        path.closed = true;
        break;
      }
      if (next < 0 || used[next >> 1]) {
        path.knots.push({ i: last, tin: arriving });
        break;
      }
      const t = throughDir(ends[otherKey]!.dir, ends[next]!.dir);
      path.knots.push({ i: last, tin: t, tout: t });
      key = next;
    }
    return dedupe(path);
  };

  // Open paths first: from every end of a stroke, then from every branch that stops at a junction.
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    if (!e.alive || used[i] || !branches[i]) continue;
    if (nodes[e.a].end) paths.push(walk(2 * i));
    else if (nodes[e.b].end) paths.push(walk(2 * i + 1));
  }
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    if (!e.alive || used[i] || !branches[i]) continue;
    if (pair[2 * i] < 0) paths.push(walk(2 * i));
    else if (pair[2 * i + 1] < 0) paths.push(walk(2 * i + 1));
  }
  // What is left goes through every junction it meets: closed.
  for (let i = 0; i < edges.length; i++) {
    if (!edges[i].alive || used[i] || !branches[i]) continue;
    paths.push(walk(2 * i));
  }
  for (const loop of graph.loops) paths.push(loopPath(graph, loop, ink, rules));
  return paths.filter((p) => p.xs.length >= 2);
}

/** How far from a junction node its branches are left out: its disc, and as far as its pixels spread. */
function junctionReach(node: Node): number {
  return JUNCTION_REACH * node.r + JUNCTION_MARGIN + node.spread;
}

/** Drops points that repeat the one before (a knot keeps its place). */
function dedupe(path: CenterPath): CenterPath {
  const { xs, ys, knots } = path;
  const keep: number[] = [];
  const map = new Int32Array(xs.length);
  const isKnot = new Uint8Array(xs.length);
  for (const k of knots) isKnot[k.i] = 1;
  for (let i = 0; i < xs.length; i++) {
    const j = keep.length - 1;
    if (j >= 0 && Math.abs(xs[keep[j]] - xs[i]) < 1e-6 && Math.abs(ys[keep[j]] - ys[i]) < 1e-6) {
      // The knot wins over a plain point in the same place.
      if (isKnot[i]) keep[j] = i;
      map[i] = j;
      continue;
    }
    map[i] = keep.length;
    keep.push(i);
  }
  if (keep.length === xs.length) return path;
  const merged = new Map<number, Knot>();
  for (const k of knots) {
    const i = map[k.i];
    const had = merged.get(i);
    merged.set(i, had ? { i, tin: had.tin ?? k.tin, tout: k.tout ?? had.tout } : { ...k, i });
  }
  return {
    ...path,
    xs: keep.map((i) => xs[i]),
    ys: keep.map((i) => ys[i]),
    knots: [...merged.values()].sort((a, b) => a.i - b.i),
  };
}

/** An edge's points: the ends of strokes included, the parts near junctions left out, each centered. */
function branchOf(graph: Graph, e: number, ink: InkLevels, rules: PathRules): Branch {
  const { nodes, edges, stride, dist2 } = graph;
  const edge = edges[e];
  const a = nodes[edge.a];
  const b = nodes[edge.b];
  const raw = [...(a.end ? [a.pixels[0]] : []), ...edge.pixels, ...(b.end ? [b.pixels[0]] : [])];
  const rx = raw.map((p) => px(p, stride));
  const ry = raw.map((p) => py(p, stride));
  let from = 0;
  let to = raw.length - 1;
  if (!a.end) {
    const reach = junctionReach(a);
    while (from <= to && (rx[from] - a.x) ** 2 + (ry[from] - a.y) ** 2 < reach * reach) from++;
  }
  if (!b.end) {
    const reach = junctionReach(b);
    while (to >= from && (rx[to] - b.x) ** 2 + (ry[to] - b.y) ** 2 < reach * reach) to--;
  }
  const radii = raw.map((p) => Math.sqrt(dist2[p]));
  const centered = center(rx, ry, radii, from, to, false, ink);
  const branch = withCorners(centered, median(radii), false, rules, ink);
  if (a.end) placeEnd(branch, true, graph, a.pixels[0], rules, ink);
  if (b.end) placeEnd(branch, false, graph, b.pixels[0], rules, ink);
  return branch;
}

/** A closed loop with no junction on it (an o). */
function loopPath(graph: Graph, loop: number[], ink: InkLevels, rules: PathRules): CenterPath {
  const { stride, dist2 } = graph;
  const rx = loop.map((p) => px(p, stride));
  const ry = loop.map((p) => py(p, stride));
  const radii = loop.map((p) => Math.sqrt(dist2[p]));
  const b = withCorners(
    center(rx, ry, radii, 0, loop.length - 1, true, ink),
    median(radii),
    true,
    rules,
    ink,
  );
  const n = b.xs.length;
  // Start at a corner if there is one, else anywhere, smoothly; end where it started.
  const start = b.corners.length > 0 ? b.corners[0].i : 0;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let k = 0; k <= n; k++) {
    xs.push(b.xs[(start + k) % n]);
    ys.push(b.ys[(start + k) % n]);
  }
  const knots: Knot[] = [];
  if (b.corners.length === 0) {
    const t = unit(b.xs[1 % n] - b.xs[n - 1], b.ys[1 % n] - b.ys[n - 1]);
    knots.push({ i: 0, tin: t, tout: t }, { i: n, tin: t, tout: t });
  } else {
    for (const c of b.corners) knots.push({ i: (c.i - start + n) % n, tin: c.tin, tout: c.tout });
    knots.sort((p, q) => p.i - q.i);
    knots.push({ ...knots[0], i: n });
  }
  return { xs, ys, knots, closed: true, widths: b.widths, peaks: b.peaks };
}

/**
 * The points from..to moved across the stroke to the middle of its ink (see crossSection), the
 * normal taken from the skeleton a stroke radius either side.
 */
function center(
  rx: number[],
  ry: number[],
  radii: number[],
  from: number,
  to: number,
  closed: boolean,
  ink: InkLevels,
): Centered {
  const n = rx.length;
  const xs: number[] = [];
  const ys: number[] = [];
  const widths: number[] = [];
  const peaks: number[] = [];
  for (let i = from; i <= to; i++) {
    const r = radii[i];
    const k = Math.max(2, Math.round(r));
    const i0 = closed ? (i - k + n) % n : Math.max(0, i - k);
    const i1 = closed ? (i + k) % n : Math.min(n - 1, i + k);
    const t = unit(rx[i1] - rx[i0], ry[i1] - ry[i0]);
    let x = rx[i];
    let y = ry[i];
    if (i1 !== i0) {
      const s = crossSection(ink, x, y, -t.y, t.x, r + 2);
      if (Math.abs(s.offset) <= 0.6 * r + 0.75) {
        x -= s.offset * t.y;
        y += s.offset * t.x;
      }
      if (s.clean) {
        widths.push(s.width);
        peaks.push(s.peak);
      }
    }
    xs.push(x);
    ys.push(y);
  }
  return { xs, ys, widths, peaks };
}
