import { describe, expect, it } from 'vitest';
import { toEps } from '../src/export/eps.js';
import { toSvg } from '../src/export/svg.js';
import { rasterizeEps } from './helpers/rasterize.js';
import { darkMask, iou, nearColor, pixelAt, renderSvgMask } from './helpers/render.js';
import { black, blue, cream, image, red, scenes, square } from './helpers/shapes.js';

// 4 device pixels per model pixel, so that edge pixels weigh little in the overlap measure.
const DPI = 288;
const SIZE = 400;

describe('toEps', () => {
  for (const [name, model] of Object.entries(scenes)) {
    it(`renders the ${name} in Ghostscript as resvg renders its SVG (IoU >= 0.99), without messages`, () => {
      const raster = rasterizeEps(toEps(model), DPI);
      expect(raster.messages).toBe('');
      expect([raster.width, raster.height]).toEqual([SIZE, SIZE]);
      expect(iou(darkMask(raster), renderSvgMask(toSvg(model), SIZE))).toBeGreaterThanOrEqual(0.99);
    });
  }

  it('keeps y pointing down as in the model and paints each layer in its color', () => {
    const raster = rasterizeEps(toEps(scenes.twoColors), DPI);
    expect(nearColor(pixelAt(raster, 60, 60), red)).toBe(true); // model (15, 15): the square at the top left
    expect(nearColor(pixelAt(raster, 220, 220), blue)).toBe(true); // model (55, 55): the disc over the square
    expect(nearColor(pixelAt(raster, 380, 20), cream)).toBe(true); // model (95, 5): background only
  });

  it('declares the page in whole points, rounded up, and exactly in HiResBoundingBox', () => {
    const eps = toEps(image(120.5, 80, [{ color: black, subpaths: [square(1, 1, 5)] }]));
    expect(eps.startsWith('%!PS-Adobe-3.0 EPSF-3.0\n')).toBe(true);
    expect(eps).toContain('\n%%BoundingBox: 0 0 121 80\n');
    expect(eps).toContain('\n%%HiResBoundingBox: 0 0 120.5 80\n');
    expect(eps).toContain('\n%%LanguageLevel: 2\n');
    expect(eps.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('keeps every line under 256 characters, as DSC asks', () => {
    const points = Array.from({ length: 500 }, (_, i) => square(i % 90, Math.floor(i / 90) * 15, 4.321));
    const eps = toEps(image(100, 100, [{ color: black, subpaths: points }]));
    expect(Math.max(...eps.split('\n').map((line) => line.length))).toBeLessThan(256);
  });

  it('writes the same bytes for the same model', () => {
    expect(toEps(scenes.twoColors)).toBe(toEps(scenes.twoColors));
  });
});
