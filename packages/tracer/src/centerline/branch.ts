import type { Dir } from './fit.js';

/** How the paths are cut and joined. */
export interface PathRules {
  /** A turn of at least this much (radians) over about a stroke width is a corner; Infinity for none. */
  cornerTurn: number;
  /** The image's size: a stroke running off its edge is carried on to it. */
  width: number;
  height: number;
  /** Where the ink stays filled (padded grid), if anywhere: a stroke cut off by it is carried into it. */
  filled?: Uint8Array;
}

/**
 * A corner or junction placed where its lines cross must lie on at least this share of the ink
 * at the skeleton's own point there (a curved leg's tangent can lead off the stroke).
 */
export const ON_INK = 0.5;

/** An edge's points, centered, with its corners and what its cross-sections measured. */
export interface Branch {
  xs: number[];
  ys: number[];
  widths: number[];
  peaks: number[];
  /** Indices of corners among the points, with their incoming and outgoing directions. */
  corners: { i: number; tin: Dir; tout: Dir }[];
}

/** Points centered in their stroke, and what their cross-sections measured (see section.ts). */
export type Centered = { xs: number[]; ys: number[]; widths: number[]; peaks: number[] };

/** The median (the upper one of an even count); 0 for none. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}
