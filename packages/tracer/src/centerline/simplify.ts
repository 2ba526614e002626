import {
  degrees,
  type Edge,
  edgeLength,
  type Graph,
  incidence,
  type Node,
  px,
  py,
  spreadOf,
} from './graph.js';

/**
 * Spurs: a branch from a junction to an end that stands out of the stroke it leaves by less than
 * this share of that stroke's width (and MIN_SPUR px) is a bump of the outline, not a stroke of
 * its own.
 */
const SPUR = 0.6;

/** The least a branch must stand out (px) to be a stroke of its own. */
const MIN_SPUR = 2.5;

/** A sharp corner's tip (see cornerTip) is pruned when it stands out less than this many radii (+2 px). */
const CORNER_TIP = 2;

/**
 * Cleans the graph: prunes spurs (shortest first, never leaving a junction with fewer than two
 * branches), joins the two edges at a node left with two, and makes one junction of two whose
 * discs overlap, or that are the two halves of one crossing (see splitCrossing).
 */
export function simplify(graph: Graph): void {
  for (let round = 0; round < 3; round++) {
    const pruned = pruneSpurs(graph);
    const merged = mergeJunctions(graph);
    joinThrough(graph);
    if (!pruned && !merged) break;
  }
}

function pruneSpurs(graph: Graph): boolean {
  const { nodes, edges, dist2 } = graph;
  const deg = degrees(graph);
  const at = incidence(graph);
  const spurs: { e: number; len: number }[] = [];
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    if (!e.alive || e.a === e.b) continue;
    const endA = nodes[e.a].end && deg[e.a] === 1;
    const endB = nodes[e.b].end && deg[e.b] === 1;
    if (endA === endB) continue;
    spurs.push({ e: i, len: edgeLength(graph, e) });
  }
  spurs.sort((s, t) => s.len - t.len);
  let pruned = false;
  for (const { e: i, len } of spurs) {
    const e = edges[i];
    const [junction, end] = nodes[e.a].end && deg[e.a] === 1 ? [e.b, e.a] : [e.a, e.b];
    if (deg[junction] < 3) continue;
    const j = nodes[junction];
    const tip = Math.sqrt(dist2[nodes[end].pixels[0]]);
    const standsOut = len + tip - j.r;
    const limit = cornerTip(graph, i, junction, at[junction])
      ? CORNER_TIP * j.r + 2
      : Math.max(MIN_SPUR, SPUR * (2 * j.r - 1));
    if (standsOut >= limit) continue;
    e.alive = false;
    nodes[end].alive = false;
    deg[junction]--;
    pruned = true;
  }
  return pruned;
}

/**
 * Whether a spur is the tip of a sharp corner: at a junction of three, pointing out between the
 * other two where they make a V (at most 100° apart). A thin stroke's skeleton keeps such a tip
 * (a thick one's erodes); the corner is placed where its legs' lines cross instead (paths.ts).
 */
function cornerTip(graph: Graph, spur: number, junction: number, around: number[]): boolean {
  const { edges } = graph;
  const others: { x: number; y: number }[] = [];
  for (const i of around) {
    const e = edges[i];
    if (!e.alive || i === spur) continue;
    if (e.a === junction) others.push(heading(graph, e, true));
    if (e.b === junction) others.push(heading(graph, e, false));
  }
  if (others.length !== 2) return false;
  const [u, v] = others;
  if (u.x * v.x + u.y * v.y < Math.cos((100 * Math.PI) / 180)) return false;
  const out = heading(graph, edges[spur], edges[spur].a === junction);
  // The spur points away from both legs: against their mean direction, within 30°.
  const mx = u.x + v.x;
  const my = v.y + u.y;
  const m = Math.sqrt(mx * mx + my * my);
  return m > 0 && -(out.x * mx + out.y * my) / m >= Math.cos((30 * Math.PI) / 180);
}

/**
 * A branch's line away from its node (a, or b): fitted to the edge's points from two to four
 * radii from the node (at least 3 and 6 px, or from `past` to twice that), past where the skeleton
 * bends into the junction; to all its points, and the far node, on a shorter edge. Its point is
 * the points' centroid.
 */
function heading(graph: Graph, e: Edge, fromA: boolean, past = 0): Heading {
  const { nodes, stride } = graph;
  const from = nodes[fromA ? e.a : e.b];
  const to = nodes[fromA ? e.b : e.a];
  const near = Math.max(3, 2 * from.r, past);
  const far = 2 * near;
  const n = e.pixels.length;
  // Running sums for the points' principal axis.
  let c = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let k = 0; k < n; k++) {
    const p = e.pixels[fromA ? k : n - 1 - k];
    const x = px(p, stride);
    const y = py(p, stride);
    const d2 = (x - from.x) ** 2 + (y - from.y) ** 2;
    if (d2 > far * far) break;
    if (d2 < near * near) continue;
    c++;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
  }
  if (c < 3) {
    // A short edge: all its points, and the far node.
    c = 1;
    sx = to.x;
    sy = to.y;
    sxx = to.x * to.x;
    sxy = to.x * to.y;
    syy = to.y * to.y;
    for (const p of e.pixels) {
      const x = px(p, stride);
      const y = py(p, stride);
      c++;
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
      syy += y * y;
    }
  }
  const mx = sx / c;
  const my = sy / c;
  const vxx = sxx / c - mx * mx;
  const vxy = sxy / c - mx * my;
  const vyy = syy / c - my * my;
  // One point (or none but the far node): the direction towards it.
  const angle =
    vxx + vyy > 1e-12 ? 0.5 * Math.atan2(2 * vxy, vxx - vyy) : Math.atan2(my - from.y, mx - from.x);
  let x = Math.cos(angle);
  let y = Math.sin(angle);
  if ((mx - from.x) * x + (my - from.y) * y < 0) {
    x = -x;
    y = -y;
  }
  return { x, y, px: mx, py: my };
}

function mergeJunctions(graph: Graph): boolean {
  const { nodes, edges } = graph;
  const at = incidence(graph);
  let merged = false;
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    if (!e.alive || e.a === e.b) continue;
    const a = nodes[e.a];
    const b = nodes[e.b];
    if (a.end || b.end) continue;
    const length = edgeLength(graph, e);
    // Discs that (nearly) overlap are one junction; so are the two halves of a crossing.
    const split = length < SPLIT_X * Math.max(a.r, b.r) && splitCrossing(graph, e, length, at);
    if (length >= a.r + b.r && !split) continue;
    // b and the edge's pixels join a.
    const na = a.pixels.length;
    const nb = b.pixels.length;
    a.x = (a.x * na + b.x * nb) / (na + nb);
    a.y = (a.y * na + b.y * nb) / (na + nb);
    a.r = Math.max(a.r, b.r);
    for (const p of b.pixels) a.pixels.push(p);
    for (const p of e.pixels) a.pixels.push(p);
    a.spread = spreadOf(a, graph.stride);
    b.alive = false;
    e.alive = false;
    for (const k of at[e.b]) {
      const f = edges[k];
      if (!f.alive) continue;
      if (f.a === e.b) f.a = e.a;
      if (f.b === e.b) f.b = e.a;
      if (!at[e.a].includes(k)) at[e.a].push(k);
    }
    at[e.b] = [];
    merged = true;
  }
  return merged;
}

/**
 * Two junctions whose discs come within this (px) of each other are as good as touching: a thin
 * line crossing another thins to two junction pixels a diagonal or two apart, too close to tell
 * the branches' lines apart, so that only their directions must go straight on.
 */
const NEARLY = 1.5;
/** How long (in radii) the middle of a crossing split in two may be (see splitCrossing). */
const SPLIT_X = 8;

/**
 * Whether the junctions at the ends of edge e are one crossing that thinning split in two, as it
 * does where strokes cross at a shallow angle: both have as many other branches, and each of a's
 * goes straight on as one of b's, on its line.
 */
function splitCrossing(graph: Graph, e: Edge, length: number, at: number[][]): boolean {
  const { nodes, edges } = graph;
  // The arms bend towards the middle over about its length.
  const arms = (node: number): Heading[] => {
    const out: Heading[] = [];
    for (const k of at[node]) {
      const f = edges[k];
      if (!f.alive || f === e) continue;
      if (f.a === node) out.push(heading(graph, f, true, length));
      if (f.b === node && f.a !== node) out.push(heading(graph, f, false, length));
    }
    return out;
  };
  const count = (node: number) => at[node].filter((k) => edges[k].alive).length;
  if (count(e.a) !== count(e.b) || count(e.a) < 3) return false;
  const as = arms(e.a);
  const bs = arms(e.b);
  if (as.length < 2 || as.length !== bs.length) return false;
  const tolerance = Math.max(1.5, 0.5 * Math.max(nodes[e.a].r, nodes[e.b].r));
  const close = length < nodes[e.a].r + nodes[e.b].r + NEARLY;
  // On one line: within the tolerance, and a twentieth of the way between them (a direction
  // measured over a few pixels is off by a few degrees).
  const straight = (u: Heading, v: Heading) =>
    u.x * v.x + u.y * v.y <= -Math.cos(close ? STRAIGHT_CLOSE : STRAIGHT) &&
    (close ||
      Math.abs((v.px - u.px) * u.y - (v.py - u.py) * u.x) <=
        tolerance + 0.05 * Math.sqrt((v.px - u.px) ** 2 + (v.py - u.py) ** 2));
  // Each of a's arms goes on as a different one of b's.
  const taken = new Uint8Array(bs.length);
  for (const u of as) {
    const k = bs.findIndex((v, i) => taken[i] === 0 && straight(u, v));
    if (k < 0) return false;
    taken[k] = 1;
  }
  return true;
}

/**
 * Two branches are one stroke going straight on when they turn by at most this (radians): 20°;
 * 35° for junctions as good as touching (NEARLY), whose short, crowded branches read less truly.
 */
const STRAIGHT = (20 * Math.PI) / 180;
const STRAIGHT_CLOSE = (35 * Math.PI) / 180;

/** A branch's direction away from its node, and the point where it was measured. */
interface Heading {
  x: number;
  y: number;
  px: number;
  py: number;
}

/** Joins the two edges at each node left with two, and turns a lone loop at such a node into a loop. */
function joinThrough(graph: Graph): void {
  const { nodes, edges } = graph;
  const deg = degrees(graph);
  const at: number[][] = nodes.map(() => []);
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    if (!e.alive) continue;
    at[e.a].push(i);
    if (e.b !== e.a) at[e.b].push(i);
  }
  for (let id = 0; id < nodes.length; id++) {
    const node = nodes[id];
    if (!node.alive) continue;
    if (deg[id] === 0) continue;
    if (deg[id] === 1 && !node.end) {
      node.end = true; // a junction whose other branches were all spurs
      continue;
    }
    if (deg[id] !== 2) continue;
    const live = at[id].filter((i) => edges[i].alive);
    const mid = middlePixel(node, graph.stride);
    if (live.length === 1) {
      const e = edges[live[0]];
      graph.loops.push([mid, ...e.pixels]);
      e.alive = false;
      node.alive = false;
      continue;
    }
    const [e, f] = [edges[live[0]], edges[live[1]]];
    // e oriented to end at the node, f to start from it.
    const into = e.b === id ? e.pixels : e.pixels.slice().reverse();
    const from = e.b === id ? e.a : e.b;
    const out = f.a === id ? f.pixels : f.pixels.slice().reverse();
    const to = f.a === id ? f.b : f.a;
    e.pixels = [...into, mid, ...out];
    e.a = from;
    e.b = to;
    f.alive = false;
    node.alive = false;
    for (const list of [at[to]]) list.push(live[0]);
  }
}

/** The node's pixel nearest its position. */
function middlePixel(node: Node, stride: number): number {
  let best = node.pixels[0];
  let bestD = Number.POSITIVE_INFINITY;
  for (const p of node.pixels) {
    const d = (px(p, stride) - node.x) ** 2 + (py(p, stride) - node.y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = p;
    }
  }
  return best;
}
