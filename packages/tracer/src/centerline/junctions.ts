import type { Branch } from './branch.js';
import { type Dir, unit } from './fit.js';
import { curving, type Line, lineThrough } from './lines.js';

/** How far beyond the left-out part a branch's direction is measured, in disc radii (at least 3 px). */
const DIRECTION_REACH = 2;

/** Branches meeting at a junction go on as one path when they turn by at most this (radians): 40°. */
const THROUGH = (40 * Math.PI) / 180;

/** The shared tangent through a junction, arriving against `inDir` (away from the node) and leaving along `outDir`. */
export function throughDir(inDir: Dir, outDir: Dir): Dir {
  return unit(outDir.x - inDir.x, outDir.y - inDir.y);
}

/** The direction of a branch away from its junction node, measured on its first points past the junction. */
export function endDirection(
  b: Branch,
  side: number,
  node: { x: number; y: number; r: number },
  far: { x: number; y: number },
): Line {
  const n = b.xs.length;
  if (n === 0) return { dir: unit(far.x - node.x, far.y - node.y), cx: node.x, cy: node.y };
  const reach = Math.max(3, DIRECTION_REACH * node.r);
  const xs: number[] = [];
  const ys: number[] = [];
  const first = side === 0 ? 0 : n - 1;
  const step = side === 0 ? 1 : -1;
  for (let i = first; i >= 0 && i < n; i += step) {
    if (xs.length >= 2 && (b.xs[i] - b.xs[first]) ** 2 + (b.ys[i] - b.ys[first]) ** 2 > reach * reach) break;
    // A corner ends the straight run.
    if (i !== first && b.corners.some((c) => c.i === i)) break;
    xs.push(b.xs[i]);
    ys.push(b.ys[i]);
  }
  if (xs.length < 2) {
    return { dir: unit(b.xs[first] - node.x, b.ys[first] - node.y), cx: b.xs[first], cy: b.ys[first] };
  }
  return curving(lineThrough(xs, ys, node.x, node.y), xs, ys);
}

/** Pairs the branches at a junction that go straight on through it, the straightest first. */
export function pairThrough(keys: number[], ends: (Line | undefined)[], pair: Int32Array): void {
  const limit = -Math.cos(THROUGH);
  const candidates: { p: number; q: number; dot: number }[] = [];
  for (let i = 0; i < keys.length; i++) {
    for (let j = i + 1; j < keys.length; j++) {
      const a = ends[keys[i]]!.dir;
      const b = ends[keys[j]]!.dir;
      const dot = a.x * b.x + a.y * b.y;
      if (dot <= limit) candidates.push({ p: keys[i], q: keys[j], dot });
    }
  }
  candidates.sort((s, t) => s.dot - t.dot);
  for (const { p, q } of candidates) {
    if (pair[p] >= 0 || pair[q] >= 0) continue;
    pair[p] = q;
    pair[q] = p;
  }
}
