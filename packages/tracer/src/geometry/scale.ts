import type { Gradient, Layer, Point, Segment, Subpath } from '../model.js';

/**
 * Layers with every coordinate, and every stroke width, multiplied by `factor`. With `gapFiller:
 * false` a gap filler keeps its width: it covers the seams of a rendering (a pixel or so of the
 * output), whatever size the shapes were traced at.
 */
export function scaleLayers(layers: Layer[], factor: number, { gapFiller = true } = {}): Layer[] {
  return layers.map((layer) => {
    const scaled = { ...layer, subpaths: scaleSubpaths(layer.subpaths, factor) };
    if (layer.gradient) scaled.gradient = scaleGradient(layer.gradient, factor);
    if (layer.stroke !== undefined && (gapFiller || layer.name !== 'gap-filler'))
      scaled.stroke = layer.stroke * factor;
    return scaled;
  });
}

/** A gradient with its geometry multiplied by `factor`. */
function scaleGradient(gradient: Gradient, factor: number): Gradient {
  if (gradient.kind === 'radial') {
    const { cx, cy, r } = gradient;
    return { ...gradient, cx: cx * factor, cy: cy * factor, r: r * Math.abs(factor) };
  }
  const { x1, y1, x2, y2 } = gradient;
  return { ...gradient, x1: x1 * factor, y1: y1 * factor, x2: x2 * factor, y2: y2 * factor };
}

/** Curves with every coordinate (and arc radius) multiplied by `factor`, then moved by (dx, dy). */
export function scaleSubpaths(subpaths: Subpath[], factor: number, dx = 0, dy = 0): Subpath[] {
  return moveSubpaths(subpaths.map(copySubpath), factor, dx, dy);
}

const copy = ({ x, y }: Point): Point => ({ x, y });

function copySubpath(subpath: Subpath): Subpath {
  return { ...subpath, start: copy(subpath.start), segments: subpath.segments.map(copySegment) };
}

function copySegment(s: Segment): Segment {
  if (s.kind === 'line') return { kind: 'line', to: copy(s.to) };
  if (s.kind === 'cubic') return { kind: 'cubic', c1: copy(s.c1), c2: copy(s.c2), to: copy(s.to) };
  return { ...s, to: copy(s.to) };
}

/**
 * `scaleSubpaths` done in place, for outlines just traced (a layer's, moved from its crop to the
 * image): no copy of every point. No point may be shared between two places in them.
 */
export function moveSubpaths(subpaths: Subpath[], factor: number, dx = 0, dy = 0): Subpath[] {
  const p = (point: Point) => {
    point.x = point.x * factor + dx;
    point.y = point.y * factor + dy;
  };
  for (const subpath of subpaths) {
    p(subpath.start);
    for (const s of subpath.segments) {
      p(s.to);
      if (s.kind === 'cubic') {
        p(s.c1);
        p(s.c2);
      } else if (s.kind === 'arc') {
        // A uniform scale keeps an arc's shape and, even negative (a half turn), its direction.
        s.radius *= Math.abs(factor);
        if (s.ry !== undefined) s.ry *= Math.abs(factor);
      }
    }
  }
  return subpaths;
}
