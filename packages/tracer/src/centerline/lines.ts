import { principalAxis } from '../geometry/line-fit.js';
import { type Dir, unit } from './fit.js';

/** Lines through points, and where lines cross: for junctions and corners. */

/** A line along the unit direction `dir` through (cx, cy): a branch's, near its junction or corner. */
export interface Line {
  dir: Dir;
  cx: number;
  cy: number;
}

/** The opposite direction. */
export function neg(d: Dir): Dir {
  return { x: -d.x, y: -d.y };
}

/** The least-squares line through points, its direction pointing away from (ox, oy). */
export function lineThrough(xs: number[], ys: number[], ox: number, oy: number): Line {
  const { cx, cy, dx, dy } = principalAxis(xs, ys);
  let dir = { x: dx, y: dy };
  if ((cx - ox) * dir.x + (cy - oy) * dir.y < 0) dir = neg(dir);
  return { dir, cx, cy };
}

/**
 * A branch's tangent where it starts (at xs[0], nearest the junction): a parabola fitted across
 * its line, so that a curved stroke (a loop crossing itself) meets the junction along its own
 * direction there, not its chord's. The line itself when the points are too few or too straight.
 */
export function curving(line: Line, xs: number[], ys: number[]): Line {
  const n = xs.length;
  if (n < 5) return line;
  const { dir: d, cx, cy } = line;
  // Sums for v = a + b u + c u², u along the line, v across it.
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let t0 = 0;
  let t1 = 0;
  let t2 = 0;
  for (let i = 0; i < n; i++) {
    const u = (xs[i] - cx) * d.x + (ys[i] - cy) * d.y;
    const v = -(xs[i] - cx) * d.y + (ys[i] - cy) * d.x;
    s0 += 1;
    s1 += u;
    s2 += u * u;
    s3 += u * u * u;
    s4 += u * u * u * u;
    t0 += v;
    t1 += u * v;
    t2 += u * u * v;
  }
  // Cramer's rule on the 3x3 normal equations.
  const det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2);
  if (Math.abs(det) < 1e-9) return line;
  const a = (t0 * (s2 * s4 - s3 * s3) - s1 * (t1 * s4 - s3 * t2) + s2 * (t1 * s3 - s2 * t2)) / det;
  const b = (s0 * (t1 * s4 - t2 * s3) - t0 * (s1 * s4 - s3 * s2) + s2 * (s1 * t2 - t1 * s2)) / det;
  const c = (s0 * (s2 * t2 - s3 * t1) - s1 * (s1 * t2 - s2 * t1) + t0 * (s1 * s3 - s2 * s2)) / det;
  const u0 = (xs[0] - cx) * d.x + (ys[0] - cy) * d.y;
  const slope = b + 2 * c * u0;
  // More than 45° off the chord: not a parabola's work.
  if (Math.abs(slope) > 1) return line;
  const v0 = a + b * u0 + c * u0 * u0;
  return {
    dir: unit(d.x - slope * d.y, d.y + slope * d.x),
    cx: cx + u0 * d.x - v0 * d.y,
    cy: cy + u0 * d.y + v0 * d.x,
  };
}

/**
 * The point nearest all the lines (least squares), pulled a little towards (x0, y0); (x0, y0)
 * itself when the lines meet farther than `within` from it (nearly parallel lines).
 */
export function crossing(lines: Line[], x0: number, y0: number, within: number): { x: number; y: number } {
  const pull = 0.01;
  let a = pull;
  let b = 0;
  let c = pull;
  let rx = pull * x0;
  let ry = pull * y0;
  for (const { dir, cx, cy } of lines) {
    // (I - d dᵀ) projects across the line.
    const m00 = 1 - dir.x * dir.x;
    const m01 = -dir.x * dir.y;
    const m11 = 1 - dir.y * dir.y;
    a += m00;
    b += m01;
    c += m11;
    rx += m00 * cx + m01 * cy;
    ry += m01 * cx + m11 * cy;
  }
  const det = a * c - b * b;
  if (Math.abs(det) < 1e-9) return { x: x0, y: y0 };
  const x = (c * rx - b * ry) / det;
  const y = (a * ry - b * rx) / det;
  return (x - x0) ** 2 + (y - y0) ** 2 <= within * within ? { x, y } : { x: x0, y: y0 };
}

/**
 * Where the branches `others` meet the line through a stroke's two branches a and b going straight
 * through (least squares along that line); the point of the line nearest (x0, y0) when they are
 * parallel to it, and (x0, y0) when that is farther than `within`.
 */
export function onThrough(
  a: Line,
  b: Line,
  others: Line[],
  x0: number,
  y0: number,
  within: number,
): { x: number; y: number } {
  let t = unit(a.cx - b.cx, a.cy - b.cy);
  if (a.cx === b.cx && a.cy === b.cy) t = unit(a.dir.x - b.dir.x, a.dir.y - b.dir.y);
  const cx = (a.cx + b.cx) / 2;
  const cy = (a.cy + b.cy) / 2;
  // The base: the line's point nearest (x0, y0).
  const s0 = (x0 - cx) * t.x + (y0 - cy) * t.y;
  const bx = cx + s0 * t.x;
  const by = cy + s0 * t.y;
  let num = 0;
  let den = 0;
  for (const { dir, cx: ox, cy: oy } of others) {
    const m00 = 1 - dir.x * dir.x;
    const m01 = -dir.x * dir.y;
    const m11 = 1 - dir.y * dir.y;
    const ux = bx - ox;
    const uy = by - oy;
    num += t.x * (m00 * ux + m01 * uy) + t.y * (m01 * ux + m11 * uy);
    den += t.x * (m00 * t.x + m01 * t.y) + t.y * (m01 * t.x + m11 * t.y);
  }
  const s = den > 1e-6 ? -num / den : 0;
  const x = bx + s * t.x;
  const y = by + s * t.y;
  return (x - x0) ** 2 + (y - y0) ** 2 <= within * within ? { x, y } : { x: bx, y: by };
}
