import { describe, expect, it } from 'vitest';
import { flattenSubpath } from '../src/export/flatten.js';
import { toSvg } from '../src/export/svg.js';
import { looksLikeLightLinesOnDark } from '../src/ink/light-on-dark.js';
import type { Point, RasterImage, VectorImage } from '../src/model.js';
import { trace } from '../src/trace.js';
import { rasterOf } from './helpers/raster.js';
import { renderSvg } from './helpers/render.js';

const SIZE = 200;

/** Strokes with round ends, as a pen draws them. */
const pen = (d: string, color: string, w = 3) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** Line art: a line, a diagonal, a curve, a circle and a cross. */
function drawing(color: string): string {
  return (
    pen('M20 20L90 20', color) +
    pen('M25 100L85 50', color) +
    pen('M20 180C40 120 70 120 95 175', color) +
    `<circle cx="145" cy="55" r="30" fill="none" stroke="${color}" stroke-width="3"/>` +
    pen('M115 145L175 145M145 115L145 175', color)
  );
}
const white = drawing('#fff');
const STROKES = 6; // the line, the diagonal, the curve, the circle, and the cross's two bars

const p = (x: number, y: number): Point => ({ x, y });
const sampled = (n: number, at: (t: number) => Point) => Array.from({ length: n + 1 }, (_, k) => at(k / n));
const segment = (a: Point, b: Point) => sampled(200, (t) => p(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t));

/** The drawn lines, sampled along their middles. */
const truth: Point[][] = [
  segment(p(20, 20), p(90, 20)),
  segment(p(25, 100), p(85, 50)),
  sampled(400, (t) => {
    const s = 1 - t;
    return p(
      s * s * s * 20 + 3 * s * s * t * 40 + 3 * s * t * t * 70 + t * t * t * 95,
      s * s * s * 180 + 3 * s * s * t * 120 + 3 * s * t * t * 120 + t * t * t * 175,
    );
  }),
  sampled(720, (t) => p(145 + 30 * Math.cos(2 * Math.PI * t), 55 + 30 * Math.sin(2 * Math.PI * t))),
  segment(p(115, 145), p(175, 145)),
  segment(p(145, 115), p(145, 175)),
];
const lineEnds = [
  ...[p(20, 20), p(90, 20), p(25, 100), p(85, 50), p(20, 180), p(95, 175)],
  ...[p(115, 145), p(175, 145), p(145, 115), p(145, 175)],
];

/** The distance from q to a polyline, along its segments. */
function toPolyline(q: Point, line: Point[]): number {
  let best = Math.hypot(q.x - line[0].x, q.y - line[0].y);
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    const len2 = (b.x - a.x) ** 2 + (b.y - a.y) ** 2;
    const t =
      len2 === 0
        ? 0
        : Math.max(0, Math.min(1, ((q.x - a.x) * (b.x - a.x) + (q.y - a.y) * (b.y - a.y)) / len2));
    best = Math.min(best, Math.hypot(q.x - a.x - t * (b.x - a.x), q.y - a.y - t * (b.y - a.y)));
  }
  return best;
}
const toDrawing = (q: Point, lines: Point[][]) => Math.min(...lines.map((line) => toPolyline(q, line)));

/** Every open or closed stroke of the model, flattened. */
const strokesOf = (model: VectorImage) =>
  model.layers.filter((l) => l.fill === false).flatMap((l) => l.subpaths.map((s) => flattenSubpath(s, 0.1)));
const filledOf = (model: VectorImage) => model.layers.filter((l) => l.fill !== false);

const luminance = (d: RasterImage['data'], o: number) =>
  0.2126 * d[o] + 0.7152 * d[o + 1] + 0.0722 * d[o + 2];

/** 1 where the raster is light (luminance 50% or more). */
function lightMask(image: RasterImage): Uint8Array {
  const mask = new Uint8Array(image.width * image.height);
  for (let i = 0; i < mask.length; i++) mask[i] = luminance(image.data, i * 4) >= 128 ? 1 : 0;
  return mask;
}

function iou(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    both += a[i] & b[i];
    either += a[i] | b[i];
  }
  return both / either;
}

/** The model drawn on white: its ink as black where it is dark. */
function inkOf(model: VectorImage): Uint8Array {
  const rendered = renderSvg(toSvg(model), SIZE);
  return lightMask(rendered).map((v) => 1 - v);
}

describe('light lines on a dark ground, asked for (invert)', () => {
  const image = rasterOf(white, SIZE, 'black');

  it('traces white line art on black in centerline as one open stroke along each line, and no outline of the ground', () => {
    const model = trace(image, { mode: 'centerline', invert: true });
    expect(filledOf(model)).toEqual([]);
    const strokes = strokesOf(model);
    expect(strokes).toHaveLength(STROKES);
    // Every point of every stroke lies on a drawn line...
    for (const stroke of strokes)
      for (const q of stroke) expect(toDrawing(q, truth)).toBeLessThanOrEqual(1.5);
    // ...and every drawn line is followed, away from its ends (within 2 px: where the circle's
    // stroke closes, its fit passes 1.6 px inside it).
    for (const line of truth) {
      for (const q of line) {
        if (lineEnds.some((e) => Math.hypot(e.x - q.x, e.y - q.y) <= 2)) continue;
        expect(toDrawing(q, strokes)).toBeLessThanOrEqual(2);
      }
    }
    // The circle is the one closed stroke.
    expect(model.layers.flatMap((l) => l.subpaths).filter((s) => s.open !== true)).toHaveLength(1);
  });

  it('without it, the black ground is the ink: filled outlines of the ground and strokes off the lines', () => {
    const model = trace(image, { mode: 'centerline' });
    expect(filledOf(model).length).toBeGreaterThan(0);
    const off = strokesOf(model)
      .flat()
      .filter((q) => toDrawing(q, truth) > 1.5);
    expect(off.length).toBeGreaterThan(0);
  });

  it('traces the light lines as black ink on transparency in black and white', () => {
    const lines = lightMask(image);
    const model = trace(image, { mode: 'bw', invert: true });
    expect(model.background).toBeUndefined();
    expect(model.layers.map((l) => l.color)).toEqual([{ r: 0, g: 0, b: 0 }]);
    expect(iou(inkOf(model), lines)).toBeGreaterThan(0.85);
    // Without it, the ground is the ink.
    expect(iou(inkOf(trace(image, { mode: 'bw' })), lines)).toBeLessThan(0.05);
  });

  it('is ignored by color and pixel modes', () => {
    const picture = rasterOf(
      `${white}<rect x="60" y="60" width="30" height="20" fill="#e4002b"/>`,
      64,
      'black',
    );
    for (const mode of ['color', 'pixel'] as const) {
      const asked = trace(picture, { mode, invert: true });
      const plain = trace(picture, { mode });
      expect(asked.layers).toEqual(plain.layers);
      expect(asked.background).toEqual(plain.background);
    }
  });

  it('is refused when it is not true or false', () => {
    expect(() => trace(image, { invert: 'yes' as unknown as boolean })).toThrow(
      'invert must be true or false',
    );
  });
});

/** Mean absolute difference in luminance between the model drawn (its background included) and the image. */
function lookDifference(model: VectorImage, image: RasterImage): number {
  const rendered = renderSvg(toSvg(model), SIZE);
  let sum = 0;
  for (let o = 0; o < image.data.length; o += 4)
    sum += Math.abs(luminance(rendered.data, o) - luminance(image.data, o));
  return sum / (image.width * image.height);
}

const near = (color: { r: number; g: number; b: number } | undefined, hex: string, by: number) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const want = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return color !== undefined && [color.r, color.g, color.b].every((v, i) => Math.abs(v - want[i]) <= by);
};

/** A small, repeatable noise: -1 to 1 for each pixel. */
const noise = (i: number) => {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return 2 * (x - Math.floor(x)) - 1;
};

/** The image with every channel moved by up to `by` levels of noise. */
function grainy(image: RasterImage, by: number): RasterImage {
  const data = Uint8Array.from(image.data);
  for (let o = 0; o < data.length; o += 4) {
    const d = Math.round(by * noise(o));
    for (let c = 0; c < 3; c++) data[o + c] = Math.max(0, Math.min(255, data[o + c] + d));
  }
  return { width: image.width, height: image.height, data };
}

describe('light lines on a dark ground, read by the automatic mode', () => {
  it('reads white line art on black as light lines, and keeps its look: white lines over a black ground', () => {
    const image = rasterOf(white, SIZE, 'black');
    expect(looksLikeLightLinesOnDark(image)).toBe(true);
    const model = trace(image);
    expect(model.reading).toEqual({ mode: 'bw', kind: 'light-lines' });
    expect(model.layers).toHaveLength(1);
    expect(near(model.layers[0]?.color, '#ffffff', 8)).toBe(true);
    expect(near(model.background, '#000000', 8)).toBe(true);
    expect(lookDifference(model, image)).toBeLessThan(4);
    // The lines are the shapes: the five outlines of the lines and the circle's hole, not the ground.
    expect(model.layers[0]?.subpaths.length).toBe(6);
  });

  it('reads a blueprint and a chalkboard so, each on its own ground', () => {
    const blueprint = rasterOf(white, SIZE, '#1d4e89');
    const board = grainy(rasterOf(drawing('#e0e0d6'), SIZE, '#2b3a33'), 6);
    for (const [image, ground, lines] of [
      [blueprint, '#1d4e89', '#ffffff'],
      [board, '#2b3a33', '#e0e0d6'],
    ] as const) {
      expect(looksLikeLightLinesOnDark(image)).toBe(true);
      const model = trace(image);
      expect(model.reading?.kind).toBe('light-lines');
      expect(near(model.background, ground, 10)).toBe(true);
      expect(near(model.layers[0]?.color, lines, 12)).toBe(true);
      expect(lookDifference(model, image)).toBeLessThan(8);
    }
  });

  it('explicit black and white still gives black lines on transparency, for cutters', () => {
    const model = trace(rasterOf(white, SIZE, 'black'), { mode: 'bw', invert: true });
    expect(model.reading).toEqual({ mode: 'bw', kind: 'ink' });
    expect(model.background).toBeUndefined();
    expect(model.layers[0]?.color).toEqual({ r: 0, g: 0, b: 0 });
  });

  it('leaves alone dark photos, colored or shaded art on black, dark art on white, lines of many colors, and transparency', () => {
    const photo = darkPhoto();
    const cartoon = rasterOf(
      '<circle cx="70" cy="80" r="45" fill="#e4002b" stroke="#fff" stroke-width="3"/><rect x="110" y="100" width="70" height="60" fill="#ffd200" stroke="#fff" stroke-width="3"/><circle cx="60" cy="65" r="8" fill="#fff"/>',
      SIZE,
      'black',
    );
    const shaded = rasterOf(
      '<defs><radialGradient id="g" cx="0.4" cy="0.35" r="0.6"><stop offset="0" stop-color="#eee"/><stop offset="1" stop-color="#222"/></radialGradient></defs><circle cx="100" cy="100" r="70" fill="url(#g)"/>',
      SIZE,
      'black',
    );
    const logo = rasterOf(
      '<circle cx="80" cy="100" r="50" fill="#000"/><rect x="140" y="40" width="30" height="120"/>',
      SIZE,
    );
    const lineArt = rasterOf(drawing('#000'), SIZE);
    const neon = rasterOf(
      pen('M20 20L180 20', '#ff2020') +
        pen('M20 60L180 60', '#20ff20') +
        pen('M20 100L180 100', '#4040ff') +
        pen('M20 140L180 140', '#ffff20') +
        pen('M20 180L180 180', '#ff20ff'),
      SIZE,
      'black',
    );
    const clear = rasterOf(white, SIZE, null);
    const cases = { photo, cartoon, shaded, logo, lineArt, neon, clear };
    for (const [name, image] of Object.entries(cases)) {
      expect(looksLikeLightLinesOnDark(image), name).toBe(false);
      expect(trace(image).reading?.kind, name).not.toBe('light-lines');
    }
  });
});

/**
 * A dark photo, made up: a night scene's slow gradients with grain, and a lit window with a soft
 * glow.
 */
function darkPhoto(): RasterImage {
  const data = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = y * SIZE + x;
      const glow = 170 * Math.exp(-((x - 130) ** 2 + (y - 70) ** 2) / 300);
      const v =
        35 + 25 * Math.sin(x * 0.07 + y * 0.03) + 20 * Math.cos(y * 0.05 - x * 0.02) + 10 * noise(i) + glow;
      const o = i * 4;
      data[o] = Math.max(0, Math.min(255, v + 10));
      data[o + 1] = Math.max(0, Math.min(255, v));
      data[o + 2] = Math.max(0, Math.min(255, v - 5));
      data[o + 3] = 255;
    }
  }
  return { width: SIZE, height: SIZE, data };
}
