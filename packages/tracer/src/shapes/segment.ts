import { type ArcFit, type Fit, fitCircle, fitLine, type LineFit } from './fit.js';
import type { Samples } from './samples.js';

/** How closely a line or an arc must follow the curve, and how much of it one must take. */
export interface Tolerances {
  /** Largest distance, px, between a sample and its line or arc. */
  deviation: number;
  /**
   * Largest mean distance, px, of the samples from their line or arc: `short` for a short one,
   * growing with its length at `perPixel` up to `long`.
   */
  mean: { short: number; perPixel: number; long: number };
  /** Pixels between samples. */
  spacing: number;
  /** Fewest samples in a line or an arc. */
  minSamples: number;
  /** Shortest line, px. */
  minLength: number;
  /** Smallest angle an arc turns through, radians. */
  minSweep: number;
  /** How many samples a join between two of them may move to where they fit best. */
  reach: number;
  /**
   * How far an arc that rounds a corner between two sides may stray, at most and on average:
   * more than a free arc may, for a trace cuts a small round corner into short lines and curves
   * that wander from it, and two sides that turn into one another through an arc are what a drawn
   * rounded rectangle, slot or fillet is.
   */
  corner: { max: number; mean: number };
}

/**
 * A stretch of samples a..b (indices past the end wrap round a closed subpath): a line, an arc, or
 * the original curve (`fit` undefined).
 */
export interface Piece {
  a: number;
  b: number;
  fit?: Fit;
  /** Held to the looser tolerance of a round corner between two sides (see fillet.ts). */
  corner?: true;
}

/**
 * Splits samples a0..b0 into lines, arcs and what is neither: a stretch that one line or arc
 * follows is that; one that none does is cut where it lies farthest from its chord (as
 * Douglas-Peucker cuts) and each part tried again, down to a few samples. Then neighbours that
 * one line or arc follows together become one (a cut may have halved an arc), short lines on a
 * smooth bend go back to the curve, and each join between two of them moves to where both fit best.
 */
export function segmentRun(s: Samples, a0: number, b0: number, tol: Tolerances, refine = true): Piece[] {
  const pieces: Piece[] = [];
  split(s, a0, b0, tol, pieces);
  mergeNeighbours(s, pieces, tol);
  dropFacets(s, pieces, tol);
  if (refine) refineJoins(s, pieces, tol, tol.reach);
  return pieces;
}

/** The line or arc that follows samples a..b, the line when it follows them as well. */
function bestFit(s: Samples, a: number, b: number, tol: Tolerances): Fit | undefined {
  const line = acceptLine(s, a, b, tol);
  const arc = acceptArc(s, a, b, tol);
  if (line && arc) return line.sse <= 1.5 * arc.sse + 1e-6 * (b - a) ? line : arc;
  return line ?? arc;
}

function split(s: Samples, a: number, b: number, tol: Tolerances, out: Piece[]): void {
  const fit = bestFit(s, a, b, tol);
  if (fit) {
    out.push({ a, b, fit });
    return;
  }
  if (b - a < 2 * tol.minSamples) {
    const last = out[out.length - 1];
    if (last && !last.fit && last.b === a) last.b = b;
    else out.push({ a, b });
    return;
  }
  const cut = farthestFromChord(s, a, b, tol.minSamples);
  split(s, a, cut, tol, out);
  split(s, cut, b, tol, out);
}

/** The sample farthest from the chord a-b (from sample a, when b is the same point), not at the ends. */
function farthestFromChord(s: Samples, a: number, b: number, margin: number): number {
  const n = s.count;
  const ax = s.x[a % n] as number;
  const ay = s.y[a % n] as number;
  const dx = (s.x[b % n] as number) - ax;
  const dy = (s.y[b % n] as number) - ay;
  const length = Math.hypot(dx, dy);
  let best = (a + b) >> 1;
  let far = -1;
  for (let i = a + margin; i <= b - margin; i++) {
    const x = (s.x[i % n] as number) - ax;
    const y = (s.y[i % n] as number) - ay;
    const d = length > 1e-9 ? Math.abs(x * dy - y * dx) / length : Math.hypot(x, y);
    if (d > far) {
      far = d;
      best = i;
    }
  }
  return best;
}

/** Joins neighbours (either may be the original curve) that one line or arc follows, until none do. */
function mergeNeighbours(s: Samples, pieces: Piece[], tol: Tolerances): void {
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i + 1 < pieces.length; i++) {
      const p = pieces[i] as Piece;
      const q = pieces[i + 1] as Piece;
      const fit = bestFit(s, p.a, q.b, tol);
      if (!fit) continue;
      pieces.splice(i, 2, { a: p.a, b: q.b, fit });
      merged = true;
    }
  }
  joinFree(pieces);
}

/** What no line or arc follows is one stretch of the original curve. */
function joinFree(pieces: Piece[]): void {
  for (let i = 0; i + 1 < pieces.length; ) {
    const p = pieces[i] as Piece;
    const q = pieces[i + 1] as Piece;
    if (!p.fit && !q.fit) pieces.splice(i, 2, { a: p.a, b: q.b });
    else i++;
  }
}

/** A line shorter than this, px, is a side only where the curve turns at one of its ends. */
const FACET = 6;
/** The turn, radians, that makes a corner of a short line's end. */
const FACET_TURN = (25 * Math.PI) / 180;

/**
 * Short lines on a curve that turns smoothly through them are facets of it, not sides: they go
 * back to the original curve (a polygon of 5 px lines would stand for a bend of a letter).
 */
function dropFacets(s: Samples, pieces: Piece[], tol: Tolerances): void {
  const k = Math.max(2, Math.round(1.5 / tol.spacing));
  let dropped = false;
  for (const p of pieces) {
    if (p.fit?.kind !== 'line' || (p.b - p.a) * tol.spacing >= FACET) continue;
    if (turnAt(s, p.a, k) < FACET_TURN && turnAt(s, p.b, k) < FACET_TURN) {
      p.fit = undefined;
      dropped = true;
    }
  }
  if (dropped) joinFree(pieces);
}

/** How far the sampled curve turns at sample i, over k samples either side (0 at an open end). */
function turnAt(s: Samples, i: number, k: number): number {
  const n = s.count;
  if (!s.closed && (i - k < 0 || i + k > n - 1)) return 0;
  const at = (j: number) => ((j % n) + n) % n;
  const [p, q, r] = [at(i - k), at(i), at(i + k)];
  const ux = (s.x[q] as number) - (s.x[p] as number);
  const uy = (s.y[q] as number) - (s.y[p] as number);
  const vx = (s.x[r] as number) - (s.x[q] as number);
  const vy = (s.y[r] as number) - (s.y[q] as number);
  return Math.abs(Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy));
}

/** Whether a fit of `samples` steps stays within the tolerances. */
function within(fit: Fit, samples: number, tol: Tolerances): boolean {
  return fit.deviation <= tol.deviation && fit.meanDeviation <= meanLimit(samples * tol.spacing, tol);
}

/**
 * The mean distance allowed a line or arc of a length: a long straight edge or arc that a trace
 * bows by a fifth of a pixel is still one; a short stretch of a letter that far from an arc is not.
 */
export function meanLimit(length: number, tol: Tolerances): number {
  return Math.min(tol.mean.long, Math.max(tol.mean.short, length * tol.mean.perPixel));
}

/** The line through samples a..b, if it follows them and is long enough to be one. */
export function acceptLine(s: Samples, a: number, b: number, tol: Tolerances): LineFit | undefined {
  const fit = fitLine(s, a, b);
  if (!within(fit, b - a, tol) || b - a < tol.minSamples) return undefined;
  const i = a % s.count;
  const j = b % s.count;
  const length = Math.hypot((s.x[j] as number) - (s.x[i] as number), (s.y[j] as number) - (s.y[i] as number));
  return length >= tol.minLength ? fit : undefined;
}

/** The arc through samples a..b, if it follows them, turns one way and far enough to be one. */
export function acceptArc(s: Samples, a: number, b: number, tol: Tolerances): ArcFit | undefined {
  const fit = fitCircle(s, a, b);
  if (!fit || !within(fit, b - a, tol) || !fit.monotonic || b - a < tol.minSamples) return undefined;
  // A whole turn or more is a circle, found as one; an arc that turns little is nearly a line.
  const turn = Math.abs(fit.sweep);
  return turn >= tol.minSweep && turn < 2 * Math.PI - tol.minSweep ? fit : undefined;
}

/**
 * Moves each join between two lines or arcs to where the two fit best together (least squares),
 * within a few pixels, until none moves; joins to the original curve stay. Least squares, not the
 * largest distance: a line takes the straight part from an arc that could stretch over it.
 */
function refineJoins(s: Samples, pieces: Piece[], tol: Tolerances, reach: number): void {
  for (let pass = 0; pass < 2; pass++) {
    let moved = false;
    for (let i = 0; i + 1 < pieces.length; i++) {
      const p = pieces[i] as Piece;
      const q = pieces[i + 1] as Piece;
      if (!p.fit || !q.fit) continue;
      let best = { join: p.b, cost: p.fit.sse + q.fit.sse, pf: p.fit, qf: q.fit };
      const pk = p.fit.kind;
      const qk = q.fit.kind;
      const tryJoin = (j: number) => {
        if (j === best.join || j < p.a + tol.minSamples || j > q.b - tol.minSamples) return;
        const pf = pk === 'line' ? acceptLine(s, p.a, j, tol) : acceptArc(s, p.a, j, tol);
        if (!pf) return;
        const qf = qk === 'line' ? acceptLine(s, j, q.b, tol) : acceptArc(s, j, q.b, tol);
        if (!qf) return;
        const cost = pf.sse + qf.sse;
        if (cost < best.cost - 1e-12) best = { join: j, cost, pf, qf };
      };
      // Every fourth place within reach, then each one next to the best of those.
      const centre = p.b;
      for (let j = centre - reach; j <= centre + reach; j += 4) tryJoin(j);
      const coarse = best.join;
      for (let j = coarse - 3; j <= coarse + 3; j++) tryJoin(j);
      if (best.join !== p.b) moved = true;
      p.b = best.join;
      q.a = best.join;
      p.fit = best.pf;
      q.fit = best.qf;
    }
    if (!moved) return;
  }
}
