import { describe, expect, it } from 'vitest';
import { TraceError } from '../src/errors.js';
import { toSvg } from '../src/export/svg.js';
import type { Point } from '../src/model.js';
import { renderSvg, renderSvgMask } from './helpers/render.js';
import { black, blue, cream, image, polygon, red, scenes, square } from './helpers/shapes.js';

/** The `d` attribute of every path, in order. */
function pathData(svg: string): string[] {
  return [...svg.matchAll(/ d="([^"]*)"/g)].map((m) => m[1]);
}

/** The absolute on-curve points a path's data visits, subpath by subpath (M m L l H h V v C c Z z). */
function visitedPoints(d: string): Point[][] {
  const tokens = d.match(/[MmLlHhVvCcZz]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  const subpaths: Point[][] = [];
  let x = 0;
  let y = 0;
  let start = { x, y };
  let command = '';
  let i = 0;
  const num = () => Number(tokens[i++]);
  while (i < tokens.length) {
    if (/[a-z]/i.test(tokens[i])) command = tokens[i++];
    const relative = command === command.toLowerCase();
    const base = relative ? { x, y } : { x: 0, y: 0 };
    switch (command.toLowerCase()) {
      case 'm':
        x = base.x + num();
        y = base.y + num();
        start = { x, y };
        subpaths.push([start]);
        command = relative ? 'l' : 'L'; // pairs after a moveto are linetos
        continue;
      case 'l':
        x = base.x + num();
        y = base.y + num();
        break;
      case 'h':
        x = base.x + num();
        break;
      case 'v':
        y = base.y + num();
        break;
      case 'c':
        i += 4;
        x = base.x + num();
        y = base.y + num();
        break;
      case 'z':
        ({ x, y } = start);
        continue;
      default:
        throw new Error(`Unexpected path command ${command}`);
    }
    subpaths[subpaths.length - 1].push({ x, y });
  }
  return subpaths;
}

describe('toSvg', () => {
  it('paints the square with its hole left empty', () => {
    const mask = renderSvgMask(toSvg(scenes.squareWithHole), 100);
    const at = (x: number, y: number) => mask[y * 100 + x];
    expect([at(15, 15), at(85, 50), at(50, 85)]).toEqual([1, 1, 1]); // the ring
    expect([at(50, 50), at(35, 65), at(5, 5), at(95, 95)]).toEqual([0, 0, 0, 0]); // hole and outside
    expect(mask.reduce((n, v) => n + v, 0)).toBe(80 * 80 - 40 * 40);
  });

  it('fills the disc with the area of its circle', () => {
    const dark = renderSvgMask(toSvg(scenes.disc), 200).reduce((n, v) => n + v, 0);
    expect(dark / (Math.PI * 80 * 80)).toBeCloseTo(1, 2);
  });

  it('paints the background, then the layers in order, in their colors', () => {
    const svg = toSvg(scenes.twoColors);
    const pixels = renderSvg(svg, 100);
    const at = (x: number, y: number) =>
      Array.from(pixels.data.subarray((y * 100 + x) * 4, (y * 100 + x) * 4 + 3));
    expect(at(95, 5)).toEqual([cream.r, cream.g, cream.b]);
    expect(at(15, 15)).toEqual([red.r, red.g, red.b]);
    expect(at(55, 55)).toEqual([blue.r, blue.g, blue.b]); // the disc is painted over the square
    expect(svg).toContain('<rect width="100" height="100" fill="#fffacd"/>');
    expect(svg).toContain('fill="#c81e1e"');
  });

  it('writes short hex colors where they are exact', () => {
    const gray = { r: 0x33, g: 0x66, b: 0xff };
    expect(toSvg(image(10, 10, [{ color: gray, subpaths: [square(1, 1, 2)] }]))).toContain('fill="#36f"');
    expect(toSvg(scenes.square)).toContain('fill="#000"');
  });

  it('leaves the background out when asked, or when the model has none', () => {
    expect(toSvg(scenes.twoColors, { background: false })).not.toContain('<rect');
    expect(toSvg(scenes.square)).not.toContain('<rect');
  });

  it('writes a square at whole pixels with axis moves only and closes it with z', () => {
    expect(pathData(toSvg(image(20, 20, [{ color: black, subpaths: [square(2, 3, 10)] }])))).toEqual([
      'M2 3h10v10h-10z',
    ]);
  });

  it('starts each further subpath with an m from the previous start', () => {
    expect(pathData(toSvg(scenes.squareWithHole))).toEqual(['M10 10h80v80h-80zm20 20v40h40v-40z']);
  });

  it('drops repeated command letters, leading zeros and needless separators', () => {
    const model = image(20, 20, [
      {
        color: black,
        subpaths: [
          polygon([
            [10, 10],
            [11.5, 7.75],
            [12, 8],
          ]),
        ],
      },
    ]);
    expect(pathData(toSvg(model))).toEqual(['M10 10l1.5-2.25.5.25z']);
  });

  it('uses relative commands only after the first moveto', () => {
    for (const model of Object.values(scenes)) {
      for (const d of pathData(toSvg(model))) expect(d).toMatch(/^M[^A-Z]*$/);
    }
  });

  it('rounds coordinates to the precision option', () => {
    const model = image(10, 10, [
      {
        color: black,
        subpaths: [
          polygon([
            [1.23456, 1],
            [5, 1],
            [5, 5],
          ]),
        ],
      },
    ]);
    expect(pathData(toSvg(model))[0]).toMatch(/^M1.23 1h3.77/);
    expect(pathData(toSvg(model, { precision: 0 }))[0]).toMatch(/^M1 1h4/);
    expect(pathData(toSvg(model, { precision: 4 }))[0]).toMatch(/^M1.2346 1h3.7654/);
  });

  it('refuses a precision that is not a whole number from 0 to 8', () => {
    for (const precision of [-1, 1.5, 9])
      expect(() => toSvg(scenes.square, { precision })).toThrow(TraceError);
  });

  it('does not drift: after 1000 tiny relative segments every point is within half a unit of its own', () => {
    const points: [number, number][] = Array.from({ length: 1000 }, (_, i) => {
      const a = (i / 1000) * 2 * Math.PI;
      return [50.3 + 5 * Math.cos(a), 50.7 + 5 * Math.sin(a)];
    });
    const [visited] = visitedPoints(
      pathData(toSvg(image(100, 100, [{ color: black, subpaths: [polygon(points)] }])))[0],
    );
    expect(visited).toHaveLength(1000); // the start, 999 segments, and z for the 1000th
    const worst = Math.max(...visited.map((p, i) => Math.hypot(p.x - points[i][0], p.y - points[i][1])));
    expect(worst).toBeLessThanOrEqual(0.005 * Math.SQRT2 + 1e-9);
  });

  it('skips empty layers and is deterministic', () => {
    const model = image(10, 10, [
      { color: red, subpaths: [] },
      { color: black, subpaths: [square(1, 1, 2)] },
    ]);
    expect(pathData(toSvg(model))).toHaveLength(1);
    expect(toSvg(scenes.twoColors)).toBe(toSvg(scenes.twoColors));
  });
});
