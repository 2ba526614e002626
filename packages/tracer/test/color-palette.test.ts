import { describe, expect, it } from 'vitest';
import { srgbToOklab } from '../src/color/oklab.js';
import { type RasterImage, type TraceSettings, toSvg, trace } from '../src/index.js';
import { rasterOf } from './helpers/raster.js';
import { alphaAt, pixelAt, renderSvg } from './helpers/render.js';

function colorTrace(image: RasterImage, settings: Partial<TraceSettings> = {}) {
  return trace(image, { mode: 'color', ...settings });
}

/** The distinct fill colors of an SVG, paths and background rectangle, as #rrggbb. */
function fills(svg: string): string[] {
  const hex = [...svg.matchAll(/fill="(#[0-9a-f]{3}|#[0-9a-f]{6})"/g)].map((m) =>
    m[1].length === 4 ? `#${[...m[1].slice(1)].map((c) => c + c).join('')}` : m[1],
  );
  return [...new Set(hex)];
}

/** A deterministic pseudo-random sequence in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A page with a red disc, a blue bar and a wooden panel whose grain is two browns mixed pixel by
 * pixel (0.06 apart in OKLab): five colors, two of them only a fine mottle of each other, which
 * color mode joins into one unless asked for more.
 */
function mottledPanel(): RasterImage {
  const size = 96;
  const next = random(7);
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let c = [250, 250, 250];
      if (x >= 8 && x < 56 && y >= 8 && y < 88) c = next() < 0.5 ? [150, 100, 60] : [170, 118, 74];
      if ((x - 72) ** 2 + (y - 48) ** 2 < 15 ** 2) c = [200, 30, 40];
      if (x >= 60 && x < 90 && y >= 70 && y < 90) c = [40, 60, 170];
      data.set([...c, 255], (y * size + x) * 4);
    }
  }
  return { width: size, height: size, data };
}

/** A smooth two-way gradient with grain: a photo's every pixel a color of its own. */
function gradient(size: number): RasterImage {
  const next = random(11);
  const data = new Uint8Array(size * size * 4);
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = x / size;
      const v = y / size;
      const grain = () => (next() - 0.5) * 24;
      data.set(
        [
          clamp(40 + 200 * u + grain()),
          clamp(30 + 180 * v + grain()),
          clamp(200 - 150 * u * v + grain()),
          255,
        ],
        (y * size + x) * 4,
      );
    }
  }
  return { width: size, height: size, data };
}

function oklab(hex: string): Float64Array {
  const n = Number.parseInt(hex.slice(1), 16);
  const out = new Float64Array(3);
  srgbToOklab((n >> 16) & 255, (n >> 8) & 255, n & 255, out);
  return out;
}

/** The palette color nearest (in OKLab) to an sRGB color. */
function nearestOf(palette: string[], [r, g, b]: number[]): string {
  const at = new Float64Array(3);
  srgbToOklab(r, g, b, at);
  const d = (hex: string) => {
    const lab = oklab(hex);
    return (lab[0] - at[0]) ** 2 + (lab[1] - at[1]) ** 2 + (lab[2] - at[2]) ** 2;
  };
  return palette.reduce((best, hex) => (d(hex) < d(best) ? hex : best));
}

describe('colors: N', () => {
  it('gives exactly N fill colors when two of the colors are only a fine mottle of each other', () => {
    const image = mottledPanel();
    for (const n of [3, 4, 5])
      expect(fills(toSvg(colorTrace(image, { colors: n }))), `colors: ${n}`).toHaveLength(n);
  });

  it('gives exactly N fill colors on a grainy gradient, for N from 2 to 32', () => {
    const image = gradient(96);
    for (const n of [2, 4, 8, 16, 32]) {
      expect(fills(toSvg(colorTrace(image, { colors: n }))), `colors: ${n}`).toHaveLength(n);
    }
  });

  it('gives exactly N fill colors past 32 too, up to 128 (8-bit labels with a spare one)', () => {
    const image = gradient(160);
    for (const n of [64, 128]) {
      expect(fills(toSvg(colorTrace(image, { colors: n }))), `colors: ${n}`).toHaveLength(n);
    }
    expect(() => colorTrace(image, { colors: 129 })).toThrow(
      'colors must be a whole number from 2 to 128, or auto',
    );
  });
});

describe('palette', () => {
  // Six flat shapes on white, none of them in the palette.
  const shapes: { hex: string; at: [number, number]; svg: string }[] = [
    { hex: '#f08c28', at: [20, 20], svg: '<rect x="6" y="6" width="28" height="28" fill="#f08c28"/>' },
    { hex: '#50b4e6', at: [64, 20], svg: '<rect x="50" y="6" width="28" height="28" fill="#50b4e6"/>' },
    { hex: '#1e5a28', at: [108, 20], svg: '<rect x="94" y="6" width="28" height="28" fill="#1e5a28"/>' },
    { hex: '#eba0b4', at: [20, 90], svg: '<circle cx="20" cy="90" r="15" fill="#eba0b4"/>' },
    { hex: '#787878', at: [64, 90], svg: '<circle cx="64" cy="90" r="15" fill="#787878"/>' },
    { hex: '#5a1e82', at: [108, 90], svg: '<circle cx="108" cy="90" r="15" fill="#5a1e82"/>' },
  ];
  const image = rasterOf(shapes.map((s) => s.svg).join(''), 128);
  const palette = ['#000000', '#ffffff', '#e02020', '#2040d0', '#ffd000'];

  it('uses only the palette, background included', () => {
    const model = colorTrace(image, { palette });
    const used = fills(toSvg(model));
    expect(used.every((c) => palette.includes(c))).toBe(true);
    expect(model.background && palette.includes(hex(model.background))).toBe(true);
  });

  it('paints every region in the palette color nearest its own (OKLab)', () => {
    const render = renderSvg(toSvg(colorTrace(image, { palette })), 128);
    const rendered = (x: number, y: number) => hex(rgb(pixelAt(render, x, y)));
    for (const { hex: own, at } of shapes) {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(own.slice(i, i + 2), 16));
      expect(rendered(...at), own).toBe(nearestOf(palette, [r, g, b]));
    }
    expect(rendered(64, 60)).toBe('#ffffff');
  });

  it('joins the regions that take the same palette color into one layer', () => {
    const model = colorTrace(image, { palette: ['#000000', '#ffffff'] });
    expect(model.layers.length).toBeLessThanOrEqual(1);
    expect(fills(toSvg(model)).sort()).toEqual(['#000000', '#ffffff']);
  });
});

describe('background: remove', () => {
  // A blue ring (its hole shows the page) and a red square on a white page.
  const body =
    '<circle cx="44" cy="64" r="30" fill="#2050c0"/><circle cx="44" cy="64" r="14" fill="#fff"/><rect x="84" y="44" width="36" height="40" fill="#d03030"/>';
  const image = rasterOf(body, 128);

  it('writes no background rectangle, and leaves the page and the counter of the ring transparent', () => {
    const model = colorTrace(image, { background: 'remove' });
    expect(model.background).toBeUndefined();
    const svg = toSvg(model);
    expect(svg).not.toContain('<rect');
    expect(fills(svg)).not.toContain('#ffffff');
    const render = renderSvg(svg, 128, null);
    expect(alphaAt(render, 4, 4)).toBe(0);
    expect(alphaAt(render, 44, 64)).toBe(0);
    expect(alphaAt(render, 44, 40)).toBe(255);
    expect(alphaAt(render, 100, 64)).toBe(255);
  });

  it('keeps the background by default', () => {
    const svg = toSvg(colorTrace(image));
    expect(svg).toContain('<rect');
    const render = renderSvg(svg, 128, null);
    expect(alphaAt(render, 4, 4)).toBe(255);
  });

  it('removes it from cut-out shapes too', () => {
    const model = colorTrace(image, { background: 'remove', layering: 'cutout' });
    const render = renderSvg(toSvg(model), 128, null);
    expect(alphaAt(render, 4, 4)).toBe(0);
    expect(alphaAt(render, 44, 64)).toBe(0);
    expect(alphaAt(render, 100, 64)).toBe(255);
  });
});

function hex({ r, g, b }: { r: number; g: number; b: number }): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

function rgb([r, g, b]: readonly number[]): { r: number; g: number; b: number } {
  return { r, g, b };
}
