import { describe, expect, it } from 'vitest';
import { describeReading, type RasterImage, toSvg, trace } from '../src/index.js';
import { rasterOf } from './helpers/raster.js';
import { renderSvg } from './helpers/render.js';

const SIZE = 240;
const colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728'];

/** Where the k-th curve of a chart runs at x: a damped sine across the plot. */
function curveY(k: number, x: number): number {
  return 120 + 70 * Math.sin((x + k * 23) / 22) * Math.exp(-k * 0.15) - k * 6;
}

/** A curve of a chart, k-th of four, as SVG path data. */
function curve(k: number): string {
  const points: string[] = [];
  for (let x = 20; x <= SIZE - 10; x += 2) points.push(`${x} ${curveY(k, x).toFixed(2)}`);
  return `M${points.join(' L')}`;
}

/** A chart: a light gray grid, black axes and `count` 1 px anti-aliased colored curves on white. */
function chart(count = colors.length): RasterImage {
  let grid = '';
  for (let v = 40; v < SIZE; v += 40)
    grid += `<path d="M${v + 0.5} 10 V220 M20 ${v + 0.5} H230" stroke="#ddd"/>`;
  const curves = colors
    .slice(0, count)
    .map((c, k) => `<path d="${curve(k)}" stroke="${c}" fill="none"/>`)
    .join('');
  return rasterOf(`${grid}<path d="M20.5 10 V220.5 H230" stroke="#000" fill="none"/>${curves}`, SIZE);
}

/**
 * The share of a curve's pixels (where the curve alone covers a pixel at least half, and the
 * chart shows it there: no later curve crosses it) that the result draws in the curve's color,
 * at least as strongly as the chart does (within 40 in RGB distance), at the pixel or beside it:
 * a line half a pixel off is drawn.
 */
function drawn(chart: RasterImage, result: Uint8Array, k: number): number {
  const alone = renderSvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><path d="${curve(k)}" stroke="#000" fill="none"/></svg>`,
    SIZE,
  ).data;
  const hex = colors[k];
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const from = (data: Uint8Array | Uint8ClampedArray, o: number) =>
    Math.hypot(data[o] - rgb[0], data[o + 1] - rgb[1], data[o + 2] - rgb[2]);
  let on = 0;
  let kept = 0;
  for (let y = 1; y < SIZE - 1; y++) {
    for (let x = 1; x < SIZE - 1; x++) {
      const p = (y * SIZE + x) * 4;
      const shown = from(chart.data, p);
      if (alone[p] > 127 || shown > 128) continue;
      on++;
      let nearest = Number.POSITIVE_INFINITY;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++)
          nearest = Math.min(nearest, from(result, ((y + dy) * SIZE + x + dx) * 4));
      }
      if (nearest <= shown + 40) kept++;
    }
  }
  return kept / on;
}

describe('thin lines', () => {
  it('draws every 1 px anti-aliased curve of a chart whole, in its color', () => {
    const picture = chart();
    const model = trace(picture);
    const result = renderSvg(toSvg(model), SIZE).data;
    const shares = colors.map((_, k) => drawn(picture, result, k));
    // Before thin lines were kept: 0.78, 0.17 (the orange curve, 0.3 from white in OKLab), 0.58, 0.61;
    // painted in their pixels' mean, paler than the curves: 0.95, 0.92, 0.86, 0.83.
    const said = shares.map((s) => s.toFixed(3)).join(' ');
    for (const share of shares) expect(share, said).toBeGreaterThanOrEqual(0.92);
    expect(shares.reduce((a, b) => a + b) / shares.length, said).toBeGreaterThanOrEqual(0.95);
  });

  it("paints each curve of a chart in the curve's color, not in its blends with the paper", () => {
    const painted = trace(chart()).layers.map(({ color }) => color);
    for (const hex of colors) {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      const nearest = Math.min(...painted.map((c) => Math.hypot(c.r - r, c.g - g, c.b - b)));
      // 29-37 levels off, all paler, in the mean of the pixels they cross.
      expect(nearest, hex).toBeLessThanOrEqual(12);
    }
  });

  it("keeps a chart's 1 px black axes black over the curves' layers painted under them", () => {
    // On the pixel grid the axes' 1 px strips were fitted as slivers, the blue beneath showing:
    // 43 % of them black with four curves, 75 % with one.
    expect(blackAxes(chart())).toBeGreaterThanOrEqual(0.85);
    expect(blackAxes(chart(1))).toBeGreaterThanOrEqual(0.95);
  });

  it('draws a curve on between two crossings a few pixels apart', () => {
    // The red curve passes under the green one at a shallow angle near x = 48 and meets the
    // orange one near x = 57: the 4 px between, cut off by the mixed pixels of both crossings,
    // were taken for a speckle and the curve broke there.
    const picture = chart();
    const result = renderSvg(toSvg(trace(picture)), SIZE).data;
    const fromRed = (data: Uint8Array | Uint8ClampedArray, x: number) => {
      const y = Math.round(curveY(3, x));
      let nearest = Number.POSITIVE_INFINITY;
      for (let dy = -2; dy <= 2; dy++) {
        const o = ((y + dy) * SIZE + x) * 4;
        nearest = Math.min(nearest, Math.hypot(data[o] - 214, data[o + 1] - 39, data[o + 2] - 40));
      }
      return nearest;
    };
    for (let x = 50; x <= 53; x++)
      expect(fromRed(result, x), `x ${x}`).toBeLessThan(fromRed(picture.data, x) + 60);
  });

  it('draws a short 1 px colored line crossing others in its color along its whole length', () => {
    // Under 200 thin pixels it was fitted on the pixel grid, half as wide: 20 columns pale.
    expect(faintColumns()).toBe(0);
  });

  it("draws a clipart's 1 px gray fold lines on its light gray fill whole, in color", () => {
    // The fill is painted over the black outline's layer: the lines, black's too, showed only
    // through holes in it, each piece of the staircase a speck; they came out dashed, or not at all.
    const lines = 'M40 30 L60 60 C80 90 120 90 110 130 M30 130 L130 100';
    const body = (stroke: string, fill: string, frame: string) =>
      `<rect x="10" y="10" width="140" height="140" fill="${fill}" stroke="${frame}" stroke-width="4"/><path d="${lines}" fill="none" stroke="${stroke}"/>`;
    const picture = rasterOf(body('#666', '#e2e2e2', '#000'), 160);
    const model = trace(picture, { mode: 'color' });
    const result = renderSvg(toSvg(model), 160).data;
    // Black paints the frame beneath the fill and the lines above it: one color, two layers.
    expect(model.layers).toHaveLength(3);
    expect(describeReading(model)).toBe('Read as a color image, 2 colors');
    const alone = rasterOf(body('#000', '#fff', '#fff'), 160).data;
    let on = 0;
    let kept = 0;
    for (let y = 20; y < 140; y++) {
      for (let x = 20; x < 140; x++) {
        if (alone[(y * 160 + x) * 4] > 127) continue;
        on++;
        let darkest = 255;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) darkest = Math.min(darkest, result[((y + dy) * 160 + x + dx) * 4]);
        if (darkest <= picture.data[(y * 160 + x) * 4] + 20) kept++;
      }
    }
    // 0 before; the near-vertical end below the crossing, in pieces as large as a region may be,
    // still shows through a hole in the fill, and breaks.
    expect(kept / on).toBeGreaterThanOrEqual(0.9);
  });
  it("draws a dotted line's 1 px dots, 2 px apart, on clean art", () => {
    // A help picture's dotted frame around gray panes: each dot was a speckle and went (3 % of
    // the picture lost).
    const size = 120;
    const data = new Uint8ClampedArray(size * size * 4).fill(255);
    const paint = (x: number, y: number, v: number) =>
      data.fill(v, (y * size + x) * 4, (y * size + x) * 4 + 3);
    for (let y = 40; y < 80; y++) for (let x = 40; x < 80; x++) paint(x, y, 192);
    for (let y = 104; y < 114; y++) for (let x = 50; x < 60; x++) paint(x, y, 0);
    const dots: number[] = [];
    for (let k = 20; k <= 100; k += 2)
      dots.push(k * size + 20, k * size + 100, 20 * size + k, 100 * size + k);
    for (const p of dots) paint(p % size, Math.floor(p / size), 0);
    const result = renderSvg(toSvg(trace({ width: size, height: size, data }, { mode: 'color' })), size).data;
    // Each dot its pixel's square, black: fitted with curves, it was a rounded diamond inside the
    // pixel, a quarter covered (191 of 255).
    const drawn = dots.filter((p) => result[p * 4] < 64).length;
    expect(drawn / dots.length).toBeGreaterThanOrEqual(0.9);
  });
});

/**
 * A short 1 px red line (110 px at a slope of 1/2) crossing two pairs of green ones: how many of
 * its columns the default result draws fainter than the picture (further from its red by more
 * than 60, the nearest of the three pixels across it).
 */
function faintColumns(): number {
  const size = 120;
  let greens = '';
  for (const x of [30, 70])
    greens += `<path d="M${x} 5 L${x + 12} 115 M${x + 4} 5 L${x + 16} 115" stroke="#2ca02c" fill="none"/>`;
  const picture = rasterOf(`${greens}<path d="M5 20 L115 75" stroke="#d62728" fill="none"/>`, size);
  const result = renderSvg(toSvg(trace(picture)), size).data;
  const fromRed = (data: Uint8Array | Uint8ClampedArray, x: number, y: number) => {
    let nearest = Number.POSITIVE_INFINITY;
    for (let dy = -1; dy <= 1; dy++) {
      const o = ((y + dy) * size + x) * 4;
      nearest = Math.min(nearest, Math.hypot(data[o] - 214, data[o + 1] - 39, data[o + 2] - 40));
    }
    return nearest;
  };
  let faint = 0;
  for (let x = 8; x < 112; x++) {
    const y = Math.round(20 + (x - 5) / 2);
    if (fromRed(result, x, y) > fromRed(picture.data, x, y) + 60) faint++;
  }
  return faint;
}

/** The share of a chart's axes (column 20 down the plot, row 220 along it) the default result draws black. */
function blackAxes(picture: RasterImage): number {
  const result = renderSvg(toSvg(trace(picture)), SIZE).data;
  const axis = [
    ...Array.from({ length: 207 }, (_, k) => (12 + k) * SIZE + 20),
    ...Array.from({ length: 207 }, (_, k) => 220 * SIZE + 22 + k),
  ];
  return (
    axis.filter((p) => Math.max(result[p * 4], result[p * 4 + 1], result[p * 4 + 2]) < 80).length /
    axis.length
  );
}
