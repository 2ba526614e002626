import { describe, expect, it } from 'vitest';
import type { Bitmap } from '../src/outline/bitmap.js';
import { optimizeCurve, smooth } from '../src/outline/curve.js';
import { decompose } from '../src/outline/decompose.js';
import { fitPolygon } from '../src/outline/polygon.js';
import { windowCorners } from '../src/outline/subpixel.js';

/** A bitmap from rows of '#' (foreground) and '.' (background). */
function bitmapOf(rows: string[]): Bitmap {
  const width = rows[0].length;
  const bits = Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0));
  return { width, height: rows.length, bits };
}

function filledSquare(size: number, margin: number): Bitmap {
  const n = size + 2 * margin;
  const rows = Array.from({ length: n }, (_, y) =>
    Array.from({ length: n }, (_, x) =>
      x >= margin && x < margin + size && y >= margin && y < margin + size ? '#' : '.',
    ).join(''),
  );
  return bitmapOf(rows);
}

function polygonOf(bitmap: Bitmap) {
  const [path] = decompose(bitmap, 0);
  return fitPolygon({ x: path.x, y: path.y, fx: Float64Array.from(path.x), fy: Float64Array.from(path.y) });
}

describe('path decomposition (Sec. 2.1)', () => {
  it('finds a ring as an outline and a hole with their areas', () => {
    const ring = bitmapOf(['.......', '.#####.', '.#...#.', '.#...#.', '.#...#.', '.#####.', '.......']);
    const paths = decompose(ring, 0);
    expect(paths.map((p) => [p.sign, Math.abs(p.area)])).toEqual([
      ['+', 25],
      ['-', 9],
    ]);
  });

  it('drops specks up to turdsize pixels and keeps bigger ones', () => {
    const specks = bitmapOf(['#.....', '......', '...##.', '...##.']);
    expect(decompose(specks, 2).map((p) => Math.abs(p.area))).toEqual([4]);
    expect(decompose(specks, 0)).toHaveLength(2);
  });

  it('resolves pixels touching at a corner by the minority policy', () => {
    // Two black pixels meeting diagonally in white: black is the minority, so they join.
    expect(decompose(bitmapOf(['....', '.#..', '..#.', '....']), 0)).toHaveLength(1);
    // The same meeting in a black field: now white is the minority, so the two holes join.
    const holes = decompose(bitmapOf(['######', '######', '##.###', '###.##', '######', '######']), 0);
    expect(holes.map((p) => p.sign)).toEqual(['+', '-']);
  });
});

describe('optimal polygon and vertex adjustment (Sec. 2.2-2.3.1)', () => {
  it('fits a square with its 4 corners', () => {
    const { vx, vy } = polygonOf(filledSquare(10, 2));
    const corners = Array.from(vx, (x, i) => [Math.round(x * 100) / 100, Math.round(vy[i] * 100) / 100]);
    expect(corners.sort((a, b) => a[0] - b[0] || a[1] - b[1])).toEqual([
      [2, 2],
      [2, 12],
      [12, 2],
      [12, 12],
    ]);
  });
});

describe('corners, curves and curve optimisation (Sec. 2.3.2-2.4)', () => {
  const ngon = (m: number, r: number) => ({
    vx: Float64Array.from({ length: m }, (_, i) => 50 + r * Math.cos((2 * Math.PI * i) / m)),
    vy: Float64Array.from({ length: m }, (_, i) => 50 + r * Math.sin((2 * Math.PI * i) / m)),
  });

  it('keeps the corners of a square and rounds a many-sided polygon', () => {
    const square = smooth(Float64Array.from([0, 20, 20, 0]), Float64Array.from([0, 0, 20, 20]), {
      alphamax: 1,
    });
    expect(Array.from(square.corner)).toEqual([1, 1, 1, 1]);
    const round = smooth(ngon(24, 40).vx, ngon(24, 40).vy, { alphamax: 1 });
    expect(Array.from(round.corner).every((c) => c === 0)).toBe(true);
  });

  it('treats every vertex as a corner when alphamax is 0 and none when it is 4/3', () => {
    const { vx, vy } = ngon(12, 30);
    expect(Array.from(smooth(vx, vy, { alphamax: 0 }).corner).every((c) => c === 1)).toBe(true);
    expect(Array.from(smooth(vx, vy, { alphamax: 4 / 3 }).corner).every((c) => c === 0)).toBe(true);
  });

  it('joins the curve segments of a circle into a few, staying within the tolerance', () => {
    const { vx, vy } = ngon(32, 40);
    const curve = smooth(vx, vy, { alphamax: 1 });
    const joined = optimizeCurve(curve, 0.2);
    expect(joined.n).toBeLessThanOrEqual(8);
    expect(joined.n).toBeGreaterThanOrEqual(2);
    // Every joined segment still ends on the circle's polygon edges' middles.
    for (let i = 0; i < joined.n; i++) {
      const r = Math.hypot(joined.c[6 * i + 4] - 50, joined.c[6 * i + 5] - 50);
      expect(r).toBeGreaterThan(39);
      expect(r).toBeLessThan(40.01);
    }
  });
});

describe('sub-pixel corners from the ink window', () => {
  it('puts the corners of a slanted edge on the true line', () => {
    // Half-plane y < 0.5 x + 3.3 (image rows down), area-sampled per pixel: exact coverage.
    const w = 24;
    const h = 24;
    const inside = (x: number, y: number) => y > 0.5 * x + 3.3;
    const coverage = new Float64Array(w * h);
    const samples = 16;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let hit = 0;
        for (let sy = 0; sy < samples; sy++) {
          for (let sx = 0; sx < samples; sx++)
            hit += inside(x + (sx + 0.5) / samples, y + (sy + 0.5) / samples) ? 1 : 0;
        }
        coverage[y * w + x] = hit / (samples * samples);
      }
    }
    const bitmap: Bitmap = { width: w, height: h, bits: Uint8Array.from(coverage, (c) => (c > 0.5 ? 1 : 0)) };
    const ink = (x: number, y: number) => {
      const i = (y - 1) * w + x - 1;
      return coverage[i] + coverage[i + 1] + coverage[i + w] + coverage[i + w + 1];
    };
    const [path] = decompose(bitmap, 0);
    const { fx, fy } = windowCorners(bitmap, path, ink);
    let worst = 0;
    let gridWorst = 0;
    for (let k = 0; k < fx.length; k++) {
      const x = fx[k];
      const y = h - fy[k]; // potrace coordinates have y up
      if (x < 3 || x > w - 3 || y < 0.5 * x + 3.3 - 2 || y > 0.5 * x + 3.3 + 2) continue; // the slanted edge only
      const distance = (pointY: number, pointX: number) =>
        Math.abs(pointY - 0.5 * pointX - 3.3) / Math.hypot(1, 0.5);
      worst = Math.max(worst, distance(y, x));
      gridWorst = Math.max(gridWorst, distance(h - path.y[k], path.x[k]));
    }
    expect(gridWorst).toBeGreaterThan(0.3);
    expect(worst).toBeLessThan(0.06);
  });
});
