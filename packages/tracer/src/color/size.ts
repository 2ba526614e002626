import type { Layer } from '../model.js';

/**
 * How large a traced result is: its shapes (subpaths), and its weight, what it takes to write
 * (segments, and a gradient stop as two, about a stop's bytes).
 */
export interface ResultSize {
  shapes: number;
  weight: number;
}

/** Adds the layers' shapes and weight to `size` (none by default), and returns it. */
export function sizeOf(layers: Layer[], size: ResultSize = { shapes: 0, weight: 0 }): ResultSize {
  for (const { subpaths, gradient } of layers) {
    size.shapes += subpaths.length;
    size.weight += 2 * (gradient?.stops.length ?? 0);
    for (const subpath of subpaths) size.weight += subpath.segments.length;
  }
  return size;
}

/** Whether a result of size `a` is smaller than one of size `b`: no more shapes, and less to write. */
export function isSmaller(a: ResultSize, b: ResultSize): boolean {
  return a.shapes <= b.shapes && a.weight < b.weight;
}
