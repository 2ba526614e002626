import { squaredDistance } from '../geometry/distance.js';
import type { Grid } from './clean.js';
import { unit } from './fit.js';
import { edgeLength, type Graph, px, py } from './graph.js';
import { crossSection, type InkLevels, MIN_PEAK } from './section.js';

/**
 * A piece of ink whose skeleton is shorter than this many times its widest width is a blob (a
 * dot, a filled disc or square), not a stroke: it stays a filled shape.
 */
const BLOB = 1;
/**
 * Parts of strokes wider than this many times the typical stroke (and at least FILL_MARGIN px
 * wider) are filled areas: a drawing's solid parts, a heavy blot on a line. Where strokes cross
 * the ink is wider too (three strokes crossing leave room for a disc twice their width): 3x
 * keeps crossings of up to four strokes.
 */
const FILL_RATIO = 3;
const FILL_MARGIN = 4;

/** The ink to keep as filled shapes, and the stroke width the skeleton reads (px, 0 if none). */
export interface FilledParts {
  /** 1 where the ink stays filled, on the padded grid; undefined when none does. */
  mask: Uint8Array | undefined;
  /** The typical stroke width (the median along the skeleton of the strokes), px. */
  typical: number;
  /** Whether parts of strokes are filled (else only whole pieces, blobs). */
  thick: boolean;
}

/**
 * Finds the ink that is no stroke: blobs (whole pieces, see BLOB), and the parts of strokes wider
 * than the limit (FILL_RATIO times the typical or given width), found as the ink's opening by a
 * disc that wide: what remains where such a disc fits, shaped as the ink is there.
 */
export function filledParts(
  graph: Graph,
  grid: Grid,
  dist2: Int32Array,
  ink: InkLevels,
  strokeWidth: number,
): FilledParts {
  const { nodes, edges, loops } = graph;
  const { bits, piece } = grid;
  // Pieces of ink with their skeleton's length and widest disc.
  const pieces = new Map<number, { length: number; r: number }>();
  const add = (label: number, length: number, r: number) => {
    const had = pieces.get(label);
    if (had) {
      had.length += length;
      had.r = Math.max(had.r, r);
    } else pieces.set(label, { length, r });
  };
  for (const node of nodes) if (node.alive) add(piece[node.pixels[0]], 0, node.r);
  for (const e of edges) {
    if (!e.alive) continue;
    let r2 = 0;
    for (const p of e.pixels) if (dist2[p] > r2) r2 = dist2[p];
    add(piece[nodes[e.a].pixels[0]], edgeLength(graph, e), Math.sqrt(r2));
  }
  for (const loop of loops) {
    let r2 = 0;
    for (const p of loop) if (dist2[p] > r2) r2 = dist2[p];
    add(piece[loop[0]], loop.length, Math.sqrt(r2));
  }
  const blob = new Uint8Array(grid.pieces);
  let blobs = 0;
  for (const [label, { length, r }] of pieces) {
    if (length < BLOB * (2 * r - 1)) {
      blob[label] = 1;
      blobs++;
    }
  }

  // The typical width: the median of the strokes' cross-sections (every third skeleton pixel).
  const widths: number[] = [];
  const { stride } = grid;
  const measure = (chain: number[], closed: boolean) => {
    const n = chain.length;
    for (let i = closed ? 0 : 2; i < (closed ? n : n - 2); i += 3) {
      const p = chain[i];
      if (blob[piece[p]] !== 0) return;
      const a = chain[(i - 2 + n) % n];
      const b = chain[(i + 2) % n];
      const t = unit(px(b, stride) - px(a, stride), py(b, stride) - py(a, stride));
      const s = crossSection(ink, px(p, stride), py(p, stride), -t.y, t.x, Math.sqrt(dist2[p]) + 2);
      if (s.clean && s.peak > MIN_PEAK) widths.push(s.width / s.peak);
    }
  };
  for (const e of edges) if (e.alive) measure(e.pixels, false);
  for (const loop of loops) measure(loop, true);
  widths.sort((a, b) => a - b);
  const typical = widths.length > 0 ? widths[widths.length >> 1] : 0;
  const base = strokeWidth > 0 ? strokeWidth : typical;
  const limit = base > 0 ? Math.max(FILL_RATIO * base, base + FILL_MARGIN) : Number.POSITIVE_INFINITY;

  const n = bits.length;
  let mask: Uint8Array | undefined;
  if (blobs > 0) {
    mask = new Uint8Array(n);
    for (let p = 0; p < n; p++) if (bits[p] !== 0 && blob[piece[p]] !== 0) mask[p] = 1;
  }
  // Deep ink: where a disc wider than the limit fits. Its opening is the filled area, found within
  // the deep ink's bounds widened by the disc.
  const radius = (limit + 1) / 2;
  const deep2 = radius * radius;
  const height = n / stride;
  let x0 = stride;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let p = 0; p < n; p++) {
    if (dist2[p] <= deep2 || blob[piece[p]] !== 0) continue;
    const x = p % stride;
    const y = (p - x) / stride;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  if (x1 >= 0) {
    const margin = Math.ceil(radius) + 2;
    x0 = Math.max(0, x0 - margin);
    y0 = Math.max(0, y0 - margin);
    x1 = Math.min(stride - 1, x1 + margin);
    y1 = Math.min(height - 1, y1 + margin);
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const notDeep = new Uint8Array(bw * bh);
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        const p = (y + y0) * stride + x + x0;
        notDeep[y * bw + x] = dist2[p] > deep2 && blob[piece[p]] === 0 ? 0 : 1;
      }
    }
    const near = squaredDistance(notDeep, bw, bh);
    const reach = (radius + 0.5) * (radius + 0.5);
    mask ??= new Uint8Array(n);
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        const p = (y + y0) * stride + x + x0;
        if (bits[p] !== 0 && near[y * bw + x] <= reach) mask[p] = 1;
      }
    }
  }
  return { mask, typical, thick: x1 >= 0 };
}
