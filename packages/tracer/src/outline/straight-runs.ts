/**
 * The straight-subpath test of Selinger's paper (Sec. 2.2.1), which the closed polygon of an
 * outline (polygon.ts) and the open one of a color boundary (color/chain-polygon.ts) share. A run
 * of a path's lattice points is straight while it takes at most three of the four directions and
 * each point keeps within the constraint the earlier ones set: a cone between two vectors, c0 and
 * c1, from the run's first point.
 */

import { floordiv, INFTY } from '../geometry/math.js';

/** A lattice step (dx, dy each -1, 0 or 1) as one bit of four: only "all four" matters. */
export function directionBit(dx: number, dy: number): number {
  return 1 << ((3 + 3 * dx + dy) >> 1);
}

/** The cone a straight run from a point must stay in, narrowed by each point it reaches. */
export class Constraint {
  c0x = 0;
  c0y = 0;
  c1x = 0;
  c1y = 0;

  /** A run from a new first point: no constraint yet. */
  reset(): void {
    this.c0x = 0;
    this.c0y = 0;
    this.c1x = 0;
    this.c1y = 0;
  }

  /** Whether the point (curx, cury), from the run's first point, lies outside the cone. */
  excludes(curx: number, cury: number): boolean {
    return this.c0x * cury - this.c0y * curx < 0 || this.c1x * cury - this.c1y * curx > 0;
  }

  /** Narrows the cone so that the run passes within a pixel of the point (curx, cury). */
  narrow(curx: number, cury: number): void {
    if (Math.abs(curx) <= 1 && Math.abs(cury) <= 1) return;
    let offx = curx + (cury >= 0 && (cury > 0 || curx < 0) ? 1 : -1);
    let offy = cury + (curx <= 0 && (curx < 0 || cury < 0) ? 1 : -1);
    if (this.c0x * offy - this.c0y * offx >= 0) {
      this.c0x = offx;
      this.c0y = offy;
    }
    offx = curx + (cury <= 0 && (cury < 0 || curx < 0) ? 1 : -1);
    offy = cury + (curx >= 0 && (curx > 0 || cury < 0) ? 1 : -1);
    if (this.c1x * offy - this.c1y * offx <= 0) {
      this.c1x = offx;
      this.c1y = offy;
    }
  }

  /**
   * How many steps (dkx, dky) the run can go on from the point (curx, cury), the last corner
   * within the cone, before it leaves the cone; INFTY when it never does.
   */
  steps(curx: number, cury: number, dkx: number, dky: number): number {
    const a = this.c0x * cury - this.c0y * curx;
    const b = this.c0x * dky - this.c0y * dkx;
    const c = this.c1x * cury - this.c1y * curx;
    const d = this.c1x * dky - this.c1y * dkx;
    let j = INFTY;
    if (b < 0) j = floordiv(a, -b);
    if (d > 0) j = Math.min(j, floordiv(-c, d));
    return j;
  }
}
