import { describe, expect, it } from 'vitest';
import { MAX_PIXELS, type RasterImage, type TraceSettings, toSvg, trace } from '../src/index.js';
import { flat, rasterOf } from './helpers/raster.js';
import { iou, renderSvgMask } from './helpers/render.js';

/** The black-and-white mode, whatever the automatic mode would read these drawings as. */
const traceBw = (image: RasterImage, settings: Partial<TraceSettings> = {}) =>
  trace(image, { mode: 'bw', ...settings });

/** IoU of the traced result against the source drawing, both rendered at `size` px. */
function fidelity(body: string, size: number, settings: Partial<TraceSettings> = {}, renderAt = 1024) {
  const model = traceBw(rasterOf(body, size), settings);
  const truth = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="#fff"/>${body}</svg>`;
  return { model, iou: iou(renderSvgMask(toSvg(model), renderAt), renderSvgMask(truth, renderAt)) };
}

describe('black and white tracing', () => {
  it('traces a filled square as 4 straight sides meeting at sharp corners', () => {
    const model = traceBw(rasterOf('<rect x="16" y="16" width="32" height="32"/>', 64), {
      cornerDetection: 'sharp',
    });
    expect(model.vectorCount).toBe(1);
    const [outline] = model.layers[0].subpaths;
    expect(outline.segments).toHaveLength(4);
    expect(outline.segments.every((s) => s.kind === 'line')).toBe(true);
    const corners = outline.segments.map((s) => [
      Math.round(s.to.x * 100) / 100,
      Math.round(s.to.y * 100) / 100,
    ]);
    expect(corners.sort()).toEqual([
      [16, 16],
      [16, 48],
      [48, 16],
      [48, 48],
    ]);
  });

  it('traces a disc with a few curves, true to its shape', () => {
    const { model, iou: score } = fidelity('<circle cx="128" cy="128" r="100"/>', 256);
    const [outline] = model.layers[0].subpaths;
    expect(outline.segments.length).toBeLessThanOrEqual(10);
    expect(outline.segments.every((s) => s.kind === 'cubic')).toBe(true);
    expect(score).toBeGreaterThan(0.995);
  });

  it('keeps a ring hollow: one outline and one hole', () => {
    const { model, iou: score } = fidelity(
      '<circle cx="64" cy="64" r="50" fill="none" stroke="#000" stroke-width="20"/>',
      128,
    );
    expect(model.vectorCount).toBe(2);
    expect(score).toBeGreaterThan(0.98);
    const mask = renderSvgMask(toSvg(model), 128);
    expect(mask[64 * 128 + 64]).toBe(0);
    expect(mask[64 * 128 + 1]).toBe(0);
    expect(mask[64 * 128 + 20]).toBe(1);
  });

  it('keeps every cell of a checkerboard', () => {
    let cells = '';
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++)
        if ((x + y) % 2 === 0) cells += `<rect x="${8 + 12 * x}" y="${8 + 12 * y}" width="12" height="12"/>`;
    const { model, iou: score } = fidelity(cells, 112, { cornerDetection: 'sharp' });
    expect(score).toBeGreaterThan(0.98);
    const mask = renderSvgMask(toSvg(model), 112);
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        expect(mask[(14 + 12 * y) * 112 + 14 + 12 * x]).toBe((x + y) % 2 === 0 ? 1 : 0);
      }
    }
  });

  it('places edges between pixels from the anti-aliasing: a small logo keeps its shape', () => {
    // Edges off the pixel grid and a thin bar: on the grid alone they move by up to half a pixel
    // (IoU 0.86 here when placed on the pixel grid, as potrace does).
    const body =
      '<rect x="4.5" y="4.3" width="11.4" height="9.6"/><rect x="4.5" y="17.6" width="20" height="2.6"/>';
    expect(fidelity(body, 32).iou).toBeGreaterThan(0.93);
  });

  it('is the same after rotating or inverting the image, up to the frame', () => {
    const shape = '<path d="M20 80 L50 15 L80 80 Z"/><circle cx="50" cy="60" r="8" fill="#fff"/>';
    const upright = fidelity(shape, 100).iou;
    const turned = fidelity(`<g transform="rotate(90 50 50)">${shape}</g>`, 100).iou;
    const inverted = fidelity(
      `<rect width="100" height="100"/><g fill="#fff">${shape.replaceAll('fill="#fff"', 'fill="#000"')}</g>`,
      100,
    ).iou;
    for (const score of [upright, turned, inverted]) expect(score).toBeGreaterThan(0.975);
    expect(Math.abs(upright - turned)).toBeLessThan(0.01);
  });

  it('treats transparent pixels as background, never as black', () => {
    expect(traceBw(flat(20, 20, [0, 0, 0, 0])).vectorCount).toBe(0);
    const half = flat(20, 20, [0, 0, 0, 0]);
    for (let y = 5; y < 15; y++) for (let x = 5; x < 15; x++) half.data.set([0, 0, 0, 255], 4 * (y * 20 + x));
    expect(traceBw(half).vectorCount).toBe(1);
  });

  it('cuts at mid-gray by default, and keeps a lighter stroke beside black ink at a lower threshold', () => {
    // Black and a 60%-luminance gray: mid-gray parts them, as people and potrace read them.
    const image = rasterOf(
      '<rect x="8" y="8" width="16" height="16"/><rect x="40" y="8" width="16" height="16" fill="#999"/>',
      64,
    );
    expect(traceBw(image).vectorCount).toBe(1);
    expect(traceBw(image, { threshold: 10 }).vectorCount).toBe(2);
    expect(traceBw(image, { threshold: 80 }).vectorCount).toBe(1);
  });

  it('traces a light logo with nothing darker than mid-gray, cutting between its levels', () => {
    const light = rasterOf('<rect x="8" y="8" width="16" height="16" fill="#bbb"/>', 32); // 73% luminance
    expect(traceBw(light).vectorCount).toBe(1);
    // Blank paper with faint JPEG-like grain stays blank.
    const paper = flat(32, 32, [250, 250, 250, 255]);
    for (let i = 0; i < 32 * 32; i += 7) paper.data.set([240, 240, 240], i * 4);
    expect(traceBw(paper).vectorCount).toBe(0);
  });

  it('reads a photo of a page against its paper: text in a shadow stays text, the shadow is not ink', () => {
    // A page darkening from 235 at the left to 70 at the right, with small rings for letters:
    // a global cut turns the right half into one black blob.
    const width = 360;
    const height = 240;
    const image = flat(width, height, [255, 255, 255, 255]);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const paper = 235 - (165 * x) / width;
        const row = (y - 12) % 24;
        const col = (x - 12) % 18;
        const ring =
          y >= 12 && y < height - 12 && row < 12 && Math.abs(Math.hypot(col - 6, row - 6) - 4.5) < 1;
        const v = Math.round(ring ? paper * 0.35 : paper);
        image.data.set([v, v, v], (y * width + x) * 4);
      }
    }
    const model = traceBw(image);
    const letters = 19 * 9;
    // Each ring is an outline and a hole; no outline the size of the shadow.
    expect(model.vectorCount).toBeGreaterThanOrEqual(2 * letters * 0.9);
    expect(model.vectorCount).toBeLessThanOrEqual(2 * letters * 1.1);
    const mask = renderSvgMask(toSvg(model), width);
    const inkShare = mask.reduce((s, v) => s + v, 0) / mask.length;
    expect(inkShare).toBeLessThan(0.2);
  });

  it('fits aliased circles round, with no facets', () => {
    // A disc drawn without anti-aliasing: the curve fit has only the staircase to go by.
    const size = 80;
    const image = flat(size, size, [255, 255, 255, 255]);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        if (Math.hypot(x + 0.5 - 40, y + 0.5 - 40) <= 30) image.data.set([0, 0, 0], (y * size + x) * 4);
    for (const quality of ['standard', 'high', 'ultra'] as const) {
      const [outline] = traceBw(image, { quality }).layers[0].subpaths;
      expect(outline.segments.every((s) => s.kind === 'cubic')).toBe(true);
      // Every point of the curve within half a pixel of the circle: a facet cuts in by more.
      let from = outline.start;
      for (const segment of outline.segments) {
        if (segment.kind !== 'cubic') continue;
        for (const t of [0.25, 0.5, 0.75]) {
          const u = 1 - t;
          const x =
            u * u * u * from.x +
            3 * u * u * t * segment.c1.x +
            3 * u * t * t * segment.c2.x +
            t * t * t * segment.to.x;
          const y =
            u * u * u * from.y +
            3 * u * u * t * segment.c1.y +
            3 * u * t * t * segment.c2.y +
            t * t * t * segment.to.y;
          expect(Math.abs(Math.hypot(x - 40, y - 40) - 30)).toBeLessThan(0.5);
        }
        from = segment.to;
      }
    }
  });

  it('keeps sharp corners wherever a shape turns, and adds none on a circle', () => {
    const sharp = { cornerDetection: 'sharp' } as const;
    for (const r of [12, 40]) {
      const circle = fidelity(`<circle cx="64" cy="64" r="${r}"/>`, 128, sharp).model;
      expect(circle.layers[0].subpaths[0].segments.every((s) => s.kind === 'cubic')).toBe(true);
    }
    for (const shape of [
      '<polygon points="64,14 112,48 94,106 34,106 16,48"/>',
      '<rect x="20" y="30" width="80" height="60" transform="rotate(20 64 64)"/>',
    ]) {
      const { model, iou: score } = fidelity(shape, 128, sharp);
      expect(model.layers[0].subpaths[0].segments.every((s) => s.kind === 'line')).toBe(true);
      expect(score).toBeGreaterThan(0.99);
    }
  });

  it('drops specks of a pixel or two and keeps larger dots', () => {
    const image = flat(40, 40, [255, 255, 255, 255]);
    const dot = (x0: number, y0: number, size: number) => {
      for (let y = y0; y < y0 + size; y++)
        for (let x = x0; x < x0 + size; x++) image.data.set([0, 0, 0, 255], 4 * (y * 40 + x));
    };
    dot(5, 5, 1);
    dot(20, 20, 4);
    expect(traceBw(image).vectorCount).toBe(1);
  });

  it('handles the edge cases: 1x1, all white, all black', () => {
    expect(traceBw(flat(1, 1, [0, 0, 0, 255])).vectorCount).toBe(0); // one pixel is a speck
    expect(traceBw(flat(1, 1, [255, 255, 255, 255])).layers).toEqual([]);
    expect(traceBw(flat(300, 200, [255, 255, 255, 255])).vectorCount).toBe(0);
    const black = traceBw(flat(300, 200, [0, 0, 0, 255]));
    expect(black.vectorCount).toBe(1);
    expect(iou(renderSvgMask(toSvg(black), 300), new Uint8Array(300 * 200).fill(1))).toBeGreaterThan(0.999);
  });

  it('traces 2000x2000 random noise without failing', () => {
    const size = 2000;
    const data = new Uint8Array(size * size * 4);
    let seed = 7;
    for (let i = 0; i < size * size; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const v = seed >>> 31 ? 255 : 0;
      data.set([v, v, v, 255], 4 * i);
    }
    const model = traceBw({ width: size, height: size, data });
    expect(model.vectorCount).toBeGreaterThan(1000);
  });

  it('traces a big image at draft quality at half size, in the full-size frame', () => {
    const body = '<circle cx="300" cy="300" r="200"/><rect x="120" y="90" width="360" height="40"/>';
    const draft = fidelity(body, 600, { quality: 'draft' }, 600);
    const standard = fidelity(body, 600, {}, 600);
    expect([draft.model.width, draft.model.height]).toEqual([600, 600]);
    expect(draft.iou).toBeGreaterThan(0.99);
    // Half the pixels across: corner and curve positions land on a coarser grid.
    expect(draft.iou).toBeLessThan(standard.iou);
  });

  it('is deterministic', () => {
    const image = rasterOf('<path d="M10 50 Q50 0 90 50 T10 50Z"/>', 100);
    expect(toSvg(traceBw(image))).toBe(toSvg(traceBw(image)));
  });

  it('reports stage timings', () => {
    const { timings } = traceBw(rasterOf('<circle cx="20" cy="20" r="10"/>', 40));
    expect(Object.keys(timings)).toEqual(expect.arrayContaining(['threshold', 'decompose', 'curves']));
  });
});

describe('input checks', () => {
  it('refuses an image over 50 megapixels before reading it', () => {
    expect(() =>
      traceBw({ width: 10_000, height: MAX_PIXELS / 10_000 + 1, data: new Uint8Array(4) }),
    ).toThrow(
      expect.objectContaining({ code: 'too-large', message: 'The image is larger than 50 megapixels' }),
    );
  });

  it('refuses pixel data that does not match the size', () => {
    expect(() => traceBw({ width: 2, height: 2, data: new Uint8Array(15) })).toThrow(
      expect.objectContaining({ code: 'invalid-image' }),
    );
  });

  it('fills settings left undefined with the defaults', () => {
    const image = rasterOf('<rect x="8" y="8" width="16" height="16" fill="#999"/>', 32);
    expect(traceBw(image, { threshold: undefined, quality: undefined }).vectorCount).toBe(1); // default 30 keeps it
  });

  it('names the setting that is out of range', () => {
    const image = flat(4, 4, [255, 255, 255, 255]);
    expect(() => traceBw(image, { threshold: 101 })).toThrow(/threshold must be a number from 0 to 100/);
    expect(() => traceBw(image, { quality: 'best' as never })).toThrow(/quality must be one of/);
    expect(() => traceBw(image, { colors: 1 })).toThrow(/colors must be a whole number from 2 to 128/);
  });
});
