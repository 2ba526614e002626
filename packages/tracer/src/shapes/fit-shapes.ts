import type { Layer } from '../model.js';

/** Straight runs as lines, circles and circular arcs as arcs (being built: returns the layers as they are). */
export function fitShapes(layers: Layer[]): Layer[] {
  return layers;
}
