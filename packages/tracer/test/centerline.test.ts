import { describe, expect, it } from 'vitest';
import { flattenSubpath } from '../src/export/flatten.js';
import { toSvg } from '../src/export/svg.js';
import type { Layer, Point, VectorImage } from '../src/model.js';
import { trace } from '../src/trace.js';
import { rasterOf } from './helpers/raster.js';

/** Strokes with round ends and joins, as a pen draws them. */
const pen = (d: string, w: number, color = '#000') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;

const p = (x: number, y: number): Point => ({ x, y });

function centerline(body: string, size: number, settings = {}): VectorImage {
  return trace(rasterOf(body, size), { mode: 'centerline', ...settings });
}

const strokeLayers = (model: VectorImage): Layer[] => model.layers.filter((l) => l.fill === false);
const filledLayers = (model: VectorImage): Layer[] => model.layers.filter((l) => l.fill !== false);

/** Every stroked path as a polyline, flattened to 0.02 px, with its open flag. */
function paths(model: VectorImage): { points: Point[]; open: boolean }[] {
  return strokeLayers(model).flatMap((l) =>
    l.subpaths.map((s) => ({ points: flattenSubpath(s, 0.02), open: s.open === true })),
  );
}

function toSegment(q: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2));
  return Math.sqrt((q.x - a.x - t * dx) ** 2 + (q.y - a.y - t * dy) ** 2);
}

/** The distance from q to the nearest of the polylines. */
function distance(q: Point, polylines: Point[][]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const line of polylines) {
    for (let i = 1; i < line.length; i++) best = Math.min(best, toSegment(q, line[i - 1], line[i]));
    if (line.length === 1) best = Math.min(best, Math.hypot(q.x - line[0].x, q.y - line[0].y));
  }
  return best;
}

/** Points every 0.5 px along a polyline. */
function along(line: Point[]): Point[] {
  const out: Point[] = [line[0]];
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.5));
    for (let k = 1; k <= n; k++) out.push(p(a.x + ((b.x - a.x) * k) / n, a.y + ((b.y - a.y) * k) / n));
  }
  return out;
}

/**
 * How far the traced paths lie from the true centerlines: the mean over all their points, and the
 * max over those farther than 2 px from a stroke's end.
 */
function deviation(model: VectorImage, truth: Point[][], ends: Point[]) {
  let sum = 0;
  let count = 0;
  let max = 0;
  for (const { points } of paths(model)) {
    for (const q of along(points)) {
      const d = distance(q, truth);
      sum += d;
      count++;
      if (!ends.some((e) => Math.hypot(e.x - q.x, e.y - q.y) <= 2)) max = Math.max(max, d);
    }
  }
  return { mean: sum / count, max };
}

/** The true path of a circle, sampled. */
function circle(cx: number, cy: number, r: number): Point[] {
  return Array.from({ length: 721 }, (_, k) =>
    p(cx + r * Math.cos((k * Math.PI) / 360), cy + r * Math.sin((k * Math.PI) / 360)),
  );
}

/** A cubic Bézier, sampled. */
function cubic(a: Point, b: Point, c: Point, d: Point): Point[] {
  return Array.from({ length: 801 }, (_, k) => {
    const t = k / 800;
    const s = 1 - t;
    return p(
      s * s * s * a.x + 3 * s * s * t * b.x + 3 * s * t * t * c.x + t * t * t * d.x,
      s * s * s * a.y + 3 * s * s * t * b.y + 3 * s * t * t * c.y + t * t * t * d.y,
    );
  });
}

/** Path ends that lie near `at` (within `near` px), each with its distance to the nearest other path. */
function endsNear(model: VectorImage, at: Point, near: number): number[] {
  const all = paths(model);
  const out: number[] = [];
  all.forEach(({ points, open }, i) => {
    if (!open) return;
    for (const e of [points[0], points[points.length - 1]]) {
      if (Math.hypot(e.x - at.x, e.y - at.y) > near) continue;
      out.push(
        distance(
          e,
          all.filter((_, k) => k !== i).map((o) => o.points),
        ),
      );
    }
  });
  return out;
}

describe('centerline mode', () => {
  it('traces lines and a curve along their middles at widths 2 to 12 (mean <= 0.5 px, max <= 2 px)', () => {
    for (const w of [2, 5, 12]) {
      const body = pen('M20.3 30.4L180 30.4M25 60L175 110', w) + pen('M20 190C50 110 150 110 180 190', w);
      const model = centerline(body, 200);
      const truth = [
        [p(20.3, 30.4), p(180, 30.4)],
        [p(25, 60), p(175, 110)],
        cubic(p(20, 190), p(50, 110), p(150, 110), p(180, 190)),
      ];
      const ends = truth.flatMap((line) => [line[0], line[line.length - 1]]);
      const { mean, max } = deviation(model, truth, ends);
      expect(mean, `width ${w}`).toBeLessThanOrEqual(0.5);
      expect(max, `width ${w}`).toBeLessThanOrEqual(2);
      expect(paths(model).length, `width ${w}`).toBe(3);
      expect(paths(model).every((q) => q.open)).toBe(true);
      // Each stroke is traced end to end, a stroke radius short at most (round ends).
      for (const e of ends)
        expect(
          distance(
            e,
            paths(model).map((q) => q.points),
          ),
          `width ${w}`,
        ).toBeLessThan(w / 2 + 1.5);
    }
  });

  it('joins a T and an X at one point, without a gap, each stroke one path', () => {
    for (const w of [2, 8]) {
      const t = centerline(pen('M30 50H170M100 50V175', w), 200);
      expect(paths(t).length, `T, width ${w}`).toBe(2);
      const stem = endsNear(t, p(100, 50), w + 2);
      expect(stem.length, `T, width ${w}`).toBe(1);
      expect(stem[0], `T, width ${w}`).toBeLessThanOrEqual(0.5);
      expect(
        deviation(
          t,
          [
            [p(30, 50), p(170, 50)],
            [p(100, 50), p(100, 175)],
          ],
          [p(30, 50), p(170, 50), p(100, 175)],
        ).max,
      ).toBeLessThanOrEqual(2);

      const x = centerline(pen('M30 30L170 170M30 170L170 30', w), 200);
      expect(paths(x).length, `X, width ${w}`).toBe(2);
      // Both go straight through the crossing.
      for (const { points } of paths(x)) expect(distance(p(100, 100), [points])).toBeLessThanOrEqual(0.5);
      expect(endsNear(x, p(100, 100), 3 * w)).toEqual([]);
    }
  });

  it('a Y: the short arm ends exactly on the long stroke', () => {
    const model = centerline(pen('M160 30L60 180', 4) + pen('M50 35L110 105', 4), 200);
    expect(paths(model).length).toBe(2);
    const arm = endsNear(model, p(110, 105), 6);
    expect(arm.length).toBe(1);
    expect(arm[0]).toBeLessThanOrEqual(0.5);
  });

  it('a circle is one closed path on its middle', () => {
    for (const w of [2, 10]) {
      const model = centerline(
        `<circle cx="100" cy="100" r="62.5" fill="none" stroke="#000" stroke-width="${w}"/>`,
        200,
      );
      expect(paths(model).map((q) => q.open)).toEqual([false]);
      const { mean, max } = deviation(model, [circle(100, 100, 62.5)], []);
      expect(mean, `width ${w}`).toBeLessThanOrEqual(0.5);
      expect(max, `width ${w}`).toBeLessThanOrEqual(2);
    }
  });

  it('keeps sharp corners sharp', () => {
    const model = centerline(pen('M20 170L60 30L100 170L140 30L180 170', 8), 200);
    expect(paths(model).length).toBe(1);
    for (const apex of [p(60, 30), p(100, 170), p(140, 30)]) {
      expect(
        distance(
          apex,
          paths(model).map((q) => q.points),
        ),
      ).toBeLessThanOrEqual(1);
    }
  });

  it('text-like strokes: letters keep their strokes, junctions and counts', () => {
    // H, E, T and k, 20 px high, 2 px strokes: 3 + 2 + 2 + 3 strokes.
    const body =
      pen('M10 10.5V30.5M21 10.5V30.5M10 20.5H21', 2) +
      pen('M41 10.5H30V30.5H41M30 20.5H38.8', 2) +
      pen('M50 10.5H61M55.5 10.5V30.5', 2) +
      pen('M70 10.5V30.5M81 16.5L70 22.9M73.9 20.6L81 30.5', 2);
    const model = centerline(body, 100);
    expect(paths(model).length).toBe(10);
    for (const junction of [
      p(10, 20.5),
      p(21, 20.5),
      p(30, 20.5),
      p(55.5, 10.5),
      p(70, 22.9),
      p(73.9, 20.6),
    ]) {
      for (const gap of endsNear(model, junction, 3)) expect(gap).toBeLessThanOrEqual(0.5);
    }
    const truth = [
      [p(10, 10.5), p(10, 30.5)],
      [p(21, 10.5), p(21, 30.5)],
      [p(10, 20.5), p(21, 20.5)],
      [p(41, 10.5), p(30, 10.5), p(30, 30.5), p(41, 30.5)],
      [p(30, 20.5), p(38.8, 20.5)],
      [p(50, 10.5), p(61, 10.5)],
      [p(55.5, 10.5), p(55.5, 30.5)],
      [p(70, 10.5), p(70, 30.5)],
      [p(81, 16.5), p(70, 22.9)],
      [p(73.9, 20.6), p(81, 30.5)],
    ];
    const ends = [
      p(10, 10.5),
      p(10, 30.5),
      p(21, 10.5),
      p(21, 30.5),
      p(41, 10.5),
      p(41, 30.5),
      p(38.8, 20.5),
    ];
    ends.push(p(50, 10.5), p(61, 10.5), p(55.5, 30.5), p(70, 10.5), p(70, 30.5), p(81, 16.5), p(81, 30.5));
    const { mean, max } = deviation(model, truth, ends);
    expect(mean).toBeLessThanOrEqual(0.5);
    expect(max).toBeLessThanOrEqual(2);
  });

  it('keeps light gray hatching beside black lines', () => {
    let body = pen('M20 20H180V180H20Z', 2);
    for (let k = 0; k < 8; k++) body += pen(`M40 ${60 + 14 * k}L${60 + 14 * k} 40`, 1.5, '#bbb');
    const model = centerline(body, 200);
    expect(paths(model).length).toBe(9);
  });

  it('light lines crossing a dark one go through it, each one path', () => {
    // Faint lines (#ccc) under a dark one: where they straddle two pixels, and beside the dark
    // line's anti-aliased edge, the cut reads them as paper.
    let body = '';
    for (let k = 0; k < 8; k++) body += pen(`M${30 + 18 * k} 125L${59 + 18 * k} 75`, 1.2, '#ccc');
    body += pen('M15 100H185', 2.5);
    const model = centerline(body, 200);
    expect(paths(model).length).toBe(9);
    for (let k = 0; k < 8; k++) {
      // The gray line's path reaches both its ends.
      const ends = [p(30 + 18 * k, 125), p(59 + 18 * k, 75)];
      const mine = paths(model).filter(({ points }) => ends.every((e) => distance(e, [points]) < 1.5));
      expect(mine.length, `line ${k}`).toBe(1);
    }
  });

  it('drops specks, and the spurs thinning leaves at sharp tips and bumps', () => {
    // A zigzag of 2 px strokes (thinning leaves a spur at each sharp tip) and a one-pixel speck.
    const zigzag = centerline(
      `${pen('M20 170L60 30L100 170L140 30L180 170', 2)}<rect x="100" y="20" width="1" height="1"/>`,
      200,
    );
    expect(paths(zigzag).length).toBe(1);
    expect(filledLayers(zigzag)).toEqual([]);
    for (const apex of [p(60, 30), p(100, 170), p(140, 30)]) {
      expect(
        distance(
          apex,
          paths(zigzag).map((q) => q.points),
        ),
      ).toBeLessThanOrEqual(1.5);
    }
    // A 6 px line with a bump on its side standing out 3 px.
    const bumpy = centerline(`${pen('M20 100H180', 6)}<circle cx="100" cy="97" r="3"/>`, 200);
    expect(paths(bumpy).length).toBe(1);
  });

  it('a filled disc of radius 30 stays a filled shape', () => {
    const model = centerline('<circle cx="50" cy="50" r="30" fill="#000"/>', 100);
    expect(strokeLayers(model)).toEqual([]);
    const [layer] = filledLayers(model);
    expect(layer.subpaths.length).toBe(1);
    const outline = flattenSubpath(layer.subpaths[0], 0.05);
    for (const q of outline) expect(Math.abs(Math.hypot(q.x - 50, q.y - 50) - 30)).toBeLessThan(1);
  });

  it('a filled area on a line stays filled, and the line runs into it', () => {
    const body = `<circle cx="100" cy="100" r="30" fill="#000"/>${pen('M10 100H190M100 10V190', 3)}`;
    const model = centerline(body, 200);
    expect(filledLayers(model).map((l) => l.subpaths.length)).toEqual([1]);
    expect(paths(model).length).toBe(4);
    for (const { points } of paths(model)) {
      const inner = [points[0], points[points.length - 1]].reduce((a, b) =>
        Math.hypot(a.x - 100, a.y - 100) < Math.hypot(b.x - 100, b.y - 100) ? a : b,
      );
      expect(Math.hypot(inner.x - 100, inner.y - 100)).toBeLessThan(30);
    }
  });

  it('strokes running off the image reach its edge', () => {
    const model = centerline(pen('M0 30H100M30 0V100', 4).replaceAll('round', 'butt'), 100);
    expect(paths(model).length).toBe(2);
    const ends = paths(model).flatMap(({ points }) => [points[0], points[points.length - 1]]);
    for (const edge of [p(0, 30), p(100, 30), p(30, 0), p(30, 100)]) {
      expect(distance(edge, [ends])).toBeLessThanOrEqual(0.5);
    }
  });

  it('measures the stroke width within 25%, and uses a width it is given', () => {
    for (const w of [2, 4, 8, 12]) {
      const model = centerline(pen('M20 40H180M30 80L170 160', w), 200);
      const [layer] = strokeLayers(model);
      expect(Math.abs(layer.stroke! - w) / w, `width ${w}`).toBeLessThanOrEqual(0.25);
    }
    const given = centerline(pen('M20 40H180', 3), 200, { strokeWidth: 7 });
    expect(strokeLayers(given).map((l) => l.stroke)).toEqual([7]);
  });

  it('writes SVG strokes, not fills, and nothing for a blank page', () => {
    const svg = toSvg(centerline(pen('M20 40H180', 4), 200));
    expect(svg).toMatch(/<path fill="none" stroke="#000" stroke-width="4" stroke-linecap="round"/);
    expect(svg).not.toContain('z"');
    expect(centerline('', 50).layers).toEqual([]);
  });
});
