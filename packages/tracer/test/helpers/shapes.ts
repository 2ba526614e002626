import type { Color, Layer, Point, Subpath, VectorImage } from '../../src/model.js';

/** Kappa: control points this far along the tangents make a cubic quarter circle (radial error 0.03%). */
export const KAPPA = 0.5522847498;

/** A closed polygon through `points`, back to the first one. */
export function polygon(points: [number, number][]): Subpath {
  const [[x, y], ...rest] = points;
  return {
    start: { x, y },
    segments: [...rest, points[0]].map(([x, y]) => ({ kind: 'line', to: { x, y } })),
  };
}

/** An axis-aligned square, clockwise on screen (y down); `hole` runs the other way. */
export function square(x: number, y: number, size: number, hole = false): Subpath {
  const corners: [number, number][] = [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
  ];
  return polygon(hole ? [corners[0], corners[3], corners[2], corners[1]] : corners);
}

/** A circle of four cubics, starting at its rightmost point. */
export function disc(cx: number, cy: number, r: number): Subpath {
  const k = KAPPA * r;
  const p = (x: number, y: number): Point => ({ x: cx + x, y: cy + y });
  return {
    start: p(r, 0),
    segments: [
      { kind: 'cubic', c1: p(r, k), c2: p(k, r), to: p(0, r) },
      { kind: 'cubic', c1: p(-k, r), c2: p(-r, k), to: p(-r, 0) },
      { kind: 'cubic', c1: p(-r, -k), c2: p(-k, -r), to: p(0, -r) },
      { kind: 'cubic', c1: p(k, -r), c2: p(r, -k), to: p(r, 0) },
    ],
  };
}

/** A model of `width` x `height` from its layers. */
export function image(width: number, height: number, layers: Layer[], background?: Color): VectorImage {
  const vectorCount = layers.reduce((n, layer) => n + layer.subpaths.length, 0);
  return { width, height, ...(background && { background }), layers, vectorCount, timings: {} };
}

export const black: Color = { r: 0, g: 0, b: 0 };
export const red: Color = { r: 200, g: 30, b: 30 };
export const blue: Color = { r: 20, g: 40, b: 200 };
export const cream: Color = { r: 255, g: 250, b: 205 };

/** The four test scenes, 100 x 100 px: a square, a square with a square hole, a disc, two colors on cream. */
export const scenes = {
  square: image(100, 100, [{ color: black, subpaths: [square(20, 20, 60)] }]),
  squareWithHole: image(100, 100, [
    { color: black, subpaths: [square(10, 10, 80), square(30, 30, 40, true)] },
  ]),
  disc: image(100, 100, [{ color: black, subpaths: [disc(50, 50, 40)] }]),
  twoColors: image(
    100,
    100,
    [
      { color: red, subpaths: [square(10, 10, 50)] },
      { color: blue, subpaths: [disc(60, 60, 30)] },
    ],
    cream,
  ),
};
