import { turn } from '../geometry/math.js';
import { type Branch, type Centered, ON_INK, type PathRules } from './branch.js';
import { type Dir, unit } from './fit.js';
import { crossing, type Line, lineThrough, neg } from './lines.js';
import { type InkLevels, inkAt } from './section.js';

/** A corner's legs are measured from one to three times its reach away. */
const LEG = 3;

/**
 * Corners are looked for over this many stroke radii either side: beyond where a thick stroke's
 * skeleton rounds them off, and short of where a curve turns as much (a circle of radius R turns
 * by 2r/R over it, under the corner angle for any R over about twice the stroke's width).
 */
const CORNER_SCALE = 2;

/**
 * Finds the corners of a centered run: where it turns by at least the rule's angle over `k`
 * points either side, and about as much as over twice that (a curve turns twice as much over
 * twice the length, a corner no more). Each corner is placed where the lines of its two legs
 * cross, and the points bent round it in between are dropped.
 */
export function withCorners(
  c: Centered,
  radius: number,
  closed: boolean,
  rules: PathRules,
  ink: InkLevels,
): Branch {
  const { xs, ys, widths, peaks } = c;
  const n = xs.length;
  const k = Math.max(2, Math.round(CORNER_SCALE * radius));
  if (!Number.isFinite(rules.cornerTurn) || n < 2 * k + 1) return { xs, ys, widths, peaks, corners: [] };
  const at = (i: number) => (closed ? (i + n) % n : i);
  const turns = new Float64Array(n);
  const lo = closed ? 0 : k;
  const hi = closed ? n - 1 : n - 1 - k;
  for (let i = lo; i <= hi; i++) {
    const a = at(i - k);
    const b = at(i + k);
    turns[i] = turn(xs[a], ys[a], xs[i], ys[i], xs[b], ys[b]);
  }
  const found: number[] = [];
  for (let i = lo; i <= hi; i++) {
    if (turns[i] < rules.cornerTurn) continue;
    let peak = true;
    for (let d = -k; d <= k && peak; d++) {
      const j = at(i + d);
      if (d !== 0 && j >= 0 && j < n && (turns[j] > turns[i] || (turns[j] === turns[i] && d < 0)))
        peak = false;
    }
    if (!peak) continue;
    const a = at(i - 2 * k);
    const b = at(i + 2 * k);
    const wide = closed || (i - 2 * k >= 0 && i + 2 * k < n);
    if (wide && turn(xs[a], ys[a], xs[i], ys[i], xs[b], ys[b]) > 1.5 * turns[i]) continue;
    found.push(i);
  }
  if (found.length === 0) return { xs, ys, widths, peaks, corners: [] };
  // Rebuild the points: each corner at its legs' crossing, the points within k of it dropped.
  const drop = new Uint8Array(n);
  const placed = new Map<number, { x: number; y: number; tin: Dir; tout: Dir }>();
  for (const i of found) {
    const inLeg = legLine(xs, ys, i, -1, k, n, closed);
    const outLeg = legLine(xs, ys, i, 1, k, n, closed);
    let x = xs[i];
    let y = ys[i];
    // The skeleton cuts a sharp corner short, by up to r / sin(half the angle between the legs).
    const half = Math.cos(turns[i] / 2);
    const meet = crossing([inLeg, outLeg], x, y, Math.min(6, 1 / Math.max(half, 0.1)) * radius + 2);
    // A curved leg's tangent can lead out of the stroke: the corner stays on the ink.
    if (inkAt(ink, meet.x, meet.y) >= ON_INK * inkAt(ink, x, y)) {
      x = meet.x;
      y = meet.y;
    }
    placed.set(i, { x, y, tin: neg(inLeg.dir), tout: outLeg.dir });
    for (let d = 1; d < k; d++) {
      drop[at(i - d)] = 1;
      drop[at(i + d)] = 1;
    }
  }
  const out: Branch = { xs: [], ys: [], widths, peaks, corners: [] };
  for (let i = 0; i < n; i++) {
    const corner = placed.get(i);
    if (corner) {
      out.corners.push({ i: out.xs.length, tin: corner.tin, tout: corner.tout });
      out.xs.push(corner.x);
      out.ys.push(corner.y);
    } else if (!drop[i]) {
      out.xs.push(xs[i]);
      out.ys.push(ys[i]);
    }
  }
  return out;
}

/** The line of a corner's leg on one side (`side` -1 before, 1 after), its direction away from the corner. */
function legLine(
  xs: number[],
  ys: number[],
  i: number,
  side: number,
  k: number,
  n: number,
  closed: boolean,
): Line {
  const idx: number[] = [];
  for (let d = k; d <= LEG * k; d++) {
    const j = i + side * d;
    if (closed) idx.push((j + n * 4) % n);
    else if (j >= 0 && j < n) idx.push(j);
  }
  if (idx.length < 2) {
    const j = Math.max(0, Math.min(n - 1, i + side));
    return { dir: unit(xs[j] - xs[i], ys[j] - ys[i]), cx: xs[i], cy: ys[i] };
  }
  return lineThrough(
    idx.map((j) => xs[j]),
    idx.map((j) => ys[j]),
    xs[i],
    ys[i],
  );
}
