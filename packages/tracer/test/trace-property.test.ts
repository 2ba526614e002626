import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Subpath, toSvg, trace } from '../src/index.js';
import { rasterOf } from './helpers/raster.js';
import { iou, renderSvgMask } from './helpers/render.js';

const size = 96;

/** A random drawing: a few rectangles, ellipses and triangles, black or white, at least 8 px big. */
const shape = fc.oneof(
  fc
    .record({
      x: fc.integer({ min: 0, max: 70 }),
      y: fc.integer({ min: 0, max: 70 }),
      w: fc.integer({ min: 8, max: 40 }),
      h: fc.integer({ min: 8, max: 40 }),
      rot: fc.integer({ min: 0, max: 89 }),
    })
    .map(
      ({ x, y, w, h, rot }) =>
        `<rect x="${x}.3" y="${y}.6" width="${w}" height="${h}" transform="rotate(${rot} ${x + w / 2} ${y + h / 2})"/>`,
    ),
  fc
    .record({
      cx: fc.integer({ min: 10, max: 86 }),
      cy: fc.integer({ min: 10, max: 86 }),
      rx: fc.integer({ min: 5, max: 30 }),
      ry: fc.integer({ min: 5, max: 30 }),
    })
    .map(({ cx, cy, rx, ry }) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}.5" ry="${ry}"/>`),
  fc
    .tuple(...Array.from({ length: 6 }, () => fc.integer({ min: 0, max: size })))
    .map((p) => `<path d="M${p[0]} ${p[1]}L${p[2]} ${p[3]}L${p[4]} ${p[5]}Z"/>`),
);
const drawing = fc
  .array(fc.tuple(shape, fc.boolean()), { minLength: 1, maxLength: 5 })
  .map((shapes) => shapes.map(([s, white]) => (white ? s.replace('/>', ' fill="#fff"/>') : s)).join(''));
const settings = fc.record({
  smoothness: fc.integer({ min: 0, max: 100 }),
  cornerDetection: fc.constantFrom('auto', 'sharp', 'rounded', 'none'),
  quality: fc.constantFrom('draft', 'standard', 'high', 'ultra'),
} as const);

/** On-curve points inside the frame (control points may stand outside), and back at the start. */
function closedAndInFrame(subpath: Subpath): boolean {
  const points = [subpath.start, ...subpath.segments.map((s) => s.to)];
  const controls = subpath.segments.flatMap((s) => (s.kind === 'cubic' ? [s.c1, s.c2] : []));
  const inFrame = points.every((p) => p.x >= -0.5 && p.y >= -0.5 && p.x <= size + 0.5 && p.y <= size + 0.5);
  const finite = controls.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const end = points[points.length - 1];
  return inFrame && finite && Math.hypot(end.x - subpath.start.x, end.y - subpath.start.y) < 1e-9;
}

describe('tracing random drawings', () => {
  it('always gives closed outlines inside the frame, close to the drawing (slivers and spikes included)', () => {
    fc.assert(
      fc.property(drawing, settings, (body, s) => {
        const model = trace(rasterOf(body, size), s);
        for (const layer of model.layers)
          for (const subpath of layer.subpaths) expect(closedAndInFrame(subpath)).toBe(true);
        const truth = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${body}</svg>`;
        const a = renderSvgMask(toSvg(model), 384);
        const b = renderSvgMask(truth, 384);
        const dark = b.reduce((n, v) => n + v, 0);
        // Tiny or hairline drawings are dominated by their edges; judge the rest.
        if (dark > 384 * 384 * 0.02) expect(iou(a, b)).toBeGreaterThan(0.85);
      }),
      { numRuns: 60, seed: 42 },
    );
  });
});
