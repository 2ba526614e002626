import { describe, expect, it } from 'vitest';
import { readSvg, toDxf, toEps, toPdf, toSvg } from '../src/export/index.js';
import type { Layer, Subpath } from '../src/model.js';
import { parseDxf } from './helpers/dxf.js';
import { rasterizeEps, rasterizePdf } from './helpers/rasterize.js';
import { type Pixels, pixelAt, renderSvg } from './helpers/render.js';
import { black, image, red, square } from './helpers/shapes.js';

// The package's CommonJS build exports the parser class itself; its typings declare an ES default.
/** An open polyline through the points: a stroke's centerline. */
function line(points: [number, number][]): Subpath {
  const [[x, y], ...rest] = points;
  return {
    start: { x, y },
    segments: rest.map(([tx, ty]) => ({ kind: 'line', to: { x: tx, y: ty } })),
    open: true,
  };
}

// An L-shaped stroke 6 px wide, a red square with a gap filler, and a cut contour around both.
const centerline: Layer = {
  color: black,
  subpaths: [
    line([
      [20, 20],
      [20, 80],
      [60, 80],
    ]),
  ],
  stroke: 6,
  fill: false,
};
const filled: Layer = { color: red, subpaths: [square(50, 20, 30)], stroke: 1 };
const cut: Layer = {
  color: { r: 255, g: 0, b: 255 },
  subpaths: [square(5, 5, 90)],
  stroke: 1,
  fill: false,
  name: 'cut',
};
const model = image(100, 100, [centerline, filled, cut]);

const dark = (p: Pixels, x: number, y: number) => pixelAt(p, x, y).every((v) => v < 80);
const white = (p: Pixels, x: number, y: number) => pixelAt(p, x, y).every((v) => v > 230);

/** What every renderer must show: the stroke along its line and not closed, the square filled. */
function expectDrawn(p: Pixels) {
  expect(dark(p, 20, 50)).toBe(true); // on the stroke
  expect(dark(p, 22, 50)).toBe(true); // within its half width
  expect(white(p, 26, 50)).toBe(true); // beyond it
  expect(white(p, 40, 50)).toBe(true); // inside the L: an open stroke, not a filled triangle
  expect(white(p, 40, 45)).toBe(true); // no closing line from (60, 80) back to (20, 20)
  expect(pixelAt(p, 65, 35)[0]).toBeGreaterThan(150); // the red square
  expect(white(p, 50, 92)).toBe(true); // inside the cut contour, the thin line does not fill it
}

describe('strokes, open paths and the cut contour', () => {
  it('SVG strokes open paths with round ends, names the cut contour, and reads back to the same file', () => {
    const svg = toSvg(model);
    expect(svg).toContain(
      '<path fill="none" stroke="#000" stroke-width="6" stroke-linecap="round" stroke-linejoin="round" d="M20 20v60h40"/>',
    );
    expect(svg).toContain('<path id="cut" fill="none" stroke="#f0f"');
    expect(svg).toMatch(/<path fill="#c81e1e" stroke="#c81e1e" stroke-width="1" /);
    expect(toSvg(readSvg(svg))).toBe(svg);
    expect(readSvg(svg).layers[0]?.subpaths[0]?.open).toBe(true);
    expectDrawn(renderSvg(svg, 100));
  });

  it('the next subpath moves from where an open one ended', () => {
    const two: Layer = {
      ...centerline,
      subpaths: [
        line([
          [10, 10],
          [30, 10],
        ]),
        line([
          [10, 50],
          [30, 50],
        ]),
      ],
    };
    const svg = toSvg(image(40, 60, [two]));
    expect(svg).toContain('d="M10 10h20m-20 40h20"');
    expect(readSvg(svg).layers[0]?.subpaths.map((s) => s.start)).toEqual([
      { x: 10, y: 10 },
      { x: 10, y: 50 },
    ]);
  });

  it('PDF and EPS stroke the same lines', () => {
    expectDrawn(rasterizePdf(toPdf(model), 72));
    expectDrawn(rasterizeEps(toEps(model), 72));
  });

  it('DXF writes centerlines as open polylines and the cut contour on a layer named cut', () => {
    const dxf = parseDxf(toDxf(model));
    const entities = (dxf?.entities ?? []) as unknown as {
      type: string;
      layer: string;
      shape?: boolean;
      vertices: unknown[];
    }[];
    expect(entities.map((e) => [e.layer, Boolean(e.shape), e.vertices.length])).toEqual([
      ['000000', false, 3],
      ['C81E1E', true, 4],
      ['cut', true, 4],
    ]);
  });
});
