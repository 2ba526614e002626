import type { Layer, Point, Segment, Subpath } from './model.js';

/** Layers with every coordinate, and every stroke width, multiplied by `factor`. */
export function scaleLayers(layers: Layer[], factor: number): Layer[] {
  return layers.map((layer) => ({
    ...layer,
    subpaths: scaleSubpaths(layer.subpaths, factor),
    ...(layer.stroke !== undefined ? { stroke: layer.stroke * factor } : {}),
  }));
}

/** Curves with every coordinate multiplied by `factor`, then moved by (dx, dy). */
export function scaleSubpaths(subpaths: Subpath[], factor: number, dx = 0, dy = 0): Subpath[] {
  const p = ({ x, y }: Point): Point => ({ x: x * factor + dx, y: y * factor + dy });
  const segment = (s: Segment): Segment =>
    s.kind === 'line'
      ? { kind: 'line', to: p(s.to) }
      : { kind: 'cubic', c1: p(s.c1), c2: p(s.c2), to: p(s.to) };
  return subpaths.map((subpath) => ({ ...subpath, start: p(subpath.start), segments: subpath.segments.map(segment) }));
}
