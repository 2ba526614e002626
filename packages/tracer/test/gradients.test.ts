import { describe, expect, it } from 'vitest';
import { traceColor } from '../src/color/trace-color.js';
import { toEps } from '../src/export/eps.js';
import { toPdf } from '../src/export/pdf.js';
import { toSvg } from '../src/export/svg.js';
import { scaleLayers } from '../src/geometry/scale.js';
import type { RasterImage, VectorImage } from '../src/model.js';
import { toParams } from '../src/params.js';
import { defaultSettings } from '../src/settings/index.js';
import { rasterizeEps, rasterizePdf } from './helpers/rasterize.js';
import { type Pixels, renderSvg } from './helpers/render.js';

type Rgba = [number, number, number, number];

function picture(width: number, height: number, at: (x: number, y: number) => Rgba): RasterImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(at(x, y), (y * width + x) * 4);
  return { width, height, data };
}

const W = 200;
const H = 160;
const white: Rgba = [255, 255, 255, 255];
const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** A rectangle shaded from blue to orange along a line at about 29° to the rows, on white. */
const linear = picture(W, H, (x, y) => {
  if (x < 20 || x >= 180 || y < 20 || y >= 140) return white;
  const t = Math.min(1, Math.max(0, ((x - 20) * Math.cos(0.5) + (y - 20) * Math.sin(0.5)) / 200));
  return [mix(30, 250, t), mix(60, 180, t), mix(200, 20, t), 255];
});

/** A disc on transparency, lit from a highlight up and left of its centre. */
const radial = picture(W, H, (x, y) => {
  if (Math.hypot(x + 0.5 - 100, y + 0.5 - 80) > 70) return [0, 0, 0, 0];
  const t = Math.min(1, Math.hypot(x - 80, y - 60) / 100);
  return [mix(255, 55, t), mix(240, 40, t), mix(200, 50, t), 255];
});

/** A glossy icon: a blue square shaded top to bottom, a highlight at the top, a flat white glyph. */
const glossy = picture(W, H, (x, y) => {
  if (x < 30 || x >= 170 || y < 10 || y >= 150) return white;
  if (Math.hypot(x - 100, y - 85) < 30 && Math.abs(x - 100) < 12) return white;
  const t = (y - 10) / 140;
  const gloss = 0.6 * Math.max(0, 1 - Math.hypot(x - 100, (y - 20) * 2) / 90);
  return [mix(40 + 20 * t, 255, gloss), mix(120 - 60 * t, 255, gloss), mix(230 - 80 * t, 255, gloss), 255];
});

/** A flat logo: a red disc and a blue square on off-white. */
const flat = picture(W, H, (x, y) => {
  if (Math.hypot(x - 70, y - 80) < 40) return [220, 30, 40, 255];
  if (x > 110 && x < 180 && y > 40 && y < 120) return [20, 90, 200, 255];
  return [250, 250, 250, 255];
});

function traced(image: RasterImage, gradients: boolean): VectorImage {
  const params = { ...toParams(defaultSettings, 'color', image), gradients };
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

  it('gives a glossy icon at most a third of the flat shapes, at no more than their MAE + 0.5', () => {
    const shaded = traced(glossy, true);
    const bands = traced(glossy, false);
    expect(shapes(shaded)).toBeLessThanOrEqual(shapes(bands) / 3);
    const error = (model: VectorImage) => mae(glossy, renderSvg(toSvg(model), W));
    expect(error(shaded)).toBeLessThanOrEqual(error(bands) + 0.5);
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
