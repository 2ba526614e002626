import { describe, expect, it } from 'vitest';
import { toDxf, toEps, toPdf, toSvg } from '../src/export/index.js';
import { parseDxf } from './helpers/dxf.js';
import { rasterizeEps, rasterizePdf } from './helpers/rasterize.js';
import { darkMask, iou } from './helpers/render.js';
import { black, image, scenes, square } from './helpers/shapes.js';

// The package's CommonJS build exports the parser class itself; its typings declare an ES default.
// A 200 x 100 px frame filled edge to edge, so the drawing's extents are the frame's.
const wide = image(200, 100, [{ color: black, subpaths: [square(0, 0, 100), square(100, 0, 100)] }]);
const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('output size', () => {
  it('writes an SVG of the asked physical size, its viewBox still in image pixels', () => {
    expect(toSvg(wide, { size: { width: 100, unit: 'mm' } })).toContain(
      'width="100mm" height="50mm" viewBox="0 0 200 100"',
    );
    expect(toSvg(wide, { size: { width: 3, unit: 'in' } })).toContain('width="3in" height="1.5in"');
    expect(toSvg(wide, { size: { width: 400, unit: 'px' } })).toContain('width="400" height="200"');
  });

  it('makes a PDF page and an EPS box of the asked size in points, the drawing scaled to fill them', () => {
    const pdf = toPdf(wide, { size: { width: 2, unit: 'in' } });
    expect(text(pdf)).toContain('/MediaBox [0 0 144 72]');
    const eps = toEps(wide, { size: { width: 50.8, unit: 'mm' } });
    expect(eps).toContain('%%BoundingBox: 0 0 144 72');
    expect(eps).toContain('%%HiResBoundingBox: 0 0 144 72');
    // Drawn at 72 dpi, a point is a pixel: the shapes fill the 144 x 72 page.
    for (const page of [rasterizePdf(pdf, 72), rasterizeEps(eps, 72)]) {
      expect([page.width, page.height]).toEqual([144, 72]);
      const filled = darkMask(page).reduce((n, v) => n + v, 0);
      expect(filled / (144 * 72)).toBeGreaterThan(0.97);
    }
  });

  it('draws the same picture at any size', () => {
    const natural = rasterizePdf(toPdf(scenes.twoColors), 72);
    const doubled = rasterizePdf(toPdf(scenes.twoColors, { size: { width: 200, unit: 'px' } }), 36);
    // 200 CSS px = 150 pt; at 36 dpi that is 75 px, against 100 at 72 dpi: compare at 75.
    expect(doubled.width).toBe(75);
    const smaller = rasterizePdf(toPdf(scenes.twoColors), 54);
    expect(iou(darkMask(smaller), darkMask(doubled))).toBeGreaterThan(0.95);
    expect(natural.width).toBe(100);
  });

  it('writes a DXF in millimetres or inches at the asked width within 0.1 mm, polylines closed', () => {
    for (const [unit, code, width] of [
      ['mm', 4, 123.4],
      ['in', 1, 4.5],
    ] as const) {
      const dxf = toDxf(wide, { size: { width, unit } });
      const parsed = parseDxf(dxf);
      expect(parsed.header.$INSUNITS).toBe(code);
      const xs = (parsed?.entities ?? []).flatMap((e) => {
        expect((e as unknown as { shape: boolean }).shape).toBe(true);
        return (e as unknown as { vertices: { x: number }[] }).vertices.map((v) => v.x);
      });
      const tolerance = unit === 'mm' ? 0.1 : 0.1 / 25.4;
      expect(Math.abs(Math.max(...xs) - Math.min(...xs) - width)).toBeLessThan(tolerance);
    }
    expect(parseDxf(toDxf(wide)).header.$INSUNITS).toBe(0);
  });

  it('refuses a size that is not a positive number', () => {
    expect(() => toPdf(wide, { size: { width: 0, unit: 'mm' } })).toThrow(/positive number/);
    expect(() => toDxf(wide, { size: { width: Number.NaN, unit: 'in' } })).toThrow(/positive number/);
  });

  // width=1e-300 once gave a PDF whose page was 0 x 0 points.
  it('refuses a width under a pixel or a millimetre, in every format', () => {
    expect(() => toPdf(wide, { size: { width: 1e-300, unit: 'px' } })).toThrow('at least 1 px');
    expect(() => toSvg(wide, { size: { width: 0.5, unit: 'mm' } })).toThrow('at least 1 mm');
    expect(() => toEps(wide, { size: { width: 0.03, unit: 'in' } })).toThrow('at least 0.04 in');
    expect(() => toDxf(wide, { size: { width: 1, unit: 'mm' } })).not.toThrow();
  });
});

describe('numbers in every file', () => {
  // The API once took width=1e300: the files came back with `Infinity` in them, answered 200.
  it('refuses a size whose coordinates cannot be written exactly, in every format, rather than write Infinity', () => {
    for (const [unit, width] of [
      ['px', 1e300],
      ['mm', 1e300],
      ['in', 1e20],
    ] as const) {
      const size = { width, unit };
      for (const write of [
        () => toSvg(wide, { size }),
        () => toEps(wide, { size }),
        () => toPdf(wide, { size }),
        () => toDxf(wide, { size }),
      ]) {
        expect(write).toThrow(/too large to write exactly: ask for a smaller output size/);
      }
    }
  });

  it('writes only finite numbers at the largest sizes the site and the API take', () => {
    for (const size of [
      { width: 20_000, unit: 'px' },
      { width: 5_000, unit: 'mm' },
      { width: 200, unit: 'in' },
    ] as const) {
      for (const file of [
        toSvg(scenes.twoColors, { size }),
        toEps(scenes.twoColors, { size }),
        text(toPdf(scenes.twoColors, { size })),
        toDxf(scenes.twoColors, { size }),
      ]) {
        expect(file).not.toMatch(/Infinity|NaN|e\+\d/);
      }
    }
  });
});
