import { isArtwork, type Layer, type Point, type Segment, type Subpath, type VectorImage } from '../model.js';
import type { DrawStyle } from '../settings/index.js';

/** The width of the strokes of `strokeShapes` and `strokeEdges`, in image pixels. */
export const OUTLINE_WIDTH = 1;

/**
 * The model drawn in a style: `fillShapes` as it is; `strokeShapes` every shape's outline stroked
 * in its color, no fill; `strokeEdges` every edge stroked once, in the color of the shape painted
 * last along it, so that a border two shapes share is one stroke, not two (cut-out shapes share
 * their borders exactly, see params.ts). Stroked, nothing is filled: the background rectangle and
 * the gap filler (which only covers seams between fills) are left out; strokes of the picture
 * (centerlines) and the cut contour stay as they are.
 */
export function drawnAs<V extends VectorImage>(model: V, style: DrawStyle): V {
  if (style === 'fillShapes') return model;
  const kept = model.layers.filter((layer) => layer.name !== 'gap-filler');
  const layers = style === 'strokeShapes' ? kept.map(outlined) : strokedEdges(kept);
  const { background: _filled, ...rest } = model;
  return {
    ...(rest as V),
    layers,
    vectorCount: layers.reduce((sum, l) => sum + (isArtwork(l) ? l.subpaths.length : 0), 0),
  };
}

/** A filled layer as its outlines stroked; a stroke-only layer as it is. */
function outlined(layer: Layer): Layer {
  if (layer.fill === false || !isArtwork(layer)) return layer;
  return { ...layer, fill: false, stroke: OUTLINE_WIDTH };
}

/**
 * Every edge of the filled shapes once: the layers are walked from the top, and a segment another
 * layer above already has (in either direction) is left out of the ones below. What is left of
 * each outline is drawn as open runs (a whole outline stays closed).
 */
function strokedEdges(layers: Layer[]): Layer[] {
  const seen = new Set<string>();
  const out: Layer[] = new Array(layers.length);
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i];
    if (layer.fill === false || !isArtwork(layer)) {
      out[i] = layer;
      continue;
    }
    const subpaths = layer.subpaths.flatMap((subpath) => unseenRuns(subpath, seen));
    out[i] = { ...layer, subpaths, fill: false, stroke: OUTLINE_WIDTH };
  }
  return out.filter((layer) => layer.subpaths.length > 0);
}

/** A piece of an outline: a segment and where it starts. */
interface Piece {
  from: Point;
  segment: Segment;
}

/** The runs of a closed outline's pieces not in `seen` (which takes them), as subpaths. */
function unseenRuns(subpath: Subpath, seen: Set<string>): Subpath[] {
  if (subpath.open) return [subpath];
  const pieces = gridSteps(piecesOf(subpath));
  const fresh = pieces.map((piece) => {
    const [forward, backward] = keysOf(piece);
    if (seen.has(forward) || seen.has(backward)) return false;
    seen.add(forward);
    return true;
  });
  if (fresh.every(Boolean)) return [subpath];
  // Runs start after an edge already drawn, so that one running across the outline's start is one.
  const first = fresh.indexOf(false);
  const runs: Subpath[] = [];
  let run: Piece[] = [];
  for (let k = 1; k <= pieces.length; k++) {
    const i = (first + k) % pieces.length;
    if (fresh[i]) run.push(pieces[i]);
    if ((!fresh[i] || k === pieces.length) && run.length > 0) {
      runs.push(openRun(run));
      run = [];
    }
  }
  return runs;
}

function piecesOf({ start, segments }: Subpath): Piece[] {
  let from = start;
  return segments.map((segment) => {
    const piece = { from, segment };
    from = segment.to;
    return piece;
  });
}

/**
 * Lines along the pixel grid cut into steps of one pixel: pixel squares merged by color meet
 * along parts of each other's sides, which then match step by step. Steps in a row are joined
 * again in `openRun`.
 */
function gridSteps(pieces: Piece[]): Piece[] {
  return pieces.flatMap((piece) => {
    const { from, segment } = piece;
    if (segment.kind !== 'line' || !onGrid(from) || !onGrid(segment.to)) return [piece];
    const dx = segment.to.x - from.x;
    const dy = segment.to.y - from.y;
    const steps = Math.abs(dx) + Math.abs(dy);
    if ((dx !== 0 && dy !== 0) || steps <= 1) return [piece];
    return Array.from({ length: steps }, (_, k) => {
      const at = { x: from.x + (dx * k) / steps, y: from.y + (dy * k) / steps };
      const to = { x: from.x + (dx * (k + 1)) / steps, y: from.y + (dy * (k + 1)) / steps };
      return { from: at, segment: { kind: 'line' as const, to } };
    });
  });
}

const onGrid = ({ x, y }: Point) => Number.isInteger(x) && Number.isInteger(y);

/** An open subpath through the pieces, steps along one line joined into one line. */
function openRun(run: Piece[]): Subpath {
  const segments: Segment[] = [];
  let at = run[0].from;
  for (const { from, segment } of run) {
    const last = segments[segments.length - 1];
    if (last?.kind === 'line' && segment.kind === 'line' && inLine(at, from, segment.to)) {
      segments[segments.length - 1] = { kind: 'line', to: segment.to };
    } else {
      at = from;
      segments.push(segment);
    }
  }
  return { start: run[0].from, segments, open: true };
}

/** Whether b continues the line from a through m the same way. */
function inLine(a: Point, m: Point, b: Point): boolean {
  const cross = (m.x - a.x) * (b.y - m.y) - (m.y - a.y) * (b.x - m.x);
  const along = (m.x - a.x) * (b.x - m.x) + (m.y - a.y) * (b.y - m.y);
  return cross === 0 && along > 0;
}

const at = ({ x, y }: Point) => `${x.toFixed(4)},${y.toFixed(4)}`;

/** The piece's key drawn forward and drawn backward: the same edge has one or the other. */
function keysOf({ from, segment }: Piece): [string, string] {
  const to = segment.to;
  if (segment.kind === 'line') return [`L${at(from)} ${at(to)}`, `L${at(to)} ${at(from)}`];
  if (segment.kind === 'cubic') {
    const { c1, c2 } = segment;
    return [`C${at(from)} ${at(c1)} ${at(c2)} ${at(to)}`, `C${at(to)} ${at(c2)} ${at(c1)} ${at(from)}`];
  }
  const { radius, ry, rotation, large, sweep } = segment;
  const shape = `${radius.toFixed(4)} ${(ry ?? radius).toFixed(4)} ${(rotation ?? 0).toFixed(4)} ${large}`;
  return [`A${shape} ${sweep} ${at(from)} ${at(to)}`, `A${shape} ${!sweep} ${at(to)} ${at(from)}`];
}
