import { COUNT, ringMask, ringOffsets } from './thin.js';

/**
 * A skeleton as a graph: its ends and junctions are nodes, the one-pixel chains between them
 * edges. Pixels are indices on the padded grid (`stride` wide, one pixel of paper all round).
 */
export interface Node {
  /** Position in image coordinates: the mean of its pixels' centers. */
  x: number;
  y: number;
  /** The distance from the node to the paper (px): the radius of the stroke's disc there. */
  r: number;
  /** How far its pixels lie from its position (px): 0 for one pixel, more for junctions made one. */
  spread: number;
  pixels: number[];
  /** An end of a stroke (one neighbour), else a junction. */
  end: boolean;
  alive: boolean;
}

export interface Edge {
  a: number;
  b: number;
  /** The chain's pixels from node a to node b, neither node's pixels included. */
  pixels: number[];
  alive: boolean;
}

export interface Graph {
  stride: number;
  nodes: Node[];
  edges: Edge[];
  /** Closed chains with no node on them (an o), their pixels in order round the loop. */
  loops: number[][];
  dist2: Int32Array;
}

/** Image coordinates of a padded grid pixel's center. */
export function px(p: number, stride: number): number {
  return (p % stride) - 0.5;
}

export function py(p: number, stride: number): number {
  return Math.floor(p / stride) - 0.5;
}

/** Builds the graph of a one-pixel skeleton (see thin.ts). */
export function buildGraph(skel: Uint8Array, dist2: Int32Array, stride: number): Graph {
  const ring = ringOffsets(stride);
  const n = skel.length;
  const count = new Uint8Array(n);
  const pixels: number[] = [];
  for (let p = 0; p < n; p++) {
    if (skel[p] === 0) continue;
    count[p] = COUNT[ringMask(skel, p, ring)];
    pixels.push(p);
  }
  // Each pixel's node, plus one (0: none).
  const nodeOf1 = new Int32Array(n);
  const nodes: Node[] = [];
  const stack: number[] = [];
  for (const p of pixels) {
    if (nodeOf1[p] > 0 || count[p] === 2) continue;
    const id = nodes.length;
    const node: Node = { x: 0, y: 0, r: 0, spread: 0, pixels: [], end: count[p] <= 1, alive: true };
    nodes.push(node);
    nodeOf1[p] = id + 1;
    stack.push(p);
    // A junction is every pixel of three or more neighbours touching it.
    while (stack.length > 0) {
      const q = stack.pop()!;
      node.pixels.push(q);
      if (count[q] <= 1) continue;
      for (let k = 0; k < 8; k++) {
        const s = q + ring[k];
        if (skel[s] !== 0 && count[s] >= 3 && nodeOf1[s] === 0) {
          nodeOf1[s] = id + 1;
          stack.push(s);
        }
      }
    }
    placeNode(node, dist2, stride);
  }
  const edges: Edge[] = [];
  const seen = new Uint8Array(n);
  for (let id = 0; id < nodes.length; id++) {
    for (const p of nodes[id].pixels) {
      for (let k = 0; k < 8; k++) {
        const q = p + ring[k];
        if (skel[q] === 0) continue;
        const other = nodeOf1[q] - 1;
        if (other >= 0) {
          // Two nodes side by side: an end touching a junction, or a two-pixel stroke.
          if (other > id) edges.push({ a: id, b: other, pixels: [], alive: true });
          continue;
        }
        if (seen[q] !== 0) continue;
        const chain: number[] = [];
        let prev = p;
        let cur = q;
        let end = -1;
        for (;;) {
          seen[cur] = 1;
          chain.push(cur);
          let step = -1;
          for (let j = 0; j < 8; j++) {
            const s = cur + ring[j];
            if (skel[s] === 0 || s === prev) continue;
            if (nodeOf1[s] > 0) {
              // The chain ends at a node, unless it is the one it left from, one step back.
              if (!(chain.length === 1 && nodeOf1[s] === id + 1)) end = nodeOf1[s] - 1;
              continue;
            }
            if (seen[s] === 0) step = s;
          }
          if (end >= 0 || step < 0) break;
          prev = cur;
          cur = step;
        }
        if (end < 0) end = id; // cannot happen on a thin skeleton; closes on itself
        edges.push({ a: id, b: end, pixels: chain, alive: true });
      }
    }
  }
  const loops: number[][] = [];
  for (const p of pixels) {
    if (seen[p] !== 0 || nodeOf1[p] > 0) continue;
    const loop: number[] = [];
    let prev = -1;
    let cur = p;
    for (;;) {
      seen[cur] = 1;
      loop.push(cur);
      let step = -1;
      for (let k = 0; k < 8; k++) {
        const s = cur + ring[k];
        if (skel[s] !== 0 && s !== prev && seen[s] === 0) {
          step = s;
          break;
        }
      }
      if (step < 0) break;
      prev = cur;
      cur = step;
    }
    if (loop.length >= 3) loops.push(loop);
  }
  return { stride, nodes, edges, loops, dist2 };
}

function placeNode(node: Node, dist2: Int32Array, stride: number): void {
  let sx = 0;
  let sy = 0;
  let r2 = 0;
  for (const p of node.pixels) {
    sx += px(p, stride);
    sy += py(p, stride);
    if (dist2[p] > r2) r2 = dist2[p];
  }
  node.x = sx / node.pixels.length;
  node.y = sy / node.pixels.length;
  node.r = Math.sqrt(r2);
  node.spread = spreadOf(node, stride);
}

export function spreadOf(node: Node, stride: number): number {
  let far = 0;
  for (const p of node.pixels)
    far = Math.max(far, (px(p, stride) - node.x) ** 2 + (py(p, stride) - node.y) ** 2);
  return Math.sqrt(far);
}

/** The number of edge ends at each node (a loop counts twice). */
export function degrees(graph: Graph): Int32Array {
  const deg = new Int32Array(graph.nodes.length);
  for (const e of graph.edges) {
    if (!e.alive) continue;
    deg[e.a]++;
    deg[e.b]++;
  }
  return deg;
}

/** Each node's live edges (an edge from a node to itself listed once). */
export function incidence(graph: Graph): number[][] {
  const at: number[][] = graph.nodes.map(() => []);
  graph.edges.forEach((e, i) => {
    if (!e.alive) return;
    at[e.a].push(i);
    if (e.b !== e.a) at[e.b].push(i);
  });
  return at;
}

/** The length (px) of an edge's polyline from node a's position through its pixels to node b's. */
export function edgeLength(graph: Graph, e: Edge): number {
  const { nodes, stride } = graph;
  let x = nodes[e.a].x;
  let y = nodes[e.a].y;
  let len = 0;
  for (const p of e.pixels) {
    const nx = px(p, stride);
    const ny = py(p, stride);
    len += Math.sqrt((nx - x) * (nx - x) + (ny - y) * (ny - y));
    x = nx;
    y = ny;
  }
  const b = nodes[e.b];
  return len + Math.sqrt((b.x - x) * (b.x - x) + (b.y - y) * (b.y - y));
}

/** Drops the pieces of the graph lying where `mask` is set (whole pieces: blobs). */
export function dropWhere(graph: Graph, mask: Uint8Array): void {
  const { nodes, edges } = graph;
  for (const node of nodes) if (node.alive && mask[node.pixels[0]] !== 0) node.alive = false;
  for (const e of edges) if (e.alive && (!nodes[e.a].alive || !nodes[e.b].alive)) e.alive = false;
  graph.loops = graph.loops.filter((loop) => mask[loop[0]] === 0);
}
