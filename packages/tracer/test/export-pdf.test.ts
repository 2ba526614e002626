import { describe, expect, it } from 'vitest';
import { toPdf } from '../src/export/pdf.js';
import { toSvg } from '../src/export/svg.js';
import { rasterizePdf } from './helpers/rasterize.js';
import { darkMask, iou, nearColor, pixelAt, renderSvgMask } from './helpers/render.js';
import { blue, cream, red, scenes } from './helpers/shapes.js';

// 4 device pixels per model pixel, so that edge pixels weigh little in the overlap measure.
const DPI = 288;
const SIZE = 400;

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe('toPdf', () => {
  for (const [name, model] of Object.entries(scenes)) {
    it(`renders the ${name} in pdftoppm and Ghostscript as resvg renders its SVG (IoU >= 0.99), without messages`, () => {
      const expected = renderSvgMask(toSvg(model), SIZE);
      for (const tool of ['pdftoppm', 'gs'] as const) {
        const raster = rasterizePdf(toPdf(model), DPI, tool);
        expect(raster.messages).toBe('');
        expect([raster.width, raster.height]).toEqual([SIZE, SIZE]);
        expect(iou(darkMask(raster), expected)).toBeGreaterThanOrEqual(0.99);
      }
    });
  }

  it('keeps y pointing down as in the model and paints each layer in its color', () => {
    const raster = rasterizePdf(toPdf(scenes.twoColors), DPI);
    expect(nearColor(pixelAt(raster, 60, 60), red)).toBe(true); // model (15, 15): the square at the top left
    expect(nearColor(pixelAt(raster, 220, 220), blue)).toBe(true); // model (55, 55): the disc over the square
    expect(nearColor(pixelAt(raster, 380, 20), cream)).toBe(true); // model (95, 5): background only
  });

  it('has a cross-reference table whose 20-byte entries point at their objects', () => {
    const text = latin1(toPdf(scenes.twoColors));
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref)) ?? [];
    const table = text.slice(startxref + `xref\n0 ${count}\n`.length);
    for (let n = 1; n < Number(count); n++) {
      const entry = table.slice(n * 20, n * 20 + 20);
      expect(entry).toMatch(/^\d{10} 00000 n \n$/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${n} 0 obj`.length)).toBe(`${n} 0 obj`);
    }
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(streamStart + length)).toMatch(/^\nendstream\n/);
  });

  it('sizes the page to the model, one point per pixel', () => {
    expect(latin1(toPdf(scenes.disc))).toContain('/MediaBox [0 0 100 100]');
  });

  it('writes the same bytes for the same model', () => {
    expect(toPdf(scenes.twoColors)).toEqual(toPdf(scenes.twoColors));
  });
});
