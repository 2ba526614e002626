import type { ILwpolylineEntity } from 'dxf-parser';
import { describe, expect, it } from 'vitest';
import { findGradients } from '../src/color/gradients.js';
import { findRegions } from '../src/color/regions.js';
import { findRuns } from '../src/color/runs.js';
import { traceColor } from '../src/color/trace-color.js';
import { toDxf } from '../src/export/dxf.js';
import { toEps } from '../src/export/eps.js';
import { toPdf } from '../src/export/pdf.js';
import { readSvg } from '../src/export/read-svg.js';
import { toSvg } from '../src/export/svg.js';
import { scaleLayers } from '../src/geometry/scale.js';
import { type Gradient, gradientMean, type RasterImage, type VectorImage } from '../src/model.js';
import { toParams } from '../src/params.js';
import { describeReading } from '../src/reading.js';
import { defaultSettings } from '../src/settings/index.js';
import { trace } from '../src/trace.js';
import { parseDxf } from './helpers/dxf.js';
import { rasterizeEps, rasterizePdf } from './helpers/rasterize.js';
import { type Pixels, renderSvg } from './helpers/render.js';
import { dots, flat, glossy, linear, radial, W } from './helpers/shading.js';

function traced(image: RasterImage, gradients: boolean): VectorImage {
  const params = {
    ...toParams(defaultSettings, 'color', image),
    gradients: gradients ? 'on' : 'off',
  } as const;
  const { background, layers } = traceColor(image, params, {});
  return { width: image.width, height: image.height, background, layers, vectorCount: 0, timings: {} };
}

const shapes = (model: VectorImage) => model.layers.reduce((sum, layer) => sum + layer.subpaths.length, 0);

/** Mean absolute difference per channel from the image composited on white, over its opaque pixels (all, by default). */
function mae(image: RasterImage, raster: Pixels, opaqueOnly = false): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    const alpha = image.data[i * 4 + 3] / 255;
    if (opaqueOnly && alpha < 1) continue;
    for (let c = 0; c < 3; c++) {
      sum += Math.abs(
        image.data[i * 4 + c] * alpha + 255 * (1 - alpha) - raster.data[i * raster.channels + c],
      );
      count++;
    }
  }
  return sum / count;
}

/** Mean absolute difference per channel between two rasters of one size. */
function difference(a: Pixels, b: Pixels): number {
  let sum = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i * a.channels + c] - b.data[i * b.channels + c]);
  }
  return sum / (3 * a.width * a.height);
}

describe('gradients in color mode', () => {
  it('traces a rectangle shaded at an angle as one shape with a linear gradient, MAE <= 2.5 at 1x', () => {
    const model = traced(linear, true);
    expect(shapes(model)).toBeLessThanOrEqual(3);
    const svg = toSvg(model);
    expect(svg).toContain('<linearGradient');
    expect(svg).toMatch(/fill="url\(#shade-1\)"/);
    expect(mae(linear, renderSvg(svg, W))).toBeLessThanOrEqual(2.5);
    // The flat trace has bands, and a larger error.
    const bands = traced(linear, false);
    expect(shapes(bands)).toBeGreaterThan(3);
    expect(mae(linear, renderSvg(toSvg(bands), W))).toBeGreaterThan(2.5);
  });

  it('traces a disc lit off its centre with a radial gradient, MAE <= 3 on its opaque pixels, its transparency kept', () => {
    const model = traced(radial, true);
    const svg = toSvg(model);
    expect(svg).toContain('<radialGradient');
    expect(mae(radial, renderSvg(svg, W), true)).toBeLessThanOrEqual(3);
    const clear = renderSvg(svg, W, null);
    for (const [x, y] of [
      [2, 2],
      [197, 157],
      [100, 5],
    ]) {
      expect(clear.data[(y * W + x) * 4 + 3]).toBe(0);
    }
  });

  it('gives a glossy icon a gradient for its body and one for its highlight, its glyph flat: 3 shapes of 7, and half the error', () => {
    const shaded = traced(glossy, true);
    const bands = traced(glossy, false);
    expect(shaded.layers.map((layer) => layer.gradient?.kind ?? 'flat')).toEqual([
      'linear',
      'radial',
      'flat',
    ]);
    expect(shapes(shaded)).toBe(3);
    expect(shapes(bands)).toBe(7);
    const error = (model: VectorImage) => mae(glossy, renderSvg(toSvg(model), W));
    expect(error(shaded)).toBeLessThanOrEqual(error(bands) / 2);
  });

  it('keeps a faint line across shading as a shape of its own, as a vessel across a lit retina', () => {
    // A line darker by up to 30 levels, its edges as soft as the shading's own steps.
    const lined = { ...linear, data: Uint8Array.from(linear.data) };
    const dark = (y: number) => 30 * Math.max(0, 1 - Math.abs(y - 80) / 10);
    for (let y = 70; y <= 90; y++) {
      for (let x = 30; x < 170; x++) {
        const i = (y * W + x) * 4;
        for (let c = 0; c < 3; c++) lined.data[i + c] = Math.round(linear.data[i + c] - dark(y));
      }
    }
    const model = traced(lined, true);
    expect(model.layers.some((layer) => layer.gradient)).toBe(true);
    // Drawn over the gradient, the line is darker there than the shading just beside it.
    const drawn = renderSvg(toSvg(model), W);
    const sum = (x: number, y: number) =>
      [0, 1, 2].reduce((s, c) => s + drawn.data[(y * W + x) * drawn.channels + c], 0);
    for (const x of [50, 100, 150]) expect(sum(x, 95) - sum(x, 80)).toBeGreaterThan(40);
  });

  it('finds no shading in bands a pixel tall between dark rows (scanlines), as it does in bands 8 px tall', () => {
    // Painted first, under the dark rows, such shading shows only through their holes, which close
    // up a pixel tall: a web page's scanline backdrop came out solid black.
    const scanlines = (tall: number) => {
      const [w, h, bands] = [160, 96, 8];
      const color = new Uint32Array(w * h);
      const labels = new Uint8Array(w * h);
      const labelRgb = new Float64Array((bands + 1) * 3);
      const shade = (t: number) => [30 + 220 * t, 60 + 190 * t, 200 + 50 * t].map(Math.round);
      for (let l = 0; l < bands; l++) labelRgb.set(shade((l + 0.5) / bands), l * 3);
      for (let p = 0; p < w * h; p++) {
        const [x, y] = [p % w, Math.floor(p / w)];
        // Every other stripe dark, but for a pixel in every band that keeps each band one region.
        const dark = Math.floor(y / tall) % 2 === 1 && x % 20 !== 10;
        const [r, g, b] = dark ? [0, 0, 0] : shade(x / (w - 1));
        color[p] = (r << 16) | (g << 8) | b;
        labels[p] = dark ? bands : Math.min(bands - 1, Math.floor((x / (w - 1)) * bands));
      }
      const map = findRegions(findRuns(labels, w, h));
      const shading = findGradients({ color, labels, map, labelRgb, fixed: (l) => l === bands });
      return shading?.gradients.filter(Boolean).length ?? 0;
    };
    expect(scanlines(8)).toBe(1);
    expect(scanlines(1)).toBe(0);
  });

  it('leaves a flat logo as it is: no gradient, the same shapes', () => {
    const shaded = traced(flat, true);
    expect(shaded.layers.some((layer) => layer.gradient)).toBe(false);
    expect(shaded).toEqual(traced(flat, false));
  });

  it('writes the shading into the PDF and the EPS, which render as the SVG does (MAE <= 3)', () => {
    for (const image of [linear, radial]) {
      const model = traced(image, true);
      const svg = renderSvg(toSvg(model), W);
      const pdf = rasterizePdf(toPdf(model), 72);
      expect(pdf.messages).toBe('');
      expect(difference(svg, pdf)).toBeLessThanOrEqual(3);
      const eps = toEps(model);
      expect(eps).toContain('%%LanguageLevel: 3');
      const ghostscript = rasterizeEps(eps, 72);
      expect(ghostscript.messages).toBe('');
      expect(difference(svg, ghostscript)).toBeLessThanOrEqual(3);
    }
  });

  it('reads its gradients back from the SVG, which writes again the same, its shapes in their mean color', () => {
    for (const image of [linear, radial]) {
      const svg = toSvg(traced(image, true));
      const read = readSvg(svg);
      expect(toSvg(read)).toBe(svg);
      const [layer] = read.layers.filter((l) => l.gradient);
      expect(layer.color).toEqual(gradientMean(layer.gradient as Gradient));
    }
  });

  it("writes the DXF with closed outlines in the shape's mean color", () => {
    const model = traced(linear, true);
    const dxf = parseDxf(toDxf(model));
    const [layer] = model.layers;
    const hex = [layer.color.r, layer.color.g, layer.color.b]
      .map((v) => v.toString(16).padStart(2, '0'))
      .join('');
    expect(dxf.entities.map((e) => [e.type, e.layer, (e as ILwpolylineEntity).shape])).toEqual([
      ['LWPOLYLINE', hex.toUpperCase(), true],
    ]);
  });

  it('is the setting gradients in color mode, and the reading counts the gradients', () => {
    const model = trace(linear, { mode: 'color', gradients: true });
    expect(model.layers.filter((layer) => layer.gradient)).toHaveLength(1);
    expect(describeReading(model)).toBe('Read as a color image, 1 gradient');
    expect(trace(linear, { mode: 'color' }).layers.some((layer) => layer.gradient)).toBe(false);
  });

  it('is used by the automatic mode by itself where it makes the result smaller, and the reading says so', () => {
    for (const image of [linear, radial, glossy]) {
      const auto = trace(image);
      const bands = trace(image, { mode: 'color' });
      expect(auto.layers.some((layer) => layer.gradient)).toBe(true);
      expect(shapes(auto)).toBeLessThan(shapes(bands));
      expect(describeReading(auto)).toMatch(/^Read as a color image, .*\d gradients?$/);
    }
    expect(trace(flat).layers).toEqual(trace(flat, { mode: 'color' }).layers);
  });

  it('keeps flat, in the automatic mode, art where shading would merge few of its shapes; the setting still shades it', () => {
    const auto = trace(dots);
    expect(auto.layers.some((layer) => layer.gradient)).toBe(false);
    expect(auto.layers).toEqual(trace(dots, { mode: 'color' }).layers);
    expect(trace(dots, { gradients: true }).layers.some((layer) => layer.gradient)).toBe(true);
  });

  it('scales a gradient with its shape', () => {
    const model = traced(linear, true);
    const [layer] = scaleLayers(model.layers, 2);
    const [before] = model.layers;
    if (layer.gradient?.kind !== 'linear' || before.gradient?.kind !== 'linear')
      throw new Error('no linear gradient');
    expect(layer.gradient.x2).toBeCloseTo(before.gradient.x2 * 2);
    expect(layer.gradient.y1).toBeCloseTo(before.gradient.y1 * 2);
  });
});
