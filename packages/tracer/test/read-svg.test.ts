import { describe, expect, it } from 'vitest';
import { TraceError } from '../src/errors.js';
import { readSvg, toPdf, toSvg } from '../src/export/index.js';
import { trace } from '../src/trace.js';
import { rasterOf } from './helpers/raster.js';
import { rasterizePdf } from './helpers/rasterize.js';
import { darkMask, iou } from './helpers/render.js';
import { scenes } from './helpers/shapes.js';

const drawings = {
  logo: rasterOf(
    '<circle cx="60" cy="60" r="40" fill="black"/><rect x="110" y="30" width="60" height="90" fill="#c33"/><path d="M20 150 L180 150 L100 190 Z" fill="#14c"/>',
    200,
  ),
  // Shapes that meet: cut-out layers lay a gap filler under their seams.
  overlapping: rasterOf(
    '<circle cx="70" cy="80" r="50" fill="#e0a21b"/><circle cx="120" cy="110" r="50" fill="#2a6fb5"/>',
    200,
  ),
};

describe('readSvg', () => {
  it('reads back every model toSvg writes: writing it again gives the same file', () => {
    for (const model of Object.values(scenes)) {
      const svg = toSvg(model);
      expect(toSvg(readSvg(svg))).toBe(svg);
    }
    for (const mode of ['bw', 'color'] as const) {
      for (const precision of [0, 2, 5]) {
        const svg = toSvg(trace(drawings.logo, { mode }), { precision });
        const back = readSvg(svg);
        expect(toSvg(back, { precision })).toBe(svg);
      }
    }
    const cutout = trace(drawings.overlapping, { mode: 'color', layering: 'cutout', background: 'remove' });
    expect(cutout.layers.some((l) => l.name === 'gap-filler')).toBe(true);
    const svg = toSvg(cutout);
    const back = readSvg(svg);
    expect(toSvg(back)).toBe(svg);
    expect(back.vectorCount).toBe(cutout.vectorCount);
    expect(back.layers.map((l) => l.name)).toEqual(cutout.layers.map((l) => l.name));
  });

  it('keeps the frame, the background, the colors and the number of curves', () => {
    const back = readSvg(toSvg(scenes.twoColors));
    expect([back.width, back.height]).toEqual([100, 100]);
    expect(back.background).toEqual(scenes.twoColors.background);
    expect(back.layers.map((l) => l.color)).toEqual(scenes.twoColors.layers.map((l) => l.color));
    expect(back.vectorCount).toBe(scenes.twoColors.vectorCount);
    // Every subpath ends exactly where it starts, as the model promises.
    for (const { subpaths } of back.layers)
      for (const { start, segments } of subpaths) expect(segments.at(-1)?.to).toEqual(start);
  });

  it('exports what was traced: a PDF from the read model draws as one from the original', () => {
    const model = trace(drawings.logo, { mode: 'color' });
    const original = darkMask(rasterizePdf(toPdf(model), 72));
    const again = darkMask(rasterizePdf(toPdf(readSvg(toSvg(model))), 72));
    expect(iou(original, again)).toBeGreaterThan(0.999);
  });

  it('says so for an SVG it did not write, and reads elliptical arcs', () => {
    expect(() => readSvg('<html></html>')).toThrow(TraceError);
    expect(() => readSvg('<svg viewBox="0 0 10 10"><path fill="#000" d="M0 0Q5 5 1 1z"/></svg>')).toThrow(
      /command Q/,
    );
    // A page is the image, or the image with the same margin all round (a cut contour's): no other.
    for (const box of ['5 5 20 20', '-2 -3 20 20', '-10 -10 20 20'])
      expect(() => readSvg(`<svg viewBox="${box}"></svg>`)).toThrow(/viewBox/);
    expect(readSvg('<svg viewBox="-2.5 -2.5 25 15"></svg>')).toMatchObject({
      width: 20,
      height: 10,
      margin: 2.5,
    });
    // An elliptical arc reads back as one, turned as written.
    const [arc] = readSvg('<svg viewBox="0 0 10 10"><path fill="#000" d="M0 0A5 3 30 0 1 1 1z"/></svg>')
      .layers[0].subpaths[0].segments;
    expect(arc).toMatchObject({ kind: 'arc', radius: 5, ry: 3, rotation: 30, large: false, sweep: true });
  });
});
