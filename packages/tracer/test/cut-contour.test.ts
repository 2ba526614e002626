import { describe, expect, it } from 'vitest';
import { TraceError } from '../src/errors.js';
import { flattenSubpath } from '../src/export/flatten.js';
import { toSvg } from '../src/export/index.js';
import type { Layer, Point, RasterImage } from '../src/model.js';
import { trace } from '../src/trace.js';
import { renderSvg } from './helpers/render.js';

/** SVG markup drawn in a size x size frame, rendered with its transparency kept. */
function sticker(body: string, size = 200): RasterImage {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${body}</svg>`;
  const { width, height, data } = renderSvg(svg, size, null);
  return { width, height, data };
}

function cutLayer(image: RasterImage, offset: number, unit: 'px' | 'mm' | 'in' = 'px'): Layer {
  const model = trace(image, { cutContour: { offset, unit } });
  const cut = model.layers.filter((l) => l.name === 'cut');
  expect(cut).toHaveLength(1);
  return cut[0] as Layer;
}

const points = (layer: Layer): Point[] => layer.subpaths.flatMap((s) => flattenSubpath(s, 0.1));
const distance = (p: Point, x: number, y: number) => Math.sqrt((p.x - x) ** 2 + (p.y - y) ** 2);

describe('sticker cut contour', () => {
  it('runs one closed outline around a shape at the offset asked', () => {
    const cut = cutLayer(sticker('<circle cx="100" cy="100" r="40" fill="#d22"/>'), 12);
    expect(cut.subpaths).toHaveLength(1);
    expect(cut.subpaths[0]?.open).toBeUndefined();
    for (const p of points(cut)) expect(Math.abs(distance(p, 100, 100) - 52)).toBeLessThan(1.5);
    expect(cut).toMatchObject({ fill: false, color: { r: 255, g: 0, b: 255 } });
  });

  it('reads the offset in millimetres and inches at 96 pixels to the inch', () => {
    const disc = sticker('<circle cx="100" cy="100" r="40" fill="#d22"/>');
    const mm = points(cutLayer(disc, 5, 'mm')); // 18.9 px
    for (const p of mm) expect(Math.abs(distance(p, 100, 100) - (40 + (5 * 96) / 25.4))).toBeLessThan(1.5);
    const inch = points(cutLayer(disc, 0.25, 'in')); // 24 px
    for (const p of inch) expect(Math.abs(distance(p, 100, 100) - 64)).toBeLessThan(1.5);
  });

  it('fills holes, bridges small gaps and joins parts far apart into one outline', () => {
    const ring = cutLayer(
      sticker('<circle cx="100" cy="100" r="50" fill="none" stroke="#000" stroke-width="12"/>'),
      4,
    );
    expect(ring.subpaths).toHaveLength(1); // no cut inside the ring
    const letters = sticker(
      '<rect x="20" y="80" width="30" height="40" fill="#14c"/><rect x="54" y="80" width="30" height="40" fill="#14c"/>' +
        '<rect x="150" y="20" width="20" height="20" fill="#c33"/>',
    );
    const cut = cutLayer(letters, 3);
    expect(cut.subpaths).toHaveLength(1);
    const box = points(cut).reduce(
      (b, p) => ({
        x0: Math.min(b.x0, p.x),
        y0: Math.min(b.y0, p.y),
        x1: Math.max(b.x1, p.x),
        y1: Math.max(b.y1, p.y),
      }),
      { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity },
    );
    // Around every part: the hull reaches the far square as well as the two bars.
    expect(box.x0).toBeLessThan(18);
    expect(box.x1).toBeGreaterThan(172);
    expect(box.y0).toBeLessThan(18);
    expect(box.y1).toBeGreaterThan(122);
  });

  it('outlines an opaque image by what differs from its border color, and is written as a layer named cut', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#fff"/><rect x="40" y="40" width="40" height="40" fill="#222"/></svg>`;
    const { width, height, data } = renderSvg(svg, 120);
    const model = trace({ width, height, data }, { cutContour: { offset: 5, unit: 'px' } });
    const cut = model.layers.find((l) => l.name === 'cut') as Layer;
    for (const p of points(cut)) {
      expect(p.x).toBeGreaterThan(33);
      expect(p.x).toBeLessThan(87);
    }
    expect(toSvg(model)).toContain('<path id="cut" fill="none" stroke="#f0f"');
  });

  it('adds nothing to an image with nothing visible', () => {
    const model = trace(sticker(''), { mode: 'color', cutContour: { offset: 5, unit: 'px' } });
    expect(model.layers.some((l) => l.name === 'cut')).toBe(false);
  });
});

describe('tracing the alpha', () => {
  it('traces the silhouette of white art on transparency in black, whatever its colors', () => {
    const art = sticker(
      '<circle cx="100" cy="100" r="60" fill="#fff"/><circle cx="100" cy="100" r="20" fill="#fe0"/>',
    );
    const model = trace(art, { trace: 'alpha' });
    expect(model.reading.kind).toBe('silhouette');
    expect(model.layers).toHaveLength(1);
    expect(model.layers[0]?.color).toEqual({ r: 0, g: 0, b: 0 });
    // One outline: the yellow dot inside the white disc is part of the silhouette, not a hole.
    expect(model.layers[0]?.subpaths).toHaveLength(1);
    const rendered = renderSvg(toSvg(model), 200);
    const at = (x: number, y: number) => rendered.data[(y * 200 + x) * 4];
    expect([at(100, 100), at(100, 50), at(20, 20)]).toEqual([0, 0, 255]);
  });

  it('says why an image without transparency has no silhouette', () => {
    const opaque = renderSvg('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"/>', 20);
    expect(() => trace({ width: 20, height: 20, data: opaque.data }, { trace: 'alpha' })).toThrow(TraceError);
    expect(() => trace({ width: 20, height: 20, data: opaque.data }, { trace: 'alpha' })).toThrow(
      /transparent pixels/,
    );
  });
});
