import { describe, expect, it } from 'vitest';
import { costWeight, pixelBudget, withinCost } from '../src/cost.js';
import {
  defaultSettings,
  estimateEdgePixels,
  MAX_EDGE_PIXELS,
  type RasterImage,
  trace,
} from '../src/index.js';
import { rasterOf } from './helpers/raster.js';

/** A gray image drawn pixel by pixel. */
function gray(width: number, height: number, value: (x: number, y: number) => number): RasterImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = value(x, y);
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

const checkerboard = (side: number, cell = 1) =>
  gray(side, side, (x, y) => ((Math.floor(x / cell) + Math.floor(y / cell)) % 2 ? 255 : 0));

function noise(side: number): RasterImage {
  let seed = 7;
  return gray(side, side, () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >> 16) & 255;
  });
}

describe('the cost estimate (check 42)', () => {
  it('counts edge pixels: every pixel of a one-pixel checkerboard, few of a logo, none of a flat image', () => {
    expect(estimateEdgePixels(checkerboard(1000))).toBeGreaterThan(0.95 * 1000 * 1000);
    const logo = estimateEdgePixels(rasterOf('<circle cx="256" cy="256" r="180"/>', 512));
    expect(logo).toBeGreaterThan(0);
    expect(logo).toBeLessThan(0.02 * 512 * 512);
    expect(estimateEdgePixels(gray(800, 600, () => 200))).toBe(0);
  });

  // How long it takes is the benchmark's to say (npm run bench:budget), not a test's.
  it('a 7000 x 7000 one-pixel checkerboard (49 megapixels) is traced smaller, and says so', () => {
    const model = trace(checkerboard(7000));
    expect(model.reducedBy).toBeGreaterThanOrEqual(2);
    expect([model.width, model.height]).toEqual([7000, 7000]);
  });

  it('a photo of noise is traced at a size within the budget; a logo is traced at its own size', () => {
    const noisy = trace(noise(2400));
    expect(noisy.reducedBy).toBeGreaterThanOrEqual(2);
    expect(estimateEdgePixels(noise(2400))).toBeGreaterThan(MAX_EDGE_PIXELS);
    const logo = trace(rasterOf('<rect x="100" y="100" width="800" height="500"/>', 1024));
    expect(logo.reducedBy).toBeUndefined();
  });

  it('weighs the estimate by the settings: noise at 900 px in black and white at its own size, smaller in 32 colors, with true shapes or in pixel mode', () => {
    const image = noise(900);
    const factorWith = (mode: 'bw' | 'color' | 'centerline' | 'pixel', settings = {}) =>
      withinCost(image, costWeight(mode, { ...defaultSettings, ...settings })).factor;
    expect(factorWith('bw')).toBe(1);
    expect(factorWith('color')).toBe(1);
    expect(factorWith('color', { colors: 8 })).toBe(1);
    expect(factorWith('color', { colors: 32 })).toBeGreaterThanOrEqual(2);
    expect(factorWith('color', { palette: Array(32).fill('#000000') })).toBeGreaterThanOrEqual(2);
    expect(factorWith('bw', { shapes: true })).toBeGreaterThanOrEqual(2);
    expect(factorWith('pixel')).toBeGreaterThanOrEqual(2);
  });
});

describe('many colors: a trace past 32 colors takes on fewer pixels', () => {
  // A smooth picture has few edges, yet past 32 colors its time grows with its pixels.
  const smooth = gray(1200, 1000, (x, y) => Math.round((x + y) / 10));

  it('halves a large picture asked for more than 32 colors, and only then', () => {
    expect(
      withinCost(
        smooth,
        costWeight('color', { ...defaultSettings, colors: 32 }),
        pixelBudget('color', { colors: 32 }),
      ).factor,
    ).toBe(1);
    expect(pixelBudget('bw', { colors: 64 })).toBe(Number.POSITIVE_INFINITY);
    expect(pixelBudget('color', { colors: 'auto' })).toBe(Number.POSITIVE_INFINITY);
    const many = withinCost(smooth, 1, pixelBudget('color', { colors: 64 }));
    expect(many.factor).toBe(2);
    expect(many.image.width * many.image.height).toBeLessThanOrEqual(pixelBudget('color', { colors: 64 }));
    const larger = gray(1600, 1200, (x, y) => Math.round((x + y) / 12));
    expect(withinCost(larger, 1, pixelBudget('color', { colors: 64 })).factor).toBe(2);
    expect(withinCost(larger, 1, pixelBudget('color', { colors: 128 })).factor).toBe(4);
  });

  it('traces such a picture smaller, drawn at its own size', () => {
    const model = trace(smooth, { mode: 'color', colors: 48 });
    expect(model.reducedBy).toBe(2);
    expect(model.width).toBe(1200);
  });
});
