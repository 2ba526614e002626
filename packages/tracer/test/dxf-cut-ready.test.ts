import type { ILwpolylineEntity } from 'dxf-parser';
import { describe, expect, it } from 'vitest';
import { toDxf } from '../src/export/dxf.js';
import { trace } from '../src/trace.js';
import { parseDxf } from './helpers/dxf.js';
import { rasterOf } from './helpers/raster.js';

// A sticker-like drawing in three colors on white, 200 px wide.
const drawing = rasterOf(
  '<circle cx="60" cy="70" r="40" fill="#d22"/><rect x="110" y="30" width="70" height="80" fill="#14c"/>' +
    '<path d="M20 170 L180 170 L100 130 Z" fill="#000"/>',
  200,
);

describe('cut-ready DXF', () => {
  for (const layering of ['stacked', 'cutout'] as const) {
    it(`${layering}: closed outlines, a layer per color named by its hex, no zero-length or repeated vertex, the size asked`, () => {
      // Cut-out as vinyl is cut: without the white background as a piece of its own.
      const background = layering === 'cutout' ? 'remove' : 'keep';
      const model = trace(drawing, {
        mode: 'color',
        layering,
        background,
        cutContour: { offset: 2, unit: 'mm' },
      });
      const text = toDxf(model, { size: { width: 100, unit: 'mm' } });
      const dxf = parseDxf(text);
      if (!dxf) throw new Error('unreadable DXF');
      expect(text).toMatch(/\$INSUNITS\n 70\n4\n/);
      const names = Object.keys(dxf.tables.layer.layers).filter((n) => n !== '0');
      for (const name of names) expect(name).toMatch(/^([0-9A-F]{6}|cut)$/);
      expect(names).toContain('cut');
      expect(names.length).toBe(4); // red, blue, black and the cut
      const polylines = dxf.entities.filter((e) => e.type === 'LWPOLYLINE') as ILwpolylineEntity[];
      expect(polylines.length).toBeGreaterThan(3);
      let minX = Number.POSITIVE_INFINITY;
      let maxX = Number.NEGATIVE_INFINITY;
      for (const polyline of polylines) {
        expect(polyline.shape, polyline.layer).toBe(true); // closed
        const v = polyline.vertices;
        for (let i = 0; i < v.length; i++) {
          const next = v[(i + 1) % v.length];
          expect(Math.abs(next.x - v[i].x) + Math.abs(next.y - v[i].y)).toBeGreaterThan(0);
        }
        if (polyline.layer === 'cut') continue;
        for (const p of v) {
          minX = Math.min(minX, p.x);
          maxX = Math.max(maxX, p.x);
        }
      }
      // The art spans x 20-180 of 200 px: 10 to 90 mm on a drawing 100 mm wide.
      expect(minX).toBeCloseTo(10, 0);
      expect(maxX).toBeCloseTo(90, 0);
      expect(Math.abs(minX - 10)).toBeLessThan(0.3);
      expect(Math.abs(maxX - 90)).toBeLessThan(0.3);
    });
  }

  it('leaves the cut-out gap filler out: one closed outline per shape, no seam cut twice', () => {
    const discs = rasterOf(
      '<circle cx="70" cy="80" r="50" fill="#e0a21b"/><circle cx="120" cy="110" r="50" fill="#2a6fb5"/>',
      200,
    );
    const model = trace(discs, { mode: 'color', layering: 'cutout', background: 'remove' });
    expect(model.layers.some((l) => l.name === 'gap-filler')).toBe(true);
    const dxf = parseDxf(toDxf(model));
    if (!dxf) throw new Error('unreadable DXF');
    const polylines = dxf.entities as ILwpolylineEntity[];
    expect(polylines.every((p) => p.type === 'LWPOLYLINE' && p.shape)).toBe(true);
    expect(polylines.length).toBe(model.vectorCount);
  });
});
