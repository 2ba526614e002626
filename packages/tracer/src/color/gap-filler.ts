import { flattenSubpath } from '../export/flatten.js';
import { squaredDistance } from '../geometry/distance.js';
import type { Color, Layer, Point, Subpath } from '../model.js';
import { type Chain, OUTSIDE } from './boundary.js';
import type { FittedChain } from './chain-fit.js';

/**
 * Width in pixels of the gap filler: 1.25 px either side of a seam covers nearly all of every
 * pixel the seam crosses (all of it when the seam runs along the rows or columns, all but a corner
 * when it runs at 45°), so a renderer's anti-aliasing has next to nothing left to show through.
 * Rendered with resvg at 1x over the 32 real color images of bench/palette-cutout.ts, no pixel
 * the image holds opaque shows more than 2 % of the background (see bench/RESULTS.md).
 */
export const GAP_FILLER = 2.5;

/** The widths a seam near the outside is stroked at, widest first, by how near it comes. */
const WIDTHS = [GAP_FILLER, 2, 1.5, 1];

/** A piece of a seam and the width of its stroke. */
interface Piece {
  width: number;
  subpath: Subpath;
}

/** Flattening of a seam that runs near the outside, before it is cut where it comes too close. */
const STEP = 0.25;

/** What the gap filler of cut-out shapes is drawn from. */
export interface Seams {
  chains: Chain[];
  fitted: FittedChain[];
  /** The labels drawn, in painting order. */
  order: number[];
  /** Each pixel's label. */
  labels: Uint8Array;
  width: number;
  height: number;
  colorOf(label: number): Color;
  /** True when part of the frame is not drawn, so that a stroke must keep away from it. */
  hasOutside: boolean;
}

/**
 * The gap filler of cut-out shapes: a stroke along every seam where two of them meet, in the color
 * of the one painted first, drawn under all of them. Shapes that meet edge to edge each cover part
 * of a pixel on their seam, and a renderer composites each coverage on its own, so some background
 * shows through; the stroke beneath covers those pixels whole. Everywhere else the shapes paint
 * over it, so nothing they show moves. Where a seam comes near what is not drawn it is cut short,
 * so the stroke never shows beside the picture. One stroke-only layer per color, named
 * `gap-filler`: a renderer draws it, a cutter's file leaves it out.
 */
export function gapFiller(seams: Seams): Layer[] {
  const { chains, fitted, order, colorOf } = seams;
  const rank = new Map(order.map((label, k) => [label, k]));
  const clearance = seams.hasOutside ? clearanceOf(seams, rank) : undefined;
  const byLayer = new Map<string, Layer>();
  chains.forEach((chain, k) => {
    const left = rank.get(chain.left);
    const right = rank.get(chain.right);
    if (left === undefined || right === undefined || chain.left === OUTSIDE || chain.right === OUTSIDE)
      return;
    const label = left < right ? chain.left : chain.right;
    // Open even round an island: closed, a loop tighter than the stroke is wide comes out of
    // some renderers' stroking (resvg's) with a hole in its middle.
    const subpath: Subpath = { ...fitted[k], open: true };
    const pieces = clearance ? awayFromOutside(subpath, clearance) : [{ width: GAP_FILLER, subpath }];
    for (const piece of pieces) {
      const key = `${label} ${piece.width}`;
      const layer = byLayer.get(key);
      if (layer) layer.subpaths.push(piece.subpath);
      else
        byLayer.set(key, { ...GAP, color: colorOf(label), subpaths: [piece.subpath], stroke: piece.width });
    }
  });
  return [...byLayer.values()];
}

/** What every layer of the gap filler is. */
const GAP = { fill: false, name: 'gap-filler' } as const;

/** How far a point is from every pixel not drawn, at least (beyond the frame nothing is near). */
function clearanceOf({ labels, width, height }: Seams, rank: Map<number, number>): (p: Point) => number {
  const drawn = new Uint8Array(labels.length);
  for (let p = 0; p < labels.length; p++) drawn[p] = rank.has(labels[p]) ? 1 : 0;
  const d2 = squaredDistance(drawn, width, height);
  return ({ x, y }) => {
    const px = Math.min(width - 1, Math.max(0, Math.floor(x)));
    const py = Math.min(height - 1, Math.max(0, Math.floor(y)));
    // From the pixel's center to the nearest one not drawn, less the way from the point to the
    // center and from that pixel's center to its farthest corner.
    const off = Math.hypot(x - px - 0.5, y - py - 0.5);
    return Math.sqrt(d2[py * width + px]) - off - Math.SQRT1_2;
  };
}

/**
 * A seam's pieces and the width each is stroked at: the seam itself at GAP_FILLER when it keeps
 * that far from the outside all along; otherwise its runs of points as lines (through the points
 * it is flattened to, and where each run starts and ends), each as wide as its points' clearance
 * allows (a stroke 1 px either side still covers a seam crossing the pixels straight), none where
 * the seam comes within half a pixel.
 */
function awayFromOutside(subpath: Subpath, clearance: (p: Point) => number): Piece[] {
  const dense = densify(flattenSubpath(subpath, 0.1), STEP);
  const band = dense.map(({ p }) => {
    const room = clearance(p);
    return WIDTHS.findIndex((w) => w / 2 <= room);
  });
  if (band.every((b) => b === 0)) return [{ width: WIDTHS[0], subpath }];
  const pieces: Piece[] = [];
  let run: Point[] = [];
  dense.forEach(({ p, vertex }, i) => {
    const b = band[i];
    if (b >= 0 && (vertex || band[i - 1] !== b || band[i + 1] !== b)) run.push(p);
    if (b >= 0 && band[i + 1] === b) return;
    if (run.length >= 2) {
      const [start, ...rest] = run;
      const segments = rest.map((to) => ({ kind: 'line' as const, to }));
      pieces.push({ width: WIDTHS[b], subpath: { start, segments, open: true } });
    }
    // The next band starts where this one ends, so that the stroke runs on without a break.
    run = b >= 0 && band[i + 1] !== undefined && band[i + 1] >= 0 ? [p] : [];
  });
  return pieces;
}

/** An open polyline's points, and points between them so that none lies more than `step` from the next. */
function densify(points: Point[], step: number): { p: Point; vertex: boolean }[] {
  const out: { p: Point; vertex: boolean }[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    const parts = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
    for (let k = 0; k < parts; k++) {
      const t = k / parts;
      out.push({ p: { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }, vertex: k === 0 });
    }
  }
  out.push({ p: points[points.length - 1], vertex: true });
  return out;
}
