import type { Point } from '../model.js';

/**
 * The small arithmetic the stages share, after potrace's auxiliary.h: indices that wrap round a
 * closed path, the sign of a lattice step, and how points lie: in a line, how far apart, how
 * sharply a path turns.
 */

/** A number larger than any path's length: "no bound yet". */
export const INFTY = 10_000_000;

/** a modulo n, in 0..n-1 for negative a too (a path index that wraps round). */
export function mod(a: number, n: number): number {
  return a >= n ? a % n : a >= 0 ? a : n - 1 - ((-1 - a) % n);
}

/** a / n rounded down, for negative a too. */
export function floordiv(a: number, n: number): number {
  return a >= 0 ? Math.floor(a / n) : -1 - Math.floor((-1 - a) / n);
}

/** Whether b lies in the cyclic interval from a (included) to c (excluded). */
export function cyclic(a: number, b: number, c: number): boolean {
  return a <= c ? a <= b && b < c : a <= b || b < c;
}

export function sign(v: number): number {
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/** Whether b lies on the line from a to c, between them (to 1/1000 of a pixel). */
export function collinear(a: Point, b: Point, c: Point): boolean {
  const cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const dot = (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y);
  return cross * cross <= 1e-6 * ((c.x - a.x) ** 2 + (c.y - a.y) ** 2) && dot > 0;
}

/** The distance between two points. */
export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** The angle (radians, 0 to π) by which a path turns at (bx, by), coming from (ax, ay) and going on to (cx, cy). */
export function turn(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const ux = bx - ax;
  const uy = by - ay;
  const vx = cx - bx;
  const vy = cy - by;
  return Math.abs(Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy));
}
